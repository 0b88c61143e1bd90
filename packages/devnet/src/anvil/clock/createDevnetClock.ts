import {
  type AnvilRpc,
  type ClockCall,
  checkClock,
  clockDue,
  initialClockState,
  minesAlways,
  minesWhenAutomining,
  observeClockCall,
  readsNextBlock,
} from "./clockState.js";

export type { AnvilRpc, ClockCall } from "./clockState.js";

export type DevnetClockOptions = {
  rpc: AnvilRpc;
  /** anvil's block timestamp interval at start, in seconds: 1 automining, the block time otherwise. */
  interval: number;
  /** Whether anvil mines a block per transaction (false: at its block time). */
  automine: boolean;
  /** Milliseconds since the epoch; `Date.now` unless a test drives the clock. */
  now?: () => number;
};

export type DevnetClock = ReturnType<typeof createDevnetClock>;

/**
 * Hardhat's clock for an anvil that runs with a block timestamp interval: the next block's
 * timestamp is the later of its parent's + the interval (anvil does that on its own, so blocks
 * are strictly increasing and an estimate sees the timestamp its block gets) and the wall clock +
 * the offset (`evm_increaseTime`, `anvil_setTime`, a timestamp the user set), which this clock
 * keeps and applies with `evm_setNextBlockTimestamp` when the chain fell behind.
 *
 * The relay in front of anvil tells it every call it sees (`observe`), and before a call that
 * mines or reads the next block it waits for `gate()`: at most once a second, and at once after a
 * time change, a revert or a reset, that compares the chain's latest block with the clock.
 */
export function createDevnetClock(options: DevnetClockOptions) {
  const { rpc } = options;
  const now = options.now ?? Date.now;
  const state = initialClockState(options);

  return {
    /**
     * Resolves when a call that mines or reads the next block may go on to anvil; undefined when
     * it may go at once (the common case: nothing to check).
     */
    gate(): Promise<void> | undefined {
      if (state.running) return state.running;
      if (!clockDue(state, now)) return undefined;
      state.running = checkClock(state, rpc, now)
        .catch(() => {
          // The clock never stands between a call and the node: anvil's own rule applies.
        })
        .finally(() => {
          state.running = undefined;
        });
      return state.running;
    },

    /** Runs `work` while no call that mines or reads the next block goes to anvil. */
    exclusive<T>(work: () => Promise<T>): Promise<T> {
      const before = state.running ?? Promise.resolve();
      const result = before.then(work);
      const running = result.then(
        () => undefined,
        () => undefined,
      );
      state.running = running;
      void running.finally(() => {
        if (state.running === running) state.running = undefined;
      });
      return result;
    },

    /** Blocks a call may mine: counted until its answer arrives (`settled`). */
    blocksOf(call: ClockCall): number {
      if (minesAlways.has(call.method)) {
        if (call.method === "anvil_mine" || call.method === "anvil_mine_detailed") {
          const blocks = call.params[0];
          return blocks === undefined || blocks === null ? 1 : Number(BigInt(blocks as string | number));
        }
        return 1;
      }
      return state.automine && minesWhenAutomining.has(call.method) ? 1 : 0;
    },

    /** Whether the call mines or reads the next block, and so waits for `gate()`. */
    gated(method: string): boolean {
      return minesAlways.has(method) || minesWhenAutomining.has(method) || readsNextBlock.has(method);
    },

    sent(blocks: number): void {
      state.pendingBlocks += blocks;
    },
    settled(blocks: number): void {
      state.pendingBlocks -= blocks;
    },

    /** The interval of a lone `anvil_mine(blocks, interval)`: the relay spaces those blocks itself. */
    spacing(call: ClockCall): number | undefined {
      if (call.method !== "anvil_mine" || state.interval === 0) return undefined;
      const interval = call.params[1];
      if (interval === undefined || interval === null) return undefined;
      const spacing = Number(BigInt(interval as string | number));
      return spacing > 0 ? spacing : undefined;
    },

    /** anvil's timestamp interval to go back to after a spaced `anvil_mine`. */
    get interval(): number {
      return state.interval;
    },

    /** The chain behind the relay was replaced (a restarted anvil): the next check reads its head. */
    forgetHead(): void {
      state.knownHead = Number.NEGATIVE_INFINITY;
      state.checkedAt = Number.NEGATIVE_INFINITY;
    },

    /** Takes note of a call on its way to anvil, in order. */
    observe(call: ClockCall): void {
      observeClockCall(state, call, now);
    },
  };
}
