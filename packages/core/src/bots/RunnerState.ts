import { type LifecycleMoves, type LifecycleState, lifecycleState } from "../lifecycle/lifecycleState.js";

/** What the stored state (`bots:<name>`) says of a run: running or not, and with which config. */
export type StoredRun = { running: boolean; config: Record<string, unknown> | null };

/**
 * Where a bot runner is in its life. Every change goes through the runner's
 * {@link runnerLifecycle}, which knows the moves there are ({@link RUNNER_MOVES}); the data each
 * status carries is only there while it holds.
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
} as const satisfies LifecycleMoves<RunnerStatus>;

/**
 * The one holder of a runner's state: core's `lifecycleState` over {@link RUNNER_MOVES}, so a move
 * the table lacks throws `LifecycleTransitionError` (a bug in the runner, never a user's error).
 *
 * @example
 * const state = runnerLifecycle("transfer");
 * state.move({ status: "starting" });
 * state.move({ status: "stopped" }); // throws: the transfer bot's runner cannot go from "starting" to "stopped"
 */
export function runnerLifecycle(
  bot?: string,
  initial: RunnerState = { status: "stopped" },
): LifecycleState<RunnerState> {
  return lifecycleState(
    bot === undefined ? "a bot runner" : `the ${bot} bot's runner`,
    RUNNER_MOVES,
    initial,
  );
}

/** The loop runs: its ticks and setup go on. */
export function isRunning(state: RunnerState): boolean {
  return state.status === "running";
}

/** Running, starting, or closed while running (it resumes on the next start): what `status` shows. */
export function marksRunning(state: RunnerState): boolean {
  return (
    state.status === "running" ||
    state.status === "starting" ||
    (state.status === "closed" && state.stored.running)
  );
}

/** The platform is closing or closed: work cut short by it is not the bot's error. */
export function isClosing(state: RunnerState): boolean {
  return state.status === "closed" || (state.status === "stopping" && state.reason === "close");
}
