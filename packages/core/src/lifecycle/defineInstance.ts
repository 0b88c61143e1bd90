import { EventEmitter } from "eventemitter3";
import { type LifecycleMoves, lifecycleState } from "./lifecycleState.js";

/**
 * Where an instance is in its life. Every change goes through {@link INSTANCE_MOVES}; the data a
 * status carries is only there while it holds.
 */
export type InstanceState =
  /** Made, never started: stopping it has nothing to undo. */
  | { status: "idle" }
  /** `start` runs. */
  | { status: "starting" }
  /** `start` resolved. */
  | { status: "started" }
  /** `start` threw `error`; what it set up before that is undone by `stop()`. */
  | { status: "failed"; error: unknown }
  /** `stop` runs. */
  | { status: "stopping" }
  /** Stopped; a restartable instance may start again. */
  | { status: "stopped" };

export type InstanceStatus = InstanceState["status"];

/** Every move an instance makes, from each status. A one-shot instance lacks `stopped → starting`. */
export const INSTANCE_MOVES = {
  idle: ["starting", "stopped"],
  starting: ["started", "failed"],
  started: ["stopping"],
  failed: ["stopping"],
  stopping: ["stopped"],
  stopped: ["starting"],
} as const satisfies LifecycleMoves<InstanceStatus>;

const ONE_SHOT_MOVES = { ...INSTANCE_MOVES, stopped: [] } as const satisfies LifecycleMoves<InstanceStatus>;

/** What an instance tells its listeners. */
export type InstanceEvents = {
  /** Every move, after it happened. */
  status: [state: InstanceState, previous: InstanceState];
};

export type DefineInstanceParameters = {
  /** Names the instance in errors and logs: "anvil", "the relay", "the admin API". */
  name: string;
  /** Sets the instance up; when it throws, `stop` still runs on `stop()` to undo what it did. */
  start?: (() => unknown) | undefined;
  /** Undoes `start`: timers cleared, loops ended, handles closed. */
  stop?: (() => unknown) | undefined;
  /**
   * False: once stopped it never starts again (a platform's services: their parts are closed for
   * good). Default: true.
   */
  restartable?: boolean | undefined;
};

/** A long-lived thing with a start, a stop, a restart and one status. See {@link defineInstance}. */
export type Instance = {
  readonly name: string;
  readonly state: InstanceState;
  readonly status: InstanceStatus;
  /**
   * Starts it: resolves once started. Harmless when started already; while a start, stop or
   * restart is under way it runs after it.
   * @throws {LifecycleTransitionError} when the instance failed (stop it first) or is a stopped
   * one-shot instance.
   */
  start(): Promise<void>;
  /**
   * Stops it, after whatever is under way, and resolves when stopped; a stop already queued is
   * answered with the same promise. An instance never started goes straight to `stopped` without
   * running `stop`; a failed one runs `stop` to undo its start. A `stop` that throws still leaves
   * it stopped, and rejects with that error.
   */
  stop(): Promise<void>;
  /** Stops it (when it runs or failed), then starts it again, with nothing in between. */
  restart(): Promise<void>;
  on<E extends keyof InstanceEvents>(event: E, listener: (...args: InstanceEvents[E]) => void): Instance;
  off<E extends keyof InstanceEvents>(event: E, listener: (...args: InstanceEvents[E]) => void): Instance;
  /** `stop()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
};

/**
 * A long-lived thing (a server, a node, a worker thread, a loop) as one status union with checked
 * moves and safe concurrent calls, in the way of prool's instances: its starts, stops and restarts
 * run one after another, in the order they were asked for, so no two overlap; `stop` runs after a
 * failed start too, so that whatever the start left behind is undone.
 *
 * @example
 * const poller = defineInstance({
 *   name: "poller",
 *   start: () => { timer = setInterval(poll, 1_000); },
 *   stop: () => clearInterval(timer),
 * });
 * poller.on("status", (state) => console.log(state.status));
 * await poller.start(); // "starting", "started"
 * await poller.restart(); // "stopping", "stopped", "starting", "started"
 * await poller.stop(); // "stopping", "stopped"
 */
export function defineInstance(parameters: DefineInstanceParameters): Instance {
  const { name } = parameters;
  const events = new EventEmitter<InstanceEvents>();
  const state = lifecycleState<InstanceState>(
    name,
    parameters.restartable === false ? ONE_SHOT_MOVES : INSTANCE_MOVES,
    { status: "idle" },
    (next, previous) => events.emit("status", next, previous),
  );
  /** The operation asked for last, and which: a repeated start or stop joins it. */
  let last: { kind: "start" | "stop" | "restart"; done: Promise<void>; settled: boolean } | undefined;

  const runStart = async () => {
    if (state.current.status === "started") return;
    state.move({ status: "starting" });
    try {
      await parameters.start?.();
    } catch (error) {
      state.move({ status: "failed", error });
      throw error;
    }
    state.move({ status: "started" });
  };
  const runStop = async () => {
    const { status } = state.current;
    if (status === "stopped") return;
    if (status === "idle") {
      state.move({ status: "stopped" });
      return;
    }
    state.move({ status: "stopping" });
    try {
      await parameters.stop?.();
    } finally {
      state.move({ status: "stopped" });
    }
  };
  /** Runs `work` once what was asked before it settled; at once when nothing is under way. */
  const enqueue = (kind: "start" | "stop" | "restart", work: () => Promise<void>) => {
    if (last && !last.settled && last.kind === kind && kind !== "restart") return last.done;
    const before = last && !last.settled ? last.done.catch(() => undefined) : undefined;
    const entry = { kind, settled: false, done: before ? before.then(work) : work() };
    entry.done.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
    last = entry;
    return entry.done;
  };

  const instance: Instance = {
    name,
    get state() {
      return state.current;
    },
    get status() {
      return state.current.status;
    },
    start: () => enqueue("start", runStart),
    stop: () => enqueue("stop", runStop),
    restart: () =>
      enqueue("restart", async () => {
        await runStop();
        await runStart();
      }),
    on(event, listener) {
      events.on(event, listener);
      return instance;
    },
    off(event, listener) {
      events.off(event, listener);
      return instance;
    },
    [Symbol.asyncDispose]: () => instance.stop(),
  };
  return instance;
}
