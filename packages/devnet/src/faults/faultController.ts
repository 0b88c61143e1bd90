import type { ClockRelay } from "../anvil/clock/startClockRelay.js";
import { createFaultEventFeed, type FaultEventsAnswer } from "./faultEventFeed.js";
import { createFaultState, refusal } from "./faultState.js";
import { MAX_FAULT_HOLD_MS } from "./holdLimit.js";
import type { MiningRpc } from "./miningMode.js";
import { startFeeSpike, startStall, startUnreachable } from "./timedFaults.js";

export type FaultControllerOptions = {
  /** Calls to anvil (in the relay: through the clock, so that it sees the mining mode change). */
  rpc: MiningRpc;
  /** Asks the devnet's owner to restart anvil; absent: `restart` is `FAULT_UNSUPPORTED`. */
  restart?: (keepPool: boolean) => Promise<unknown>;
};

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
  const faults = createFaultState(feed);
  let held: NodeJS.Timeout | undefined;
  const relayOf = (relay: ClockRelay | undefined, fault: string) => {
    if (!relay) throw unsupported(fault);
    return relay;
  };

  const methods: Record<string, (params: unknown[], relay: ClockRelay | undefined) => Promise<unknown>> = {
    async privnet_faults_begin([fault]) {
      if (fault !== "reorg" && fault !== "dropPool")
        throw new Error(`privnet_faults_begin expects "reorg" or "dropPool", got ${JSON.stringify(fault)}`);
      return { lease: faults.lease(fault) };
    },
    async privnet_faults_end([lease, event]) {
      faults.release(lease);
      const given = event as { type?: unknown } | null | undefined;
      return { seq: typeof given?.type === "string" ? feed.publish(given as { type: string }) : null };
    },
    async privnet_faults_stall([ms]) {
      const length = positive(ms, "privnet_faults_stall", "[ms]");
      const { running, seq } = await faults.timed(
        "stall",
        (ended) => startStall(rpc, length, ended),
        ({ head, endsAt }) => ({ ms: length, head, endsAt }),
      );
      return { endsAt: running.endsAt, seq };
    },
    async privnet_faults_unreachable([ms], relay) {
      const length = positive(ms, "privnet_faults_unreachable", "[ms]");
      const on = relayOf(relay, "unreachable");
      const { running, seq } = await faults.timed(
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
      const { running, seq } = await faults.timed(
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
      return faults.run("restart", async () => {
        const answer = (await restart(keepPool)) as Record<string, unknown>;
        return { ...answer, seq: feed.publish({ type: "restarted", ...answer }) };
      });
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
      const timedNow = faults.timedNow();
      return {
        fault: faults.faultNow() ?? null,
        endsAt: timedNow?.running.endsAt ?? null,
        unreachable: timedNow?.fault === "unreachable" ? { endsAt: timedNow.running.endsAt } : null,
        feeSpike: timedNow?.fault === "feeSpike" ? { remaining: timedNow.running.remaining?.() } : null,
      };
    },
    privnet_faults_recover: () => faults.finish(),
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
      return faults.timedNow()?.running.step?.();
    },
    /** The events as they are published, in this thread. */
    subscribe: feed.subscribe,
    /** Publishes an event that is not a fault's (an admin call on the devnet's port). */
    publish: (event: { type: string } & Record<string, unknown>) => feed.publish(event),
    /** Clears every timer and answers waiting readers; asks nothing of anvil (it is stopping). */
    close(): void {
      clearTimeout(held);
      faults.close();
      feed.close();
    },
  };
}

export type FaultController = ReturnType<typeof createFaultController>;
