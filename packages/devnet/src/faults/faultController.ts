import type { ClockRelay } from "../anvil/clock/startClockRelay.js";
import { createFaultEventFeed, type FaultEventsAnswer } from "./faultEventFeed.js";
import { MAX_FAULT_HOLD_MS } from "./holdLimit.js";
import type { MiningRpc } from "./miningMode.js";
import { type RunningTimedFault, startFeeSpike, startStall, startUnreachable } from "./timedFaults.js";

export type FaultControllerOptions = {
  /** Calls to anvil (in the relay: through the clock, so that it sees the mining mode change). */
  rpc: MiningRpc;
  /** Asks the devnet's owner to restart anvil; absent: `restart` is `FAULT_UNSUPPORTED`. */
  restart?: (keepPool: boolean) => Promise<unknown>;
};

type TimedFaultName = "stall" | "unreachable" | "feeSpike";
type Running = RunningTimedFault & { step?: () => Promise<void>; remaining?: () => number };

/** What is under way: nothing, a fault that is over once it answers, or a timed one. */
type FaultState =
  | { status: "idle" }
  | { status: "busy"; fault: string; lease?: number; expires?: NodeJS.Timeout }
  | { status: "timed"; fault: TimedFaultName; running: Running };

/**
 * How long a fault the devnet's client carries out itself (`reorg`, `dropPool`, begun with
 * `privnet_faults_begin`) counts as under way without its `privnet_faults_end`: a client that died
 * half-way does not block the devnet's faults for good. Twice the longest hold a reorg takes.
 */
export const FAULT_LEASE_MS = 2 * MAX_FAULT_HOLD_MS;

/** A refusal: its `code` travels to the client as the JSON-RPC error's `data.code`. */
const refusal = (code: string, message: string) => Object.assign(new Error(message), { code });
const unsupported = (fault: string) =>
  refusal(
    "FAULT_UNSUPPORTED",
    `This devnet cannot carry out ${fault}: it needs the devnet's clock relay, and this devnet runs without it (clock: false).`,
  );
/** A parameter privnet's own client always sends well formed: anything else is a caller's mistake. */
function positive(value: unknown, method: string, name: string): number {
  if (typeof value === "number" && Number.isInteger(value) && value > 0) return value;
  throw new Error(`${method} expects ${name}, a positive integer, got ${JSON.stringify(value)}`);
}

/**
 * The devnet's faults, held in one place: which fault is under way (one at a time, guarded here
 * and nowhere else), the timers of the timed ones (`stall`, `unreachable`, `feeSpike`), and the
 * numbered events they make, pushed to readers (`privnet_faults_events`, a long poll, or
 * `subscribe` in the same thread). It runs in the relay's thread, answering privnet's own JSON-RPC
 * methods (`privnet_faults_*`); a devnet without the relay (`clock: false`) runs one in its own
 * process, where the faults that need the relay (`relay` absent) are `FAULT_UNSUPPORTED`.
 *
 * `reorg` and `dropPool` are many calls the devnet's client makes itself: it takes the controller
 * with `privnet_faults_begin [fault]` and hands it the event with `privnet_faults_end [lease, event]`.
 */
export function createFaultController(options: FaultControllerOptions) {
  const { rpc } = options;
  const feed = createFaultEventFeed();
  let state: FaultState = { status: "idle" };
  let leases = 0;
  let held: NodeJS.Timeout | undefined;

  /** The one guard of "one fault at a time". */
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
  /** Starts a timed fault; it is under way until its own timer or `recover` ends it. */
  const timed = async <R extends Running>(
    fault: TimedFaultName,
    start: (ended: () => void) => Promise<R>,
    event: (running: R) => Record<string, unknown>,
  ) => {
    begin(fault);
    try {
      const running = await start(() => void finish(fault).catch(() => undefined));
      state = { status: "timed", fault, running };
      return {
        running,
        seq: feed.publish({
          type: fault === "feeSpike" ? "feeSpiked" : fault === "stall" ? "stalled" : "unreachable",
          ...event(running),
        }),
      };
    } catch (error) {
      idle();
      throw error;
    }
  };
  const relayOf = (relay: ClockRelay | undefined, fault: string) => {
    if (!relay) throw unsupported(fault);
    return relay;
  };

  const methods: Record<string, (params: unknown[], relay: ClockRelay | undefined) => Promise<unknown>> = {
    async privnet_faults_begin([fault]) {
      if (fault !== "reorg" && fault !== "dropPool")
        throw new Error(`privnet_faults_begin expects "reorg" or "dropPool", got ${JSON.stringify(fault)}`);
      begin(fault);
      const lease = ++leases;
      const expires = setTimeout(
        () => state.status === "busy" && state.lease === lease && idle(),
        FAULT_LEASE_MS,
      );
      expires.unref();
      state = { status: "busy", fault, lease, expires };
      return { lease };
    },
    async privnet_faults_end([lease, event]) {
      if (state.status === "busy" && state.lease === lease) idle();
      const given = event as { type?: unknown } | null | undefined;
      return { seq: typeof given?.type === "string" ? feed.publish(given as { type: string }) : null };
    },
    async privnet_faults_stall([ms]) {
      const length = positive(ms, "privnet_faults_stall", "[ms]");
      const { running, seq } = await timed(
        "stall",
        (ended) => startStall(rpc, length, ended),
        ({ head, endsAt }) => ({ ms: length, head, endsAt }),
      );
      return { endsAt: running.endsAt, seq };
    },
    async privnet_faults_unreachable([ms], relay) {
      const length = positive(ms, "privnet_faults_unreachable", "[ms]");
      const on = relayOf(relay, "unreachable");
      const { running, seq } = await timed(
        "unreachable",
        (ended) => startUnreachable(on, length, ended),
        ({ endsAt }) => ({ ms: length, endsAt }),
      );
      return { endsAt: running.endsAt, seq };
    },
    async privnet_faults_feeSpike([baseFee, blocks], relay) {
      if (typeof baseFee !== "string" || !/^0x[0-9a-f]+$/i.test(baseFee))
        throw new Error(
          `privnet_faults_feeSpike expects [baseFee, blocks], baseFee a 0x quantity, got ${JSON.stringify(baseFee)}`,
        );
      const count = positive(blocks, "privnet_faults_feeSpike", "[baseFee, blocks]");
      relayOf(relay, "feeSpike");
      const { running, seq } = await timed(
        "feeSpike",
        (ended) => startFeeSpike(rpc, baseFee, count, ended),
        ({ fromBlock }) => ({ baseFee, blocks: count, fromBlock }),
      );
      return { fromBlock: running.fromBlock, seq };
    },
    async privnet_faults_restart([restartOptions]) {
      const { restart } = options;
      if (!restart) throw unsupported("restart");
      const keepPool = (restartOptions as { keepPool?: unknown } | undefined)?.keepPool === true;
      begin("restart");
      try {
        const answer = (await restart(keepPool)) as Record<string, unknown>;
        return { ...answer, seq: feed.publish({ type: "restarted", ...answer }) };
      } finally {
        idle();
      }
    },
    async privnet_faults_hold([ms], relay) {
      const on = relayOf(relay, "hold");
      const length = typeof ms === "number" && ms > 0 && ms <= MAX_FAULT_HOLD_MS ? ms : MAX_FAULT_HOLD_MS;
      clearTimeout(held);
      await on.hold();
      // A client that never releases (it crashed mid-fault) does not freeze the devnet.
      held = setTimeout(() => on.release(), length);
      held.unref();
      return true;
    },
    async privnet_faults_release(_params, relay) {
      clearTimeout(held);
      relayOf(relay, "release").release();
      return true;
    },
    async privnet_faults_status() {
      const timedNow = state.status === "timed" ? state : undefined;
      return {
        fault: state.status === "idle" ? null : state.fault,
        endsAt: timedNow?.running.endsAt ?? null,
        unreachable: timedNow?.fault === "unreachable" ? { endsAt: timedNow.running.endsAt } : null,
        feeSpike: timedNow?.fault === "feeSpike" ? { remaining: timedNow.running.remaining?.() } : null,
      };
    },
    privnet_faults_recover: () => finish(),
    privnet_faults_events([after, waitMs]): Promise<FaultEventsAnswer> {
      const cursor = typeof after === "number" ? after : null;
      return feed.since(cursor, typeof waitMs === "number" ? waitMs : 0);
    },
  };

  return {
    /** Answers a `privnet_faults_*` call; `relay` is the relay it came through (absent: no relay). */
    handle(call: { method: string; params: unknown[] }, relay?: ClockRelay): Promise<unknown> {
      const method = methods[call.method];
      if (!method) return Promise.reject(new Error(`the method ${call.method} does not exist`));
      return method(call.params ?? [], relay);
    },
    /** A fee spike's step, before a call that mines goes to anvil. */
    beforeMining(): Promise<void> | undefined {
      return state.status === "timed" ? state.running.step?.() : undefined;
    },
    /** The events as they are published, in this thread. */
    subscribe: feed.subscribe,
    /** Clears every timer and answers waiting readers; asks nothing of anvil (it is stopping). */
    close(): void {
      clearTimeout(held);
      if (state.status === "timed") state.running.cancel();
      idle();
      feed.close();
    },
  };
}

export type FaultController = ReturnType<typeof createFaultController>;
