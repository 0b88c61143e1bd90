import { expect, test } from "vitest";
import { autoPendingLimit, PENDING_HEADROOM_BLOCKS } from "./autoPendingLimit.js";

test("a block's gas over the gas per transaction, times the headroom, within the pool limit", () => {
  // privnet's chain: 60M gas, transfers of 21,000 → 2,857 a block.
  expect(
    autoPendingLimit({ blockGasLimit: 60_000_000n, gasPerTransaction: 21_000n, poolLimit: 10_000 }),
  ).toBe(2_857 * PENDING_HEADROOM_BLOCKS);
  // A pool that takes fewer from one sender bounds it.
  expect(autoPendingLimit({ blockGasLimit: 60_000_000n, gasPerTransaction: 21_000n, poolLimit: 5_000 })).toBe(
    5_000,
  );
  // Heavier transactions: fewer a block.
  expect(
    autoPendingLimit({ blockGasLimit: 60_000_000n, gasPerTransaction: 150_000n, poolLimit: 10_000 }),
  ).toBe(400 * PENDING_HEADROOM_BLOCKS);
  // A transaction larger than a block still leaves room for one a block.
  expect(autoPendingLimit({ blockGasLimit: 30_000n, gasPerTransaction: 50_000n, poolLimit: 10_000 })).toBe(
    PENDING_HEADROOM_BLOCKS,
  );
});
