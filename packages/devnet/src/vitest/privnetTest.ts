import { type CreatePlatformOptions, createPlatform, type Platform } from "@privnet/core";
import { http } from "viem";
import { test as baseTest } from "vitest";
import { DEVNET_REQUEST_TIMEOUT_MS } from "../faults/holdLimit.js";
import { createDevnetTestClient, type DevnetTestClient } from "../testing/createDevnetTestClient.js";
import {
  clearFixtures,
  enterFixtureScope,
  type FixtureScope,
  rebaseFixtures,
} from "../testing/loadFixture.js";
import { type ChainSnapshot, takeSnapshot } from "../testing/takeSnapshot.js";
import { type WorkerDevnet, workerDevnet } from "./workerDevnet.js";

export type PrivnetTestOptions = {
  /**
   * Options of the worker's platform (`transport` is the worker devnet's). Default:
   * `{ contracts: true }` — the platform's contracts deployed once per worker — and memory storage.
   */
  platform?: Omit<CreatePlatformOptions, "transport">;
  /**
   * Snapshot before each test and revert after it (the chain, and the platform's state when the
   * test uses `platform`). Default: true.
   */
  isolateTests?: boolean;
};

/** What the worker shares between its tests: the devnet, and a platform made on first use. */
type PrivnetWorker = {
  devnet: WorkerDevnet;
  testClient: DevnetTestClient;
  platform(): Promise<Platform>;
  /** The platform, once made. */
  madePlatform: Platform | undefined;
  /** The test's isolation, told when the chain is reset under it. */
  current: Isolation | undefined;
  /** The test during which anvil restarted (its snapshot went with it). */
  restartedIn: Isolation | undefined;
};

type Isolation = {
  /** Takes the test's snapshot now, with the platform's state when given. */
  cover(platform?: Platform): Promise<void>;
  /** Goes back to the test's snapshot, which is used up. */
  rewind(): Promise<void>;
  /** Forgets the test's snapshot: the chain went back further than it. */
  forget(): void;
};

/**
 * A Vitest `test` with privnet fixtures: `devnet` (the worker's devnet from the global setup's
 * pool), `platform` (a platform on it, contracts deployed once per worker, memory storage) and
 * `testClient` (viem's test client in anvil mode, with the public actions). Each test runs from
 * the same snapshot: what one test does to the chain and the platform is gone for the next.
 *
 * @example
 * import { createPrivnetTest } from "@privnet/devnet/vitest";
 * const test = createPrivnetTest({ platform: { contracts: true, pollingInterval: 100 } });
 * test("sends", async ({ platform }) => { … });
 */
export function createPrivnetTest(options: PrivnetTestOptions = {}) {
  const platformOptions = options.platform ?? { contracts: true };
  const isolateTests = options.isolateTests ?? true;
  return (
    baseTest
      // Vitest reads a fixture's dependencies from its first parameter, which must be a pattern.
      // biome-ignore lint/correctness/noEmptyPattern: no dependencies
      .extend("privnetWorker", { scope: "worker" }, async ({}, { onCleanup }): Promise<PrivnetWorker> => {
        let platform: Promise<Platform> | undefined;
        const worker: PrivnetWorker = {
          devnet: workerDevnet(
            () => {
              // The chain the platform deployed to is gone: the next test that asks gets a new one.
              const stale = platform;
              platform = undefined;
              worker.madePlatform = undefined;
              worker.current = undefined;
              // Their snapshots went with the chain.
              clearFixtures();
              // Closing it is best effort: its chain is gone, and a failure must not surface later.
              if (stale) void stale.then((old) => old.close()).catch(() => undefined);
            },
            () => {
              // anvil restarted: the test's snapshot is gone; its chain is reset after it instead.
              worker.restartedIn = worker.current;
            },
          ),
          testClient: undefined as unknown as DevnetTestClient,
          platform() {
            platform ??= createPlatform({
              ...platformOptions,
              // A reorganisation holds requests longer than viem's default timeout.
              transport: http(worker.devnet.rpcUrl, { timeout: DEVNET_REQUEST_TIMEOUT_MS }),
            }).then(
              (made) => {
                worker.madePlatform = made;
                return made;
              },
              (error: unknown) => {
                // Not kept: the next test tries again (and says why, if it fails again).
                platform = undefined;
                throw error;
              },
            );
            return platform;
          },
          madePlatform: undefined,
          current: undefined,
          restartedIn: undefined,
        };
        worker.testClient = createDevnetTestClient(worker.devnet);
        await worker.devnet.reset();
        onCleanup(async () => {
          if (platform) await (await platform).close();
        });
        return worker;
      })
      .extend("privnetIsolation", async ({ privnetWorker }, { onCleanup }): Promise<Isolation> => {
        let snapshot: ChainSnapshot | undefined;
        let withPlatform = false;
        const isolation: Isolation = {
          async cover(platform) {
            if (!isolateTests) return;
            if (snapshot && (withPlatform || !platform)) return;
            // Fixtures are all set up before the test body runs, so a later snapshot replaces an
            // earlier one: between the two only this worker's platform was made.
            snapshot = await takeSnapshot(platform ?? privnetWorker.devnet);
            withPlatform = platform !== undefined;
          },
          async rewind() {
            const taken = snapshot;
            snapshot = undefined;
            await taken?.revert();
          },
          forget() {
            snapshot = undefined;
          },
        };
        privnetWorker.current = isolation;
        const leave = enterFixtureScope(fixtureScope(privnetWorker, isolation, isolateTests));
        onCleanup(async () => {
          leave();
          // Reset inside the test: the snapshot belonged to the chain that is gone.
          const reset = privnetWorker.current !== isolation;
          privnetWorker.current = undefined;
          if (privnetWorker.restartedIn === isolation) {
            privnetWorker.restartedIn = undefined;
            await privnetWorker.devnet.reset();
            return;
          }
          if (snapshot && !reset) await snapshot.revert();
        });
        return isolation;
      })
      .extend("devnet", async ({ privnetWorker, privnetIsolation }): Promise<WorkerDevnet> => {
        await privnetIsolation.cover();
        return privnetWorker.devnet;
      })
      .extend("testClient", async ({ privnetWorker, privnetIsolation }): Promise<DevnetTestClient> => {
        await privnetIsolation.cover();
        return privnetWorker.testClient;
      })
      .extend("platform", async ({ privnetWorker, privnetIsolation }): Promise<Platform> => {
        const made = privnetWorker.madePlatform !== undefined;
        const platform = await privnetWorker.platform();
        // Made on the loaded fixture's state, before the test did anything: that state with the
        // platform is what the fixture's snapshot holds from now on.
        if (!made && isolateTests) await rebaseFixtures(platform);
        await privnetIsolation.cover(platform);
        return platform;
      })
  );
}

/**
 * loadFixture's view of the test: the context a fixture receives, and the test's snapshot, which
 * a load moves above the fixture's own so that the test's revert keeps the fixture's.
 */
function fixtureScope(worker: PrivnetWorker, isolation: Isolation, isolates: boolean): FixtureScope {
  return {
    isolates,
    async context(fixture) {
      // Making the platform deploys its contracts: only for a fixture that uses it (Vitest reads
      // a fixture's needs from its source the same way), or once it is made anyway.
      const platform =
        worker.madePlatform ??
        (/\bplatform\b/.test(fixture.toString()) ? await worker.platform() : undefined);
      return {
        devnet: worker.devnet,
        testClient: worker.testClient,
        get platform(): Platform {
          if (platform) return platform;
          throw new Error(
            "loadFixture: the platform is made for a fixture whose source names `platform` (a parameter `{ platform }` or `context.platform`).",
          );
        },
      };
    },
    target: () => worker.madePlatform ?? worker.devnet,
    rewind: () => isolation.rewind(),
    forget: () => isolation.forget(),
    // With the platform's state once it is made: the fixture's snapshot holds it too.
    cover: () => isolation.cover(worker.madePlatform),
  };
}

/** The `test` {@link createPrivnetTest} returns. */
export type PrivnetTest = ReturnType<typeof createPrivnetTest>;

/**
 * `test` with the privnet fixtures and their defaults; see {@link createPrivnetTest}.
 *
 * @example
 * import { test } from "@privnet/devnet/vitest";
 * test("a liquidation", async ({ platform, testClient }) => { … });
 */
export const test: PrivnetTest = defaultTest();
export const it: PrivnetTest = test;

// Vitest's `test.extend` needs a test file being collected, and worker fixtures must be defined
// at a file's top level: so the default `test` is made when this module is first imported by a
// test file. The global setup imports this entry too (`export { setup } from
// "@privnet/devnet/vitest"`), where there is no test file: there `test` only says so if used.
function defaultTest(): PrivnetTest {
  try {
    return createPrivnetTest();
  } catch (error) {
    const fail = () => {
      throw new Error("`test` from @privnet/devnet/vitest is only usable in a test file.", { cause: error });
    };
    return new Proxy(function privnetTest() {} as unknown as PrivnetTest, { apply: fail, get: fail });
  }
}
