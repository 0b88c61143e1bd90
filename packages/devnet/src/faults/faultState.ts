import type { FaultEventFeed } from "./faultEventFeed.js";
import { MAX_FAULT_HOLD_MS } from "./holdLimit.js";
import type { RunningTimedFault } from "./timedFaults.js";

// What is under way, with its transitions: the one place that says "one fault at a time". It runs
// in the relay's thread: no package is imported.

export type TimedFaultName = "stall" | "unreachable" | "feeSpike";
/** A timed fault under way, with what the relay asks of a fee spike. */
export type RunningFault = RunningTimedFault & { step?: () => Promise<void>; remaining?: () => number };

/** Nothing; a fault that is over once it answers (a client's, with its lease); or a timed one. */
type FaultState =
  | { status: "idle" }
  | { status: "busy"; fault: string; lease?: number; expires?: NodeJS.Timeout }
  | { status: "timed"; fault: TimedFaultName; running: RunningFault };

/**
 * How long a fault the devnet's client carries out itself (`reorg`, `dropPool`) counts as under
 * way without its end: a client that died half-way does not block the devnet's faults for good.
 * Twice the longest hold a reorganisation takes.
 */
export const FAULT_LEASE_MS = 2 * MAX_FAULT_HOLD_MS;

/** The event a timed fault publishes as it takes effect. */
const startedEvent = { stall: "stalled", unreachable: "unreachable", feeSpike: "feeSpiked" } as const;

/** A refusal: its `code` travels to the client as the JSON-RPC error's `data.code`. */
export const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });

/**
 * The fault under way, as one union with its moves: `begin` (refused with `FAULT_IN_PROGRESS`
 * while anything is under way), `lease`/`release` for a client's fault, `timed` and `finish` for
 * the timed ones, which publish their events on `feed`.
 */
export function createFaultState(feed: FaultEventFeed) {
  let state: FaultState = { status: "idle" };
  let leases = 0;

  const begin = (fault: string) => {
    if (state.status !== "idle")
      throw refusal("FAULT_IN_PROGRESS", `A fault is under way (${state.fault}): faults run one at a time.`);
    state = { status: "busy", fault };
  };
  const idle = () => {
    if (state.status === "busy") clearTimeout(state.expires);
    state = { status: "idle" };
  };
  /** Ends the timed fault under way (only `fault`, when named); publishes `recovered`. */
  const finish = async (fault?: TimedFaultName): Promise<{ ended: TimedFaultName[]; seq?: number }> => {
    if (state.status !== "timed" || (fault !== undefined && state.fault !== fault)) return { ended: [] };
    const { running, fault: ending } = state;
    state = { status: "busy", fault: ending };
    try {
      await running.end();
    } finally {
      idle();
    }
    return { ended: [ending], seq: feed.publish({ type: "recovered", fault: ending }) };
  };

  return {
    begin,
    finish,
    /** Runs `work` as `fault`: under way until it settles. */
    async run<T>(fault: string, work: () => Promise<T>): Promise<T> {
      begin(fault);
      try {
        return await work();
      } finally {
        idle();
      }
    },
    /** Begins a fault the client carries out; answers its lease, ended by {@link release} or in time. */
    lease(fault: string): number {
      begin(fault);
      const lease = ++leases;
      const expires = setTimeout(
        () => state.status === "busy" && state.lease === lease && idle(),
        FAULT_LEASE_MS,
      );
      expires.unref();
      state = { status: "busy", fault, lease, expires };
      return lease;
    },
    release(lease: unknown): void {
      if (state.status === "busy" && state.lease === lease) idle();
    },
    /** Starts a timed fault and publishes its event; it is under way until its timer or `finish` ends it. */
    async timed<R extends RunningFault>(
      fault: TimedFaultName,
      start: (ended: () => void) => Promise<R>,
      event: (running: R) => Record<string, unknown>,
    ): Promise<{ running: R; seq: number }> {
      begin(fault);
      try {
        const running = await start(() => void finish(fault).catch(() => undefined));
        state = { status: "timed", fault, running };
        return { running, seq: feed.publish({ type: startedEvent[fault], ...event(running) }) };
      } catch (error) {
        idle();
        throw error;
      }
    },
    /** The timed fault under way, if any. */
    timedNow(): { fault: TimedFaultName; running: RunningFault } | undefined {
      return state.status === "timed" ? state : undefined;
    },
    /** The name of the fault under way, if any. */
    faultNow(): string | undefined {
      return state.status === "idle" ? undefined : state.fault;
    },
    /** Clears the timers; asks nothing of anvil (it is stopping). */
    close(): void {
      if (state.status === "timed") state.running.cancel();
      idle();
    },
  };
}
