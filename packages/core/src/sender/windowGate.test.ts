import { describe, expect, test } from "vitest";
import { type AdaptiveWindow, createAdaptiveWindow, type NodeAnswer } from "./adaptiveWindow.js";
import { createWindowGate, type NodeTurn } from "./windowGate.js";

/** A window whose size the test sets, also from inside an answer (where the real one changes). */
function stubWindow(size: number) {
  const answers: (NodeAnswer | undefined)[] = [];
  const window = {
    size,
    min: 1,
    max: 1_000,
    onAnswer: undefined as ((answer: NodeAnswer | undefined) => void) | undefined,
    start() {
      return (answer?: NodeAnswer) => {
        answers.push(answer);
        window.onAnswer?.(answer);
      };
    },
  } satisfies AdaptiveWindow & { onAnswer: unknown };
  return { window, answers };
}

/** Enters `count` times; `turns` fills in (in order of admission) as the gate lets them in. */
function enterMany(gate: ReturnType<typeof createWindowGate>, count: number) {
  const turns: { index: number; turn: NodeTurn }[] = [];
  for (let index = 0; index < count; index++) {
    void gate.enter().then((turn) => turns.push({ index, turn }));
  }
  return turns;
}

/** Lets every admission resolved so far reach its `then` (promise callbacks only, no timers). */
async function settle() {
  for (let step = 0; step < 5; step++) await Promise.resolve();
}

describe("createWindowGate", () => {
  test("lets at most the window in; the rest wait and enter in order as places free", async () => {
    const { window, answers } = stubWindow(3);
    const turns = enterMany(createWindowGate(window), 5);
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2]);
    turns[1]?.turn.leave("answered");
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3]);
    turns[0]?.turn.leave("no-answer");
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4]);
    // The window heard each answer as it was given.
    expect(answers).toEqual(["answered", "no-answer"]);
  });

  test("a window that grew at an answer lets as many waiting in at once as it now holds", async () => {
    const { window } = stubWindow(2);
    const turns = enterMany(createWindowGate(window), 8);
    await settle();
    expect(turns).toHaveLength(2);
    window.onAnswer = () => {
      window.size = 5;
    };
    turns[0]?.turn.leave("answered");
    await settle();
    // One left, four came in: five inside.
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  test("a window that shrank lets those inside finish and admits again only below its new size", async () => {
    const { window } = stubWindow(4);
    const turns = enterMany(createWindowGate(window), 7);
    await settle();
    expect(turns).toHaveLength(4);
    window.onAnswer = () => {
      window.size = 2;
    };
    turns[0]?.turn.leave("answered");
    turns[1]?.turn.leave("answered");
    await settle();
    // Two still inside, at the new size: nobody enters.
    expect(turns).toHaveLength(4);
    turns[2]?.turn.leave("answered");
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4]);
    turns[3]?.turn.leave("answered");
    turns[4]?.turn.leave("answered");
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  test("leaving twice gives back one place only", async () => {
    const { window, answers } = stubWindow(1);
    const turns = enterMany(createWindowGate(window), 3);
    await settle();
    turns[0]?.turn.leave("answered");
    turns[0]?.turn.leave("answered");
    await settle();
    expect(turns.map((t) => t.index)).toEqual([0, 1]);
    expect(answers).toHaveLength(1);
  });

  test("under a window that moves at every answer, never more inside than it allows, and nobody lost", async () => {
    const { window } = stubWindow(4);
    const gate = createWindowGate(window);
    // A fixed pseudo-random sequence: the run is the same every time.
    let seed = 7;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    window.onAnswer = () => {
      window.size = 1 + next(10);
    };
    let inside = 0;
    let admittedOverSize = 0;
    const entered: number[] = [];
    const held: NodeTurn[] = [];
    const total = 300;
    for (let index = 0; index < total; index++) {
      void gate.enter().then((turn) => {
        inside++;
        if (inside > window.size) admittedOverSize++;
        entered.push(index);
        held.push(turn);
      });
    }
    while (entered.length < total || held.length > 0) {
      await settle();
      // Answers come back in any order, not first in first out.
      const turn = held.splice(next(held.length), 1)[0];
      if (!turn) throw new Error(`stalled with ${entered.length} of ${total} admitted`);
      inside--;
      turn.leave("answered");
    }
    expect(admittedOverSize).toBe(0);
    expect(entered).toEqual(Array.from({ length: total }, (_, index) => index));
    expect(inside).toBe(0);
  });

  test("over an adaptive window of maxInFlight 1: one at a time", async () => {
    const turns = enterMany(createWindowGate(createAdaptiveWindow({ maxInFlight: 1 })), 3);
    for (const expected of [1, 2, 3]) {
      await settle();
      expect(turns).toHaveLength(expected);
      turns[expected - 1]?.turn.leave("answered");
    }
  });
});
