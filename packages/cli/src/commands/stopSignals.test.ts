import { afterEach, describe, expect, test } from "vitest";
import { catchStopSignals, SAME_STOP_REQUEST_MS } from "./stopSignals.js";

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

/** Catches the signals with a clock the test moves, and hands back the listener it added. */
function caught() {
  const lines: string[] = [];
  const exits: number[] = [];
  let now = 0;
  const before = new Set(process.listeners("SIGINT"));
  const stop = catchStopSignals({
    write: (line) => lines.push(line),
    exit: (code) => exits.push(code),
    now: () => now,
  });
  disposers.push(stop.dispose);
  const listener = process.listeners("SIGINT").find((candidate) => !before.has(candidate)) as (
    signal: NodeJS.Signals,
  ) => void;
  return {
    stop,
    lines,
    exits,
    send: (signal: NodeJS.Signals, at: number) => {
      now = at;
      listener(signal);
    },
  };
}

describe("catchStopSignals", () => {
  test("the first signal asks for a stop; the same Ctrl-C passed on by npm and pnpm (SIGINT, SIGTERM) is not a second", async () => {
    const { stop, lines, exits, send } = caught();
    expect(stop.signal.aborted).toBe(false);
    send("SIGINT", 0);
    send("SIGINT", 3);
    send("SIGTERM", 40);
    expect(stop.signal.aborted).toBe(true);
    expect(stop.signal.reason).toBe("SIGINT");
    await expect(stop.requested).resolves.toBe("SIGINT");
    expect(lines).toEqual(["\nprivnet: SIGINT, stopping…"]);
    expect(exits).toEqual([]);
  });

  test("a second Ctrl-C after the first has passed on exits at once with 130", () => {
    const { lines, exits, send } = caught();
    send("SIGTERM", 0);
    send("SIGINT", SAME_STOP_REQUEST_MS);
    expect(lines).toEqual([
      "\nprivnet: SIGTERM, stopping…",
      "privnet: SIGINT again, exiting without waiting.",
    ]);
    expect(exits).toEqual([130]);
  });

  test("dispose() stops listening to both signals", () => {
    const before = [process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")];
    const stop = catchStopSignals({ write: () => {} });
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(
      before.map((n) => n + 1),
    );
    stop.dispose();
    expect([process.listenerCount("SIGINT"), process.listenerCount("SIGTERM")]).toEqual(before);
  });
});
