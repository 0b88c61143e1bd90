/** What the stored state (`bots:<name>`) says of a run: running or not, and with which config. */
export type StoredRun = { running: boolean; config: Record<string, unknown> | null };

/**
 * Where a bot runner is in its life. Every change goes through {@link transition}, which knows the
 * moves there are; the data each status carries is only there while it holds.
 */
export type RunnerState =
  /**
   * No loop. `held`: the last run was left running and resumes later (`resumeAfter`); until then
   * the stored state still says running, with that config.
   */
  | { status: "stopped"; held?: { config: Record<string, unknown> | null } | undefined }
  /** A start was accepted: the run is being stored; the loop begins next. */
  | { status: "starting" }
  /**
   * The loop runs. `setupDone`: setup ran since the chain last went back; until it has, ticks
   * run it first.
   */
  | { status: "running"; setupDone: boolean }
  /**
   * The loop winds down: for `stop()` (request) or for the platform closing (close). `stored` is
   * what the stored state says meanwhile and afterwards.
   */
  | { status: "stopping"; reason: "request" | "close"; stored: StoredRun }
  /** The platform closed: nothing more is stored. `stored.running`: the bot resumes on the next start. */
  | { status: "closed"; stored: StoredRun };

export type RunnerStatus = RunnerState["status"];

/**
 * Every move a runner makes, from each status. A self-move changes the data of the status only:
 * a held resume (stopped), setup done or due again (running).
 */
export const RUNNER_MOVES = {
  stopped: ["stopped", "starting", "stopping"],
  starting: ["running"],
  running: ["running", "stopping"],
  stopping: ["stopped", "closed"],
  closed: [],
} as const satisfies Record<RunnerStatus, readonly RunnerStatus[]>;

/** A lifecycle move the table lacks: a bug in the runner, never a user's error. */
export class RunnerTransitionError extends Error {
  constructor(
    readonly from: RunnerStatus,
    readonly to: RunnerStatus,
    bot?: string,
  ) {
    const allowed: readonly RunnerStatus[] = RUNNER_MOVES[from];
    super(
      `${bot === undefined ? "A bot runner" : `The ${bot} bot's runner`} cannot go from "${from}" to "${to}" ` +
        `(from "${from}": ${allowed.length ? allowed.map((status) => `"${status}"`).join(", ") : "none"}).`,
    );
    this.name = "RunnerTransitionError";
  }
}

/**
 * Checks one move against {@link RUNNER_MOVES}; throws {@link RunnerTransitionError} on a move the
 * table lacks.
 *
 * @example
 * transition("stopped", "starting"); // fine
 * transition("closed", "starting"); // throws: a closed runner never starts again
 */
export function transition(from: RunnerStatus, to: RunnerStatus, bot?: string): void {
  const allowed: readonly RunnerStatus[] = RUNNER_MOVES[from];
  if (!allowed.includes(to)) throw new RunnerTransitionError(from, to, bot);
}
