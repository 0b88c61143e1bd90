import { request } from "node:http";
import type { ChainFaultEvent } from "@privnet/core";
import type { FaultController } from "./faultController.js";
import { type FaultEventsAnswer, MAX_EVENTS_WAIT_MS, type NumberedFaultEvent } from "./faultEventFeed.js";
import type { FaultRpc } from "./faultRpc.js";
import { eventFromWire, faultErrorOf, isFaultCode } from "./faultWire.js";

/**
 * How the devnet's faults client reaches the fault controller: its `privnet_faults_*` methods, and
 * its events pushed to the client's listeners.
 */
export type FaultChannel = {
  call<T>(method: string, params?: unknown[]): Promise<T>;
  subscribe(listener: (event: ChainFaultEvent) => void): () => void;
  /** Resolves once the listeners were handed the event numbered `seq` (at once without listeners). */
  delivered(seq: number | null | undefined): Promise<void>;
  close(): void;
};

/** Listeners, and the events handed to them in their numbers' order. */
function createDelivery() {
  const listeners = new Set<(event: ChainFaultEvent) => void>();
  let last = 0;
  const waiting = new Map<number, (() => void)[]>();
  /** Whoever waits for an event up to `seq` waits no longer. */
  const wakeUpTo = (seq: number) => {
    for (const [at, wakes] of waiting)
      if (at <= seq) {
        waiting.delete(at);
        for (const wake of wakes) wake();
      }
  };
  return {
    listeners,
    deliver({ seq, event }: NumberedFaultEvent) {
      if (seq <= last) return;
      last = seq;
      const decoded = eventFromWire(event);
      for (const listener of [...listeners]) {
        try {
          listener(decoded);
        } catch {
          // A listener's failure is its own.
        }
      }
      wakeUpTo(seq);
    },
    /**
     * The feed stands at `seq` without having delivered what came before (it started, or started
     * again, after those events).
     */
    passed: wakeUpTo,
    /** Resolves once `seq` is delivered or passed, or `flush` is called. */
    reached(seq: number) {
      if (seq <= last) return Promise.resolve();
      return new Promise<void>((resolve) => waiting.set(seq, [...(waiting.get(seq) ?? []), resolve]));
    },
    flush() {
      for (const wakes of waiting.values()) for (const wake of wakes) wake();
      waiting.clear();
    },
  };
}

/** The controller in this process (a devnet without its relay): its events arrive as they happen. */
export function localFaultChannel(controller: FaultController): FaultChannel {
  const delivery = createDelivery();
  const stop = controller.subscribe((entry) => delivery.deliver(entry));
  return {
    async call<T>(method: string, params: unknown[] = []) {
      try {
        return (await controller.handle({ method, params })) as T;
      } catch (error) {
        const { code, message } = error as { code?: unknown; message: string };
        throw isFaultCode(code) ? faultErrorOf(code, message) : error;
      }
    },
    subscribe(listener) {
      delivery.listeners.add(listener);
      return () => delivery.listeners.delete(listener);
    },
    delivered: () => Promise.resolve(),
    close: stop,
  };
}

/**
 * The controller in the relay, at `url` (its faults port): calls over JSON-RPC, and while anyone
 * listens, one `privnet_faults_events` long poll at a time, answered by the relay the moment an
 * event is published — no state is polled. Its socket does not keep the process alive.
 */
export function remoteFaultChannel(url: string, rpc: FaultRpc): FaultChannel {
  const delivery = createDelivery();
  let feed: { stop(): void; ready: Promise<void> } | undefined;

  const follow = () => {
    let stopped = false;
    let current: ReturnType<typeof request> | undefined;
    let ready!: () => void;
    const started = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const poll = (after: number | null) =>
      new Promise<FaultEventsAnswer>((resolve, reject) => {
        const body = JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "privnet_faults_events",
          params: [after, after === null ? 0 : MAX_EVENTS_WAIT_MS],
        });
        current = request(url, {
          method: "POST",
          agent: false,
          headers: { "content-type": "application/json" },
        });
        current.on("socket", (socket) => socket.unref());
        current.on("error", reject);
        current.on("response", (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            try {
              const answer = JSON.parse(Buffer.concat(chunks).toString()) as { result?: FaultEventsAnswer };
              if (answer.result) resolve(answer.result);
              else reject(new Error("privnet_faults_events was refused"));
            } catch (error) {
              reject(error);
            }
          });
        });
        current.end(body);
      });
    void (async () => {
      let after: number | null = null;
      while (!stopped) {
        try {
          const { events, last } = await poll(after);
          for (const entry of events) delivery.deliver(entry);
          delivery.passed(last);
          after = Math.max(last, after ?? 0);
          ready();
        } catch {
          // The relay closed the connection (anvil restarted, the devnet stops): ask again. A
          // fault asked meanwhile does not wait for the feed to start.
          ready();
          if (stopped) break;
          await new Promise((resolve) => setTimeout(resolve, 50).unref());
        }
      }
      delivery.flush();
    })();
    return {
      ready: started,
      stop() {
        stopped = true;
        current?.destroy();
        ready();
        delivery.flush();
      },
    };
  };

  return {
    async call<T>(method: string, params: unknown[] = []) {
      // The feed knows where the events stand before a fault makes one.
      await feed?.ready;
      return rpc<T>(method, params);
    },
    subscribe(listener) {
      delivery.listeners.add(listener);
      feed ??= follow();
      return () => {
        delivery.listeners.delete(listener);
        if (delivery.listeners.size > 0) return;
        feed?.stop();
        feed = undefined;
      };
    },
    delivered(seq) {
      return feed && typeof seq === "number" ? delivery.reached(seq) : Promise.resolve();
    },
    close() {
      feed?.stop();
      feed = undefined;
    },
  };
}

/** The two ways a fault is asked of the controller, each resolving once the listeners got its event. */
export function faultCalls(channel: FaultChannel) {
  return {
    /** A `reorg` or `dropPool` carried out by `work` between the controller's `begin` and `end`. */
    async carriedOut<T>(fault: "reorg" | "dropPool", work: () => Promise<[T, Record<string, unknown>]>) {
      const { lease } = await channel.call<{ lease: number }>("privnet_faults_begin", [fault]);
      let outcome: [T, Record<string, unknown>];
      try {
        outcome = await work();
      } catch (error) {
        // Ended without an event; the controller's lease runs out on its own if this is refused too.
        await channel.call("privnet_faults_end", [lease, null]).catch(() => undefined);
        throw error;
      }
      const { seq } = await channel.call<{ seq: number | null }>("privnet_faults_end", [lease, outcome[1]]);
      await channel.delivered(seq);
      return outcome[0];
    },
    /** A fault the controller carries out (its answer numbers its event, `seq`). */
    async answered<T extends { seq?: number | null }>(method: string, params: unknown[]): Promise<T> {
      const answer = await channel.call<T>(method, params);
      await channel.delivered(answer.seq);
      return answer;
    },
  };
}
