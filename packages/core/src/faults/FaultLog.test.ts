import { describe, expect, test } from "vitest";
import type { ChainFaultEvent, ChainFaults } from "../chain/ChainFaults.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { FAULT_HISTORY_KEY, FaultLog } from "./FaultLog.js";

/** The one part of a ChainFaults the log uses, fed by hand: what it keeps, not what a chain does. */
function eventSource() {
  const listeners = new Set<(event: ChainFaultEvent) => void>();
  const source: Pick<ChainFaults, "subscribe"> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const emit = (ms: number) => {
    for (const listener of listeners) listener(stalled(ms));
  };
  return { source, emit, listeners };
}

const stalled = (ms: number): ChainFaultEvent => ({
  type: "stalled",
  at: "2026-11-28T10:00:00.000Z",
  ms,
  head: 1n,
  endsAt: "2026-11-28T10:00:01.000Z",
});

describe("FaultLog", () => {
  test("keeps the last events newest first, bounded, and announces each after keeping it", () => {
    const { source, emit } = eventSource();
    const announced: number[] = [];
    const log = new FaultLog(
      source,
      (event) => {
        // The history holds the event by the time it is announced.
        expect(log.history(1)[0]).toBe(event);
        if (event.type === "stalled") announced.push(event.ms);
      },
      3,
    );
    void log.start();
    for (const ms of [1, 2, 3, 4, 5]) emit(ms);
    expect(announced).toEqual([1, 2, 3, 4, 5]);
    expect(log.history().map((event) => (event.type === "stalled" ? event.ms : 0))).toEqual([5, 4, 3]);
    expect(log.history(2)).toHaveLength(2);
  });

  test("hears nothing before start or after stop, and subscribes once however often started", () => {
    const { source, emit, listeners } = eventSource();
    const log = new FaultLog(source, () => {});
    emit(1);
    void log.start();
    void log.start();
    expect(listeners.size).toBe(1);
    emit(2);
    void log.stop();
    expect(listeners.size).toBe(0);
    emit(3);
    expect(log.history().map((event) => (event.type === "stalled" ? event.ms : 0))).toEqual([2]);
  });

  test("without faults it keeps nothing", () => {
    const log = new FaultLog(undefined, () => {});
    void log.start();
    expect(log.history()).toEqual([]);
    void log.stop();
  });

  test("with a store, the history outlives the log: a new one on the same storage starts with it, bigints intact", async () => {
    const storage = memoryStorage();
    const first = eventSource();
    const log = new FaultLog(first.source, () => undefined, 3, storage.state);
    await log.start();
    first.emit(1);
    const audit: ChainFaultEvent = {
      type: "adminCall",
      at: "2026-11-29T08:00:00.000Z",
      method: "anvil_setBalance",
      client: "10.0.0.7",
      token: "admin",
      block: 12n,
    };
    for (const listener of first.listeners) listener(audit);
    await log.stop();
    expect(await storage.state.get(FAULT_HISTORY_KEY)).toHaveLength(2);

    const second = eventSource();
    const again = new FaultLog(second.source, () => undefined, 3, storage.state);
    await again.start();
    expect(again.history()).toEqual([audit, stalled(1)]);
    // New events go in front of the kept ones, within the limit.
    second.emit(2);
    second.emit(3);
    expect(again.history().map((event) => (event.type === "stalled" ? event.ms : event.type))).toEqual([
      3,
      2,
      "adminCall",
    ]);
    await again.stop();
    expect(await storage.state.get(FAULT_HISTORY_KEY)).toHaveLength(3);
  });
});
