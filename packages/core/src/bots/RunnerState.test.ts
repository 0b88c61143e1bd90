import { describe, expect, test } from "vitest";
import { RUNNER_MOVES, type RunnerStatus, RunnerTransitionError, transition } from "./RunnerState.js";

const STATUSES = Object.keys(RUNNER_MOVES) as RunnerStatus[];

describe("the runner's transition table", () => {
  test("lists the moves a bot's life takes, and no others", () => {
    expect(RUNNER_MOVES).toMatchInlineSnapshot(`
      {
        "closed": [],
        "running": [
          "running",
          "stopping",
        ],
        "starting": [
          "running",
        ],
        "stopped": [
          "stopped",
          "starting",
          "stopping",
        ],
        "stopping": [
          "stopped",
          "closed",
        ],
      }
    `);
  });

  const moves = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
  const allowed = moves.filter(([from, to]) => (RUNNER_MOVES[from] as readonly RunnerStatus[]).includes(to));
  const refused = moves.filter(([from, to]) => !(RUNNER_MOVES[from] as readonly RunnerStatus[]).includes(to));

  test.each(allowed)("%s → %s is allowed", (from, to) => {
    expect(() => transition(from, to)).not.toThrow();
  });

  test.each(refused)("%s → %s throws", (from, to) => {
    expect(() => transition(from, to, "transfer")).toThrow(RunnerTransitionError);
    expect(() => transition(from, to, "transfer")).toThrow(
      `The transfer bot's runner cannot go from "${from}" to "${to}"`,
    );
  });

  test("the error names the moves there are", () => {
    expect(() => transition("closed", "starting")).toThrowErrorMatchingInlineSnapshot(
      `[RunnerTransitionError: A bot runner cannot go from "closed" to "starting" (from "closed": none).]`,
    );
    expect(() => transition("starting", "stopped", "nft")).toThrowErrorMatchingInlineSnapshot(
      `[RunnerTransitionError: The nft bot's runner cannot go from "starting" to "stopped" (from "starting": "running").]`,
    );
  });

  test("the usual lives are walks through the table", () => {
    const walk = (...path: RunnerStatus[]) => {
      for (let index = 1; index < path.length; index++)
        transition(path[index - 1] as RunnerStatus, path[index] as RunnerStatus);
    };
    // start, setup done, the chain goes back (setup due again), stop, start again, close
    expect(() =>
      walk(
        "stopped",
        "starting",
        "running",
        "running",
        "running",
        "stopping",
        "stopped",
        "starting",
        "running",
        "stopping",
        "closed",
      ),
    ).not.toThrow();
    // held for a later resume, closed before it came
    expect(() => walk("stopped", "stopped", "stopping", "closed")).not.toThrow();
    // a stop skipping the wind-down, a start skipping the store, a start after close
    expect(() => walk("running", "stopped")).toThrow(RunnerTransitionError);
    expect(() => walk("stopped", "running")).toThrow(RunnerTransitionError);
    expect(() => walk("stopping", "closed", "starting")).toThrow(RunnerTransitionError);
  });
});
