import { type LifecycleMoves, type LifecycleState, lifecycleState } from "../lifecycle/lifecycleState.js";

/**
 * Where a transaction watcher is in its life, held by {@link watcherState}: every change is
 * checked against {@link WATCHER_MOVES}.
 */
export type WatcherState =
  /** Made, not started: sends may be followed already; no tick runs. */
  | { status: "created" }
  /** Following the head. `reverting`: platform reverts under way (no tick starts meanwhile). */
  | { status: "running"; reverting: number }
  /** Stopped for good; whoever waits, or waits later, is rejected with `error`. */
  | { status: "stopped"; error: unknown };

export type WatcherStatus = WatcherState["status"];

/** Every move a watcher makes, from each status (a self-move changes the status's data only). */
export const WATCHER_MOVES = {
  created: ["running", "stopped"],
  running: ["running", "stopped"],
  stopped: ["stopped"],
} as const satisfies LifecycleMoves<WatcherStatus>;

/**
 * A new watcher's state, `created`. A move the table lacks throws core's
 * `LifecycleTransitionError` (a bug in the watcher, never a user's error) and changes nothing.
 *
 * @example
 * const state = watcherState();
 * state.move({ status: "running", reverting: 0 });
 */
export function watcherState(): LifecycleState<WatcherState> {
  return lifecycleState<WatcherState>("the transaction watcher", WATCHER_MOVES, { status: "created" });
}
