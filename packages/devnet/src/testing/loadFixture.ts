import type { Platform } from "@privnet/core";
import type { Client } from "viem";
import { type ChainSnapshot, type SnapshotTarget, takeSnapshot } from "./takeSnapshot.js";

/**
 * What a fixture returns: anything, as long as it names the chain to snapshot — a `platform`
 * (chain and platform state together), else a `devnet` (`{ rpcUrl }`), else a viem `client` or
 * `testClient`.
 */
export type FixtureResult =
  | { platform: Platform }
  | { devnet: { rpcUrl: string } }
  | { testClient: Client }
  | { client: Client };

type Loaded = { result: unknown; snapshot: ChainSnapshot; target: SnapshotTarget };

// Fixtures in the order they were first loaded: going back to one discards the chain's later
// snapshots, so the fixtures loaded after it run again on their next load.
const loaded: { fixture: () => Promise<unknown>; state: Promise<Loaded> }[] = [];

/**
 * Runs `fixture` once and snapshots the chain it set up; every later call with the same function
 * reverts the chain (and the platform's state) to that snapshot and returns the same result —
 * Hardhat's `loadFixture`, for node:test, mocha or a plain script.
 *
 * The function must be named (a `function` or a `const`), so that each call finds its snapshot.
 *
 * @example
 * async function deployed() {
 *   const devnet = await startDevnet({ port: 0, blockTime: 0 });
 *   const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
 *   return { devnet, platform };
 * }
 * test("borrows", async () => {
 *   const { platform } = await loadFixture(deployed); // deploys once, reverts afterwards
 * });
 */
export async function loadFixture<T extends FixtureResult>(fixture: () => Promise<T>): Promise<T> {
  if (fixture.name === "") {
    throw new Error(
      "loadFixture needs a named function (`async function deployed() {…}` or `const deployed = async () => …`): an inline one is new on every call, so its snapshot would never be found.",
    );
  }
  const index = loaded.findIndex((entry) => entry.fixture === fixture);
  if (index === -1) {
    const state = (async (): Promise<Loaded> => {
      const result = await fixture();
      const target = snapshotTargetOf(result);
      return { result, target, snapshot: await takeSnapshot(target) };
    })();
    const entry = { fixture, state };
    loaded.push(entry);
    try {
      return (await state).result as T;
    } catch (error) {
      // A fixture that failed is run again on the next call.
      loaded.splice(loaded.indexOf(entry), 1);
      throw error;
    }
  }
  const entry = loaded[index] as (typeof loaded)[number];
  const state = await entry.state;
  await state.snapshot.revert();
  loaded.splice(index + 1);
  // evm_revert consumes its snapshot: take the next one for the next call.
  const again: Loaded = { ...state, snapshot: await takeSnapshot(state.target) };
  entry.state = Promise.resolve(again);
  return again.result as T;
}

/** Forgets every loaded fixture (their chains are left as they are). */
export function clearFixtures(): void {
  loaded.length = 0;
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
