import type { DerivedAccount } from "@privnet/core";
import { deriveAccounts, privnet, SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "@privnet/core";
import { firstIndexes } from "@privnet/core/internal";
import { inject } from "vitest";
import { createDevnetFaults } from "../faults/createDevnetFaults.js";
import type { PooledDevnet } from "../testing/devnetPool.js";
import { rpcOf } from "../testing/takeSnapshot.js";
import type { WorkerDevnet } from "../testing/WorkerDevnet.js";

declare module "vitest" {
  export interface ProvidedContext {
    privnetDevnets: PooledDevnet[];
  }
}

export type { WorkerDevnet };

let cachedAccounts: DerivedAccount[] | undefined;

/**
 * The devnet the global setup's pool gave this Vitest worker. `onReset` runs before each
 * `reset()`: snapshots taken before it belong to a chain that is gone.
 */
export function workerDevnet(onReset: () => void, onRestart: () => void = () => undefined): WorkerDevnet {
  const devnets = inject("privnetDevnets");
  if (!devnets?.length) {
    throw new Error(
      "No privnet devnets were provided: add the @privnet/devnet/vitest global setup to the Vitest config.",
    );
  }
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  const pooled = devnets[(poolId - 1) % devnets.length] as PooledDevnet;
  const rpc = rpcOf({ rpcUrl: pooled.rpcUrl });
  const faults = createDevnetFaults({
    url: pooled.faultsUrl ?? pooled.rpcUrl,
    relay: pooled.faultsUrl !== undefined,
    onRestart,
  });
  return {
    faults,
    rpcUrl: pooled.rpcUrl,
    wsUrl: pooled.wsUrl,
    chain: {
      ...privnet,
      // What the devnet runs at (0: a block per transaction), so that viem's clients made from it
      // poll and cache to match: with 0 they cache nothing.
      blockTime: (pooled.blockTime ?? 0) * 1000,
      rpcUrls: { default: { http: [pooled.rpcUrl], webSocket: [pooled.wsUrl] } },
    },
    get accounts() {
      cachedAccounts ??= deriveAccounts(SYSTEM_MNEMONIC, firstIndexes(SYSTEM_ACCOUNT_COUNT));
      return cachedAccounts;
    },
    request: (method, params) => rpc(method, params),
    async reset() {
      onReset();
      // A stall, a refused port or a fee spike of the test before ends here.
      await faults.recover().catch(() => undefined);
      await rpc("anvil_reset");
      // A fresh genesis, and a pool with nothing of the chain that is gone.
      await rpc("anvil_dropAllTransactions");
      await rpc("evm_setIntervalMining", [0]);
      await rpc("evm_setAutomine", [true]);
    },
  };
}
