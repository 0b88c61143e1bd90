import type { ChainFaults, DerivedAccount } from "@privnet/core";
import type { Chain } from "viem";

/** A Vitest worker's devnet, from the global setup's pool. */
export type WorkerDevnet = {
  rpcUrl: string;
  wsUrl: string;
  chain: Chain;
  /** The 21 prefunded accounts. */
  accounts: readonly DerivedAccount[];
  /** Sends a raw JSON-RPC request to the worker's devnet. */
  request<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Resets the chain to a fresh genesis (new genesis hash), automining; ends any timed fault. */
  reset(): Promise<void>;
  /**
   * Faults on demand on the worker's devnet, as `startDevnet()`'s `devnet.faults`. After a
   * `restart`, the snapshot taken before the test is gone: the test's chain is reset to genesis
   * after it instead of reverted.
   *
   * @example
   * await devnet.faults.reorg({ depth: 3 });
   */
  faults: ChainFaults;
};
