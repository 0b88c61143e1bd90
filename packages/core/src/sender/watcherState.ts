/**
 * Where a transaction watcher is in its life. Every change goes through {@link moveWatcher}, which
 * knows the moves there are.
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
} as const satisfies Record<WatcherStatus, readonly WatcherStatus[]>;

/** A lifecycle move the table lacks: a bug in the watcher, never a user's error. */
export class WatcherTransitionError extends Error {
  constructor(
    readonly from: WatcherStatus,
    readonly to: WatcherStatus,
  ) {
    super(`The transaction watcher cannot go from ${from} to ${to}.`);
    this.name = "WatcherTransitionError";
  }
}

/** Checks the move from `from` to `to.status` against {@link WATCHER_MOVES} and answers `to`. */
export function moveWatcher<T extends WatcherState>(from: WatcherState, to: T): T {
  const allowed: readonly WatcherStatus[] = WATCHER_MOVES[from.status];
  if (!allowed.includes(to.status)) throw new WatcherTransitionError(from.status, to.status);
  return to;
}
