/**
 * Vitest integration: one devnet per worker, reset between test files, snapshot/revert between
 * tests.
 *
 * ```ts
 * // test/globalSetup.ts
 * export { setup } from "@privnet/devnet/vitest";
 * // vitest.config.ts
 * export default defineConfig({ test: { globalSetup: ["./test/globalSetup.ts"] } });
 *
 * // some.test.ts
 * const devnet = useDevnet();
 * test("…", async () => { const client = createPublicClient({ transport: http(devnet.rpcUrl) }); });
 * ```
 */
import type { DerivedAccount } from "@privnet/core";
import { deriveAccounts, privnet, SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "@privnet/core";
import { firstIndexes } from "@privnet/core/internal";
import type { Chain } from "viem";
import { afterEach, beforeAll, beforeEach, inject } from "vitest";
import type { TestProject } from "vitest/node";
import { acquireDevnetPool, type DevnetPoolOptions, type PooledDevnet } from "../testing/devnetPool.js";

declare module "vitest" {
  export interface ProvidedContext {
    privnetDevnets: PooledDevnet[];
  }
}

/**
 * A Vitest global setup that starts the worker devnets (automine, free ports) and stops them when
 * the run ends.
 */
export function createDevnetGlobalSetup(options: DevnetPoolOptions = {}) {
  return async function setup(project: TestProject) {
    const size = options.size ?? project.vitest.config.maxWorkers;
    const pool = await acquireDevnetPool({ ...options, ...(size ? { size } : {}) });
    project.provide("privnetDevnets", pool.devnets);
    return pool.release;
  };
}

/** The default global setup: `export { setup } from "@privnet/devnet/vitest"`. */
export const setup = createDevnetGlobalSetup();

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

export type UseDevnetOptions = {
  /**
   * Snapshot the chain before each test and revert after it, so every test starts from the same
   * state. Default: true. Turn off for files whose tests build on each other on purpose.
   */
  isolateTests?: boolean;
};

let cachedAccounts: DerivedAccount[] | undefined;

/**
 * The devnet of the current Vitest worker. Call at the top of a test file: it resets the chain
 * before the file's tests and (by default) snapshots/reverts around each test.
 */
export function useDevnet(options: UseDevnetOptions = {}): WorkerDevnet {
  let snapshot: string | undefined;
  // A reset inside a test discards the chain its snapshot belongs to.
  const devnet = workerDevnet(() => {
    snapshot = undefined;
  });
  beforeAll(() => devnet.reset());
  if (options.isolateTests ?? true) {
    beforeEach(async () => {
      snapshot = await devnet.request<string>("evm_snapshot");
    });
    afterEach(async () => {
      if (snapshot === undefined) return;
      const reverted = await devnet.request<boolean>("evm_revert", [snapshot]);
      snapshot = undefined;
      if (!reverted) throw new Error("evm_revert failed: the devnet is not where this test left it");
    });
  }
  return devnet;
}

function workerDevnet(onReset: () => void): WorkerDevnet {
  const devnets = inject("privnetDevnets");
  if (!devnets?.length) {
    throw new Error(
      "No privnet devnets were provided: add the @privnet/devnet/vitest global setup to the Vitest config.",
    );
  }
  const poolId = Number(process.env.VITEST_POOL_ID ?? "1");
  const pooled = devnets[(poolId - 1) % devnets.length] as PooledDevnet;
  let id = 0;
  const request = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(pooled.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
  return {
    rpcUrl: pooled.rpcUrl,
    wsUrl: pooled.wsUrl,
    chain: { ...privnet, rpcUrls: { default: { http: [pooled.rpcUrl], webSocket: [pooled.wsUrl] } } },
    get accounts() {
      cachedAccounts ??= deriveAccounts(SYSTEM_MNEMONIC, firstIndexes(SYSTEM_ACCOUNT_COUNT));
      return cachedAccounts;
    },
    request,
    async reset() {
      onReset();
      await request("anvil_reset");
      await request("evm_setIntervalMining", [0]);
      await request("evm_setAutomine", [true]);
    },
  };
}
