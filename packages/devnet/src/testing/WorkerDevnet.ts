import type { DerivedAccount } from "@privnet/core";
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
  /** Resets the chain to a fresh genesis (new genesis hash), automining. */
  reset(): Promise<void>;
};
