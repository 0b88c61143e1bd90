// The fault controller's events, numbered, pushed to whoever waits for them. It runs in the
// relay's thread: this file imports nothing.

/** A fault event as the controller keeps it: JSON (block numbers and wei as 0x quantities). */
export type WireFaultEvent = { type: string; at: string } & Record<string, unknown>;

/** An event with its number: numbers only grow, one per event. */
export type NumberedFaultEvent = { seq: number; event: WireFaultEvent };

/** What `privnet_faults_events` answers: the events after the cursor, and the cursor to ask from next. */
export type FaultEventsAnswer = { events: NumberedFaultEvent[]; last: number };

/** The longest a `privnet_faults_events` call waits for an event before it answers none. */
export const MAX_EVENTS_WAIT_MS = 25_000;
/** Events kept for a reader that fell behind. */
const KEPT_EVENTS = 200;

export type FaultEventFeed = ReturnType<typeof createFaultEventFeed>;

/**
 * Numbers and keeps the last fault events; `since` answers those after a cursor at once, or waits
 * (at most {@link MAX_EVENTS_WAIT_MS}) for the next one: a long poll, answered the moment an event
 * is published. `subscribe` hands them to listeners in the same thread, as they are published.
 */
export function createFaultEventFeed(now: () => Date = () => new Date()) {
  let last = 0;
  const kept: NumberedFaultEvent[] = [];
  const waiting = new Set<() => void>();
  const listeners = new Set<(entry: NumberedFaultEvent) => void>();
  const after = (cursor: number) => kept.filter((entry) => entry.seq > cursor);

  return {
    /** Stamps `event` with the time, numbers it and wakes every reader; answers its number. */
    publish(event: { type: string } & Record<string, unknown>): number {
      const entry = { seq: ++last, event: { ...event, at: now().toISOString() } };
      kept.push(entry);
      if (kept.length > KEPT_EVENTS) kept.shift();
      for (const wake of [...waiting]) wake();
      for (const listener of listeners) {
        try {
          listener(entry);
        } catch {
          // A listener's failure is its own.
        }
      }
      return entry.seq;
    },
    /**
     * The events after `cursor` (null: none, only where the feed is now), waiting up to `waitMs`
     * for one when there are none yet.
     */
    async since(cursor: number | null, waitMs: number): Promise<FaultEventsAnswer> {
      if (cursor === null) return { events: [], last };
      if (after(cursor).length === 0 && waitMs > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(wake, Math.min(waitMs, MAX_EVENTS_WAIT_MS));
          function wake() {
            clearTimeout(timer);
            waiting.delete(wake);
            resolve();
          }
          waiting.add(wake);
        });
      }
      return { events: after(cursor), last };
    },
    subscribe(listener: (entry: NumberedFaultEvent) => void): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Answers every waiting reader now (the relay is closing). */
    close(): void {
      for (const wake of [...waiting]) wake();
      listeners.clear();
    },
  };
}
