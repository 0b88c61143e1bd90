import { describe, expect, test } from "vitest";
import { LifecycleTransitionError } from "../lifecycle/lifecycleState.js";
import { RUNNER_MOVES, type RunnerState, type RunnerStatus, runnerLifecycle } from "./RunnerState.js";

const STATUSES = Object.keys(RUNNER_MOVES) as RunnerStatus[];

/** A state of each status, with the data it carries. */
const STATES: { [Status in RunnerStatus]: Extract<RunnerState, { status: Status }> } = {
  stopped: { status: "stopped" },
  starting: { status: "starting" },
  running: { status: "running", setupDone: false },
  stopping: { status: "stopping", reason: "request", stored: { running: false, config: null } },
  closed: { status: "closed", stored: { running: true, config: null } },
};

const move = (from: RunnerStatus, to: RunnerStatus, bot?: string) =>
  runnerLifecycle(bot, STATES[from]).move(STATES[to]);

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
    const state = runnerLifecycle("transfer", STATES[from]);
    expect(state.move(STATES[to])).toBe(STATES[to]);
    expect(state.current).toBe(STATES[to]);
  });

  test.each(refused)("%s → %s throws, and the state stays", (from, to) => {
    const state = runnerLifecycle("transfer", STATES[from]);
    expect(() => state.move(STATES[to])).toThrow(LifecycleTransitionError);
    expect(() => state.move(STATES[to])).toThrow(
      `The transfer bot's runner cannot go from "${from}" to "${to}"`,
    );
    expect(state.current).toBe(STATES[from]);
  });

  test("the error names the moves there are", () => {
    expect(() => move("closed", "starting")).toThrowErrorMatchingInlineSnapshot(
      `[LifecycleTransitionError: A bot runner cannot go from "closed" to "starting" (from "closed": none).]`,
    );
    expect(() => move("starting", "stopped", "nft")).toThrowErrorMatchingInlineSnapshot(
      `[LifecycleTransitionError: The nft bot's runner cannot go from "starting" to "stopped" (from "starting": "running").]`,
    );
  });

  test("the usual lives are walks through the table", () => {
    const walk = (...path: RunnerStatus[]) => {
      const state = runnerLifecycle(undefined, STATES[path[0] as RunnerStatus]);
      for (const status of path.slice(1)) state.move(STATES[status]);
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
    expect(() => walk("running", "stopped")).toThrow(LifecycleTransitionError);
    expect(() => walk("stopped", "running")).toThrow(LifecycleTransitionError);
    expect(() => walk("stopping", "closed", "starting")).toThrow(LifecycleTransitionError);
  });
});
