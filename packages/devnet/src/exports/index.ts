export { type ChainLimits, DEFAULT_CHAIN_LIMITS } from "../anvil/clock/chainPolicy.js";
export type { ChainPolicyOptions } from "../anvil/devnetSettings.js";
export {
  DEFAULT_BLOCK_WINDOW,
  DEFAULT_NODE_MEMORY_LIMIT,
  DEFAULT_STATE_INTERVAL,
  DEFAULT_STATE_WINDOW,
} from "../anvil/devnetSettings.js";
export { resolveAnvilBinary } from "../anvil/resolveAnvilBinary.js";
export { type Devnet, type StartDevnetOptions, startDevnet } from "../anvil/startDevnet.js";
export {
  DevnetBinaryNotFoundError,
  DevnetPortInUseError,
  DevnetStartError,
  DevnetStateInvalidError,
} from "../errors.js";
export { DEVNET_REQUEST_TIMEOUT_MS, MAX_FAULT_HOLD_MS } from "../faults/holdLimit.js";
export { createForkPool, type ForkPool, type ForkPoolOptions } from "../forks/createForkPool.js";
export type { PinnedFork } from "../forks/prepareFork.js";
// Test helpers, with or without Vitest: snapshots, fixtures, and thin wrappers over viem's test actions.
export {
  createDevnetTestClient,
  type DevnetTestClient,
} from "../testing/createDevnetTestClient.js";
export {
  acquireDevnetPool,
  type DevnetPoolOptions,
  type PooledDevnet,
} from "../testing/devnetPool.js";
export { type FundParameters, fund } from "../testing/fund.js";
export { type ImpersonatedWalletClient, impersonate } from "../testing/impersonate.js";
export {
  clearFixtures,
  type FixtureContext,
  type FixtureResult,
  loadFixture,
} from "../testing/loadFixture.js";
export {
  type MakePriceStaleParameters,
  type MakePriceStaleReturnType,
  makePriceStale,
} from "../testing/makePriceStale.js";
export { type MineBlocksParameters, mineBlocks } from "../testing/mineBlocks.js";
export { type SetTokenPriceParameters, setTokenPrice } from "../testing/setTokenPrice.js";
export { type ChainSnapshot, type SnapshotTarget, takeSnapshot } from "../testing/takeSnapshot.js";
export { type TimeTravelParameters, timeTravel } from "../testing/timeTravel.js";
export type { WorkerDevnet } from "../testing/WorkerDevnet.js";
