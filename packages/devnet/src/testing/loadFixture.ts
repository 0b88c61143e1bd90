import type { Platform } from "@privnet/core";
import type { Client } from "viem";
import type { DevnetTestClient } from "./createDevnetTestClient.js";
import { type ChainSnapshot, type SnapshotTarget, takeSnapshot } from "./takeSnapshot.js";
import type { WorkerDevnet } from "./WorkerDevnet.js";

/**
 * What a fixture returns outside a test from `@privnet/devnet/vitest`: anything, as long as it
 * names the chain to snapshot — a `platform` (chain and platform state together), else a `devnet`
 * (`{ rpcUrl }`), else a viem `client` or `testClient`. Inside such a test the chain is the test's
 * and the result can be anything.
 */
export type FixtureResult =
  | { platform: Platform }
  | { devnet: { rpcUrl: string } }
  | { testClient: Client }
  | { client: Client };

/**
 * What a fixture function receives inside a test from `@privnet/devnet/vitest`: the test's
 * devnet, its test client and the worker's platform (made, once per worker, before the first
 * fixture runs).
 */
export type FixtureContext = {
  devnet: WorkerDevnet;
  testClient: DevnetTestClient;
  platform: Platform;
};

/**
 * A test's isolation, as loadFixture sees it: a Vitest test from `@privnet/devnet/vitest` takes a
 * snapshot before the test and reverts it after. A snapshot loadFixture took above it would be
 * discarded by that revert (a node drops every snapshot taken after the one it reverts to), so
 * loadFixture puts its own below the test's instead.
 * @internal
 */
export type FixtureScope = {
  /** Whether the test has a snapshot to go back to (`isolateTests`). */
  readonly isolates: boolean;
  /** The context handed to `fixture`. */
  context(fixture: (...args: never[]) => unknown): Promise<FixtureContext>;
  /** Where a fixture's snapshot is taken. */
  target(): SnapshotTarget;
  /** Goes back to the test's snapshot (which is used up). */
  rewind(): Promise<void>;
  /** Forgets the test's snapshot without going back to it: the chain went further back. */
  forget(): void;
  /** Takes the test's snapshot again, at the chain as it is now. */
  cover(): Promise<void>;
};

type Loaded = { result: unknown; snapshot: ChainSnapshot; target: SnapshotTarget };
type Entry = { fixture: (...args: never[]) => unknown; state: Promise<Loaded>; settled: boolean };

type FixtureState = {
  /** Fixtures in the order they were first loaded; going back to one discards the later ones'. */
  loaded: Entry[];
  /** The loaded fixture whose state each test of the scope starts from, if any. */
  baseline: Entry | undefined;
  /** Fixtures running now: nested loads inside them leave the test's snapshot alone. */
  running: number;
  scope: FixtureScope | undefined;
};

// One state per process, shared by both entries of the package (each may carry its own copy of
// this module once bundled).
const stateKey = Symbol.for("privnet.devnet.fixtures");
function fixtureState(): FixtureState {
  const store = globalThis as { [stateKey]?: FixtureState };
  store[stateKey] ??= { loaded: [], baseline: undefined, running: 0, scope: undefined };
  return store[stateKey];
}

/**
 * Runs `fixture` once and snapshots the chain it set up; every later call with the same function
 * reverts the chain (and the platform's state) to that snapshot and returns the same result —
 * Hardhat's `loadFixture`.
 *
 * Inside a test from `@privnet/devnet/vitest` the fixture receives the test's context
 * (`{ devnet, testClient, platform }`), and loads compose with the test's own snapshot: a load
 * starts from where the test started (what the test did before it is undone), and the fixture's
 * state is what each later test of the file starts from. Fixtures may load other fixtures.
 * Outside Vitest (node:test, mocha, a script) the fixture takes no argument and returns the chain
 * to snapshot ({@link FixtureResult}).
 *
 * The function must be named (a `function` or a `const`), so that each call finds its snapshot.
 *
 * @example
 * async function deployed({ platform }: FixtureContext) {
 *   return { token: await deployToken(platform) };
 * }
 * test("transfers", async ({ testClient }) => {
 *   const { token } = await loadFixture(deployed); // deploys once, reverts on later loads
 * });
 */
export async function loadFixture<T>(fixture: (context: FixtureContext) => Promise<T>): Promise<T> {
  if (fixture.name === "") {
    throw new Error(
      "loadFixture needs a named function (`async function deployed() {…}` or `const deployed = async () => …`): an inline one is new on every call, so its snapshot would never be found.",
    );
  }
  const state = fixtureState();
  const scope = state.scope;
  // Only the outermost load moves the test's snapshot; nested ones run inside it.
  const outermost = scope?.isolates === true && state.running === 0 ? scope : undefined;
  const index = state.loaded.findIndex((entry) => entry.fixture === fixture);

  if (index === -1) {
    // Built from where the test started, not on what it did so far: the same on every load.
    await outermost?.rewind();
    // Where a fixture that fails leaves the chain for the rest of the test and the next ones.
    const fallback = outermost ? await takeSnapshot(outermost.target()) : undefined;
    const loading = (async (): Promise<Loaded> => {
      state.running++;
      let result: T;
      try {
        result = await run(fixture, scope);
      } finally {
        state.running--;
      }
      const target = scope ? scope.target() : snapshotTargetOf(result);
      return { result, target, snapshot: await takeSnapshot(target) };
    })();
    const entry: Entry = { fixture, state: loading, settled: false };
    state.loaded.push(entry);
    let loaded: Loaded;
    try {
      loaded = await loading;
      entry.settled = true;
    } catch (error) {
      // A fixture that failed is run again on the next call.
      state.loaded.splice(state.loaded.indexOf(entry), 1);
      if (outermost) {
        await fallback?.revert();
        await outermost.cover();
      }
      throw error;
    }
    if (outermost) {
      // Above the fixture's snapshot: the test's revert keeps it.
      await outermost.cover();
      state.baseline = entry;
    }
    return loaded.result as T;
  }

  const entry = state.loaded[index] as Entry;
  const loaded = await entry.state;
  if (outermost && state.baseline === entry) {
    // The test started from this fixture's state: going back to the test's snapshot is enough,
    // and the fixture's own stays where it is.
    await outermost.rewind();
    await outermost.cover();
    return loaded.result as T;
  }
  // Going back to the fixture's snapshot discards every later one: the test's, and those of
  // fixtures loaded after it (they run again on their next load). A fixture still running (one
  // that loads this one) takes its snapshot after this.
  outermost?.forget();
  await loaded.snapshot.revert();
  state.loaded = state.loaded.filter((other, at) => at <= index || !other.settled);
  // evm_revert consumes its snapshot: take the next one for the next call.
  const again: Loaded = { ...loaded, snapshot: await takeSnapshot(loaded.target) };
  entry.state = Promise.resolve(again);
  if (outermost) {
    await outermost.cover();
    state.baseline = entry;
  }
  return again.result as T;
}

/** Forgets every loaded fixture (their chains are left as they are). */
export function clearFixtures(): void {
  const state = fixtureState();
  state.loaded.length = 0;
  state.baseline = undefined;
}

/**
 * The worker's platform was just made. When made on the state of the fixture tests start from
 * (`atBaseline`: before the test did anything), that fixture's snapshot is taken again to hold the
 * platform too, so that going back to it keeps the platform's contracts. Other loaded fixtures
 * predate the platform and are forgotten: they run again on their next load.
 * @internal
 */
export async function rebaseFixtures(target: SnapshotTarget, atBaseline = true): Promise<void> {
  const state = fixtureState();
  const base = atBaseline ? state.baseline : undefined;
  if (!atBaseline) state.baseline = undefined;
  state.loaded = state.loaded.filter((entry) => entry === base || !entry.settled);
  if (!base) return;
  const loaded = await base.state;
  base.state = Promise.resolve({ ...loaded, target, snapshot: await takeSnapshot(target) });
}

/**
 * Hands loadFixture the isolation of the test that runs now; returns the function that takes it
 * back. Used by `@privnet/devnet/vitest`.
 * @internal
 */
export function enterFixtureScope(scope: FixtureScope): () => void {
  const state = fixtureState();
  state.scope = scope;
  return () => {
    if (state.scope === scope) state.scope = undefined;
  };
}

async function run<T>(fixture: (context: FixtureContext) => Promise<T>, scope: FixtureScope | undefined) {
  if (scope) {
    const before = scope.target();
    const context = await scope.context(fixture);
    // The platform was made for this fixture: on the state the test started from for the
    // outermost one; a nested one's is partway through the fixture that loads it.
    if (scope.isolates && scope.target() !== before) {
      await rebaseFixtures(scope.target(), fixtureState().running === 1);
    }
    return fixture(context);
  }
  if (fixture.length > 0) {
    throw new Error(
      `loadFixture: ${fixture.name} takes a context, which only a test from @privnet/devnet/vitest gives; outside one, a fixture takes no argument.`,
    );
  }
  return (fixture as () => Promise<T>)();
}

function snapshotTargetOf(result: unknown): SnapshotTarget {
  const value = (result ?? {}) as Partial<Record<"platform" | "devnet" | "testClient" | "client", unknown>>;
  const target = value.platform ?? value.devnet ?? value.testClient ?? value.client;
  if (typeof target !== "object" || target === null) {
    throw new Error(
      "loadFixture: the fixture must return an object with a `platform`, a `devnet` ({ rpcUrl }) or a viem `client`/`testClient`, so that it knows which chain to snapshot.",
    );
  }
  return target as SnapshotTarget;
}
