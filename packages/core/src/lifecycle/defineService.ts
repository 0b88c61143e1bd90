/**
 * Where a service is in its life. Every change goes through {@link SERVICE_MOVES}; the data a
 * status carries is only there while it holds.
 */
export type ServiceState =
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
  /** Stopped for good: a platform's service does not start twice. */
  | { status: "stopped" };

export type ServiceStatus = ServiceState["status"];

/** Every move a service makes, from each status. */
export const SERVICE_MOVES = {
  idle: ["starting", "stopped"],
  starting: ["started", "failed"],
  started: ["stopping"],
  failed: ["stopping"],
  stopping: ["stopped"],
  stopped: [],
} as const satisfies Record<ServiceStatus, readonly ServiceStatus[]>;

/** A lifecycle move the table lacks, such as starting a service twice: a bug in the caller. */
export class ServiceTransitionError extends Error {
  constructor(
    readonly service: string,
    readonly from: ServiceStatus,
    readonly to: ServiceStatus,
  ) {
    const allowed: readonly ServiceStatus[] = SERVICE_MOVES[from];
    super(
      `The ${service} service cannot go from "${from}" to "${to}" ` +
        `(from "${from}": ${allowed.length ? allowed.map((status) => `"${status}"`).join(", ") : "none"}).`,
    );
    this.name = "ServiceTransitionError";
  }
}

export type DefineServiceParameters = {
  /** Names the service in errors and in the order a platform starts and stops them. */
  name: string;
  /** Sets the service up; when it throws, `stop` still runs on `stop()` to undo what it did. */
  start?: (() => unknown) | undefined;
  /** Undoes `start`: timers cleared, loops ended, handles closed. */
  stop?: (() => unknown) | undefined;
};

/** A long-lived part with a start and a stop, and its status. */
export type Service = {
  readonly name: string;
  readonly state: ServiceState;
  /** Runs `start` once; throws {@link ServiceTransitionError} when the service is not idle. */
  start(): Promise<void>;
  /**
   * Runs `stop` once, after a start under way settles, and resolves when it ends; later calls get
   * the same promise. A service never started goes straight to `stopped`.
   */
  stop(): Promise<void>;
};

/**
 * A service whose status is one union with checked moves, in the way of prool's instances: started
 * once, stopped once (a second `stop()` waits for the first), and `stop` runs after a failed start
 * too, so that whatever the start left behind is undone.
 *
 * @example
 * const poller = defineService({
 *   name: "poller",
 *   start: () => { timer = setInterval(poll, 1_000); },
 *   stop: () => clearInterval(timer),
 * });
 * await poller.start(); // "started"
 * await poller.stop(); // "stopped"
 */
export function defineService(parameters: DefineServiceParameters): Service {
  const { name } = parameters;
  let state: ServiceState = { status: "idle" };
  let starting: Promise<void> | undefined;
  let stopping: Promise<void> | undefined;
  const move = (next: ServiceState) => {
    const allowed: readonly ServiceStatus[] = SERVICE_MOVES[state.status];
    if (!allowed.includes(next.status)) throw new ServiceTransitionError(name, state.status, next.status);
    state = next;
  };
  return {
    name,
    get state() {
      return state;
    },
    start() {
      try {
        move({ status: "starting" });
      } catch (error) {
        return Promise.reject(error);
      }
      starting = (async () => {
        try {
          await parameters.start?.();
        } catch (error) {
          move({ status: "failed", error });
          throw error;
        }
        move({ status: "started" });
      })();
      return starting;
    },
    stop() {
      stopping ??= (async () => {
        if (state.status === "idle") return move({ status: "stopped" });
        await starting?.catch(() => undefined);
        move({ status: "stopping" });
        try {
          await parameters.stop?.();
        } finally {
          move({ status: "stopped" });
        }
      })();
      return stopping;
    },
  };
}
