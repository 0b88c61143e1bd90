import { describe, expect, test } from "vitest";
import { defineInstance, type InstanceState } from "./defineInstance.js";
import { lifecycleState } from "./lifecycleState.js";
import { withInstance } from "./withInstance.js";

/** A start or stop the test finishes by hand, to see what happens while it runs. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("defineInstance", () => {
  test("starts, restarts and stops, telling each move", async () => {
    const calls: string[] = [];
    const node = defineInstance({
      name: "node",
      start: () => calls.push("start"),
      stop: () => calls.push("stop"),
    });
    const moves: string[] = [];
    node.on("status", (state, previous) => moves.push(`${previous.status}→${state.status}`));
    await node.start();
    await node.restart();
    await node.stop();
    await node.start();
    expect(calls).toEqual(["start", "stop", "start", "stop", "start"]);
    expect(moves).toEqual([
      "idle→starting",
      "starting→started",
      "started→stopping",
      "stopping→stopped",
      "stopped→starting",
      "starting→started",
      "started→stopping",
      "stopping→stopped",
      "stopped→starting",
      "starting→started",
    ]);
  });

  test("calls made while one runs wait their turn, in order; a repeated call joins the one queued", async () => {
    const calls: string[] = [];
    const slowStart = gate();
    const node = defineInstance({
      name: "node",
      start: async () => {
        calls.push("start");
        if (calls.length === 1) await slowStart.opened;
      },
      stop: () => calls.push("stop"),
    });
    const first = node.start();
    expect(node.start()).toBe(first);
    const stopped = node.stop();
    expect(node.stop()).toBe(stopped);
    const restarted = node.restart();
    expect(node.status).toBe("starting");
    slowStart.open();
    await Promise.all([first, stopped, restarted]);
    expect(calls).toEqual(["start", "stop", "start"]);
    expect(node.status).toBe("started");
  });

  test("a failed start is kept with its error; start refuses until stop undid it, restart does both", async () => {
    let attempts = 0;
    const calls: string[] = [];
    const node = defineInstance({
      name: "the relay",
      start: () => {
        attempts++;
        if (attempts === 1) throw new Error("port taken");
      },
      stop: () => calls.push("stop"),
    });
    await expect(node.start()).rejects.toThrow("port taken");
    expect(node.state).toMatchObject({ status: "failed", error: new Error("port taken") });
    await expect(node.start()).rejects.toMatchObject({
      name: "LifecycleTransitionError",
      message: 'The relay cannot go from "failed" to "starting" (from "failed": "stopping").',
    });
    await node.restart();
    expect(calls).toEqual(["stop"]);
    expect(node.status).toBe("started");
  });

  test("a stop that throws leaves it stopped and rejects; it starts again afterwards", async () => {
    let failStop = true;
    const node = defineInstance({
      name: "node",
      stop: () => {
        if (failStop) throw new Error("busy");
      },
    });
    await node.start();
    await expect(node.stop()).rejects.toThrow("busy");
    expect(node.status).toBe("stopped");
    failStop = false;
    await node.start();
    expect(node.status).toBe("started");
  });

  test("await using stops it", async () => {
    const calls: string[] = [];
    {
      await using node = defineInstance({ name: "node", stop: () => calls.push("stop") });
      await node.start();
    }
    expect(calls).toEqual(["stop"]);
  });
});

describe("withInstance", () => {
  test("an object answered by a start function shows its instance's status, events and stop", async () => {
    const calls: string[] = [];
    const instance = defineInstance({ name: "the node", stop: () => calls.push("stop") });
    await instance.start();
    const node = withInstance(
      {
        url: "http://127.0.0.1:1",
        get calls() {
          return calls.length;
        },
      },
      instance,
    );
    const moves: string[] = [];
    node.on("status", (state) => moves.push(state.status));
    expect(node).toMatchObject({ name: "the node", status: "started", url: "http://127.0.0.1:1", calls: 0 });
    await Promise.all([node.stop(), node.stop()]);
    expect(node.status).toBe("stopped");
    expect(node.state).toEqual({ status: "stopped" });
    expect(node.calls).toBe(1);
    expect(moves).toEqual(["stopping", "stopped"]);
    await node[Symbol.asyncDispose]();
    expect(calls).toEqual(["stop"]);
  });
});

describe("lifecycleState", () => {
  type Runner = { status: "stopped" } | { status: "running"; setupDone: boolean };
  const moves = { stopped: ["running"], running: ["running", "stopped"] } as const;

  test("moves through the table, data and all, and tells each move", () => {
    const seen: string[] = [];
    const state = lifecycleState<Runner>(
      "the transfer bot's runner",
      moves,
      { status: "stopped" },
      (next, previous) => seen.push(`${previous.status}→${next.status}`),
    );
    state.move({ status: "running", setupDone: false });
    state.move({ status: "running", setupDone: true });
    expect(state.current).toEqual({ status: "running", setupDone: true });
    expect(state.can("stopped")).toBe(true);
    expect(seen).toEqual(["stopped→running", "running→running"]);
  });

  test("refuses a move the table lacks and keeps the state as it was", () => {
    const state = lifecycleState<Runner>("the transfer bot's runner", moves, { status: "stopped" });
    expect(() => state.move({ status: "stopped" })).toThrowError(
      'The transfer bot\'s runner cannot go from "stopped" to "stopped" (from "stopped": "running").',
    );
    expect(state.current).toEqual({ status: "stopped" });
  });

  test("an instance's state is one of its union's members", () => {
    const node = defineInstance({ name: "node" });
    const state: InstanceState = node.state;
    expect(state).toEqual({ status: "idle" });
  });
});
