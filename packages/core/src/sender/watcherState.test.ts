import { describe, expect, test } from "vitest";
import { watcherState } from "./watcherState.js";

describe("watcherState", () => {
  test("created → running (reverts counted in the status's data) → stopped, stopping again allowed", () => {
    const state = watcherState();
    expect(state.current).toEqual({ status: "created" });
    state.move({ status: "running", reverting: 0 });
    state.move({ status: "running", reverting: 1 });
    const error = new Error("closed");
    state.move({ status: "stopped", error });
    state.move({ status: "stopped", error });
    expect(state.current).toEqual({ status: "stopped", error });
  });

  test("a stopped watcher never runs again: the move is refused and the state stays", () => {
    const state = watcherState();
    state.move({ status: "stopped", error: new Error("closed") });
    expect(() => state.move({ status: "running", reverting: 0 })).toThrowError(
      expect.objectContaining({
        name: "LifecycleTransitionError",
        message: 'The transaction watcher cannot go from "stopped" to "running" (from "stopped": "stopped").',
      }),
    );
    expect(state.current.status).toBe("stopped");
  });
});
