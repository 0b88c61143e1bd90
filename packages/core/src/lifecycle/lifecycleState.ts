/** The moves a status union allows, from each status: a table the type checker keeps complete. */
export type LifecycleMoves<Status extends string> = { readonly [From in Status]: readonly Status[] };

/** A move the table lacks, such as starting a thing twice: a bug in the caller, never a user's error. */
export class LifecycleTransitionError extends Error {
  constructor(
    /** What moved: "the transfer bot's runner", "the relay", "the admin API". */
    readonly owner: string,
    readonly from: string,
    readonly to: string,
    allowed: readonly string[],
  ) {
    super(
      `${owner.charAt(0).toUpperCase()}${owner.slice(1)} cannot go from "${from}" to "${to}" ` +
        `(from "${from}": ${allowed.length ? allowed.map((status) => `"${status}"`).join(", ") : "none"}).`,
    );
    this.name = "LifecycleTransitionError";
  }
}

/** Holds one status union; every change is checked against its moves. See {@link lifecycleState}. */
export type LifecycleState<State extends { status: string }> = {
  /** The state now. */
  readonly current: State;
  /**
   * Moves to `next` when the table allows `current.status → next.status` (a self-move changes the
   * status's data only, and needs the table to list it), and answers `next`.
   * @throws {LifecycleTransitionError} on a move the table lacks; the state is left as it was.
   */
  move<Next extends State>(next: Next): Next;
  /** Whether a move to `status` is allowed from where the state is now. */
  can(status: State["status"]): boolean;
};

/**
 * The one holder of a lifecycle's status union, for everything long-lived that carries data of its
 * own in its statuses (a bot runner's `running { setupDone }`, a watcher's `running { reverting }`):
 * each change is checked against a table of moves, and `onMove` hears every one (to emit events).
 * Things with no data of their own use {@link defineInstance}, which is built on it.
 *
 * @example
 * const state = lifecycleState("the indexer", { stopped: ["running"], running: ["stopped"] }, { status: "stopped" });
 * state.move({ status: "running" });
 * state.move({ status: "running" }); // throws LifecycleTransitionError: running → running is not listed
 */
export function lifecycleState<State extends { status: string }>(
  owner: string,
  moves: LifecycleMoves<State["status"]>,
  initial: State,
  onMove?: (next: State, previous: State) => void,
): LifecycleState<State> {
  let current = initial;
  const allowed = (status: State["status"]) =>
    (moves[current.status as State["status"]] as readonly string[]).includes(status);
  return {
    get current() {
      return current;
    },
    can: allowed,
    move(next) {
      if (!allowed(next.status)) {
        throw new LifecycleTransitionError(
          owner,
          current.status,
          next.status,
          moves[current.status as State["status"]],
        );
      }
      const previous = current;
      current = next;
      onMove?.(next, previous);
      return next;
    },
  };
}
