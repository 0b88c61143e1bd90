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
import { afterEach, beforeAll, beforeEach } from "vitest";
import type { TestProject } from "vitest/node";
import { acquireDevnetPool, type DevnetPoolOptions } from "../testing/devnetPool.js";
import { revertChain } from "../testing/takeSnapshot.js";
import { type WorkerDevnet, workerDevnet } from "../vitest/workerDevnet.js";

export type { DevnetTestClient } from "../testing/createDevnetTestClient.js";
export type { DevnetPoolOptions } from "../testing/devnetPool.js";
export { type FixtureContext, loadFixture } from "../testing/loadFixture.js";
export {
  createPrivnetTest,
  it,
  type PrivnetTest,
  type PrivnetTestOptions,
  test,
} from "../vitest/privnetTest.js";
export type { WorkerDevnet };

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

export type UseDevnetOptions = {
  /**
   * Snapshot the chain before each test and revert after it, so every test starts from the same
   * state. Default: true. Turn off for files whose tests build on each other on purpose.
   */
  isolateTests?: boolean;
};

/**
 * The devnet of the current Vitest worker. Call at the top of a test file: it resets the chain
 * before the file's tests and (by default) snapshots/reverts around each test.
 */
export function useDevnet(options: UseDevnetOptions = {}): WorkerDevnet {
  let snapshot: string | undefined;
  let restarted = false;
  // A reset inside a test discards the chain its snapshot belongs to; a restart of anvil
  // (`faults.restart`) discards every snapshot: the chain then goes back to genesis.
  const devnet = workerDevnet(
    () => {
      snapshot = undefined;
    },
    () => {
      restarted = snapshot !== undefined;
    },
  );
  beforeAll(() => devnet.reset());
  if (options.isolateTests ?? true) {
    beforeEach(async () => {
      snapshot = await devnet.request<string>("evm_snapshot");
    });
    afterEach(async () => {
      if (restarted) {
        restarted = false;
        await devnet.reset();
        return;
      }
      if (snapshot === undefined) return;
      const id = snapshot;
      snapshot = undefined;
      // The pool goes too (anvil keeps it across a revert): nothing this test sent lands later.
      await revertChain(devnet.request, id);
    });
  }
  return devnet;
}
