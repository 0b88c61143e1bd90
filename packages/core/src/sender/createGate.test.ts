import { describe, expect, it } from "vitest";
import { createBatchGate, createGate } from "./createGate.js";

/** Lets the current turn of the event loop end (a gate's group closes with it). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("createGate", () => {
  it("lets `size` callers in and the next one when one leaves, in order", async () => {
    const gate = createGate(2);
    const entered: number[] = [];
    const leaves = new Map<number, () => void>();
    for (const caller of [1, 2, 3, 4]) {
      void gate.enter().then((leave) => {
        entered.push(caller);
        leaves.set(caller, leave);
      });
    }
    await nextTurn();
    expect(entered).toEqual([1, 2]);
    leaves.get(2)?.();
    await nextTurn();
    expect(entered).toEqual([1, 2, 3]);
    leaves.get(1)?.();
    leaves.get(1)?.(); // leaving twice frees one place only
    await nextTurn();
    expect(entered).toEqual([1, 2, 3, 4]);
  });
});

describe("createBatchGate", () => {
  it("takes callers of one turn as one group, and those that arrive while the groups are busy together as the next", async () => {
    const gate = createBatchGate({ maxInside: 64, maxGroups: 1, groupSize: 100 });
    const first = await Promise.all([gate.enter(), gate.enter(), gate.enter()]);
    await nextTurn();
    // The only group is at the node: callers arriving one by one, in turns of their own, wait.
    const waiting: (() => void)[] = [];
    for (let index = 0; index < 5; index++) {
      void gate.enter().then((leave) => waiting.push(leave));
      await nextTurn();
    }
    expect(waiting).toHaveLength(0);
    for (const leave of first.slice(0, 2)) leave();
    await nextTurn();
    expect(waiting).toHaveLength(0);
    // The group's last one leaves: all five go in at once.
    first[2]?.();
    await Promise.resolve();
    expect(waiting).toHaveLength(5);
  });

  it("keeps at most `maxInside` inside and at most `groupSize` in a group", async () => {
    const gate = createBatchGate({ maxInside: 5, maxGroups: 4, groupSize: 2 });
    const inside: (() => void)[] = [];
    for (let index = 0; index < 12; index++) void gate.enter().then((leave) => inside.push(leave));
    await nextTurn();
    expect(inside).toHaveLength(5);
    // Groups of 2, 2 and 1: the first two leave, and the next two go in as a group.
    inside[0]?.();
    inside[1]?.();
    await nextTurn();
    expect(inside).toHaveLength(7);
  });

  it("opens a new group while fewer than `maxGroups` are inside", async () => {
    const gate = createBatchGate({ maxInside: 64, maxGroups: 2, groupSize: 100 });
    await gate.enter();
    await nextTurn();
    let second = false;
    void gate.enter().then(() => {
      second = true;
    });
    await Promise.resolve();
    expect(second).toBe(true);
    let third = false;
    await nextTurn();
    void gate.enter().then(() => {
      third = true;
    });
    await nextTurn();
    expect(third).toBe(false);
  });
});
