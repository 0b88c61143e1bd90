import { describe, expect, test } from "vitest";
import { defineService } from "./defineService.js";
import { startServices } from "./startServices.js";
import { stopServices } from "./stopServices.js";

/** A start the test finishes by hand, or a moment it waits for. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

function recorder() {
  const calls: string[] = [];
  const service = (name: string, fail?: "start" | "stop") =>
    defineService({
      name,
      async start() {
        calls.push(`start ${name}`);
        if (fail === "start") throw new Error(`${name} did not start`);
      },
      async stop() {
        calls.push(`stop ${name}`);
        if (fail === "stop") throw new Error(`${name} did not stop`);
      },
    });
  return { calls, service };
}

describe("defineService", () => {
  test("goes idle → started → stopped, running start and stop once each", async () => {
    const { calls, service } = recorder();
    const db = service("db");
    expect(db.state).toEqual({ status: "idle" });
    const started = db.start();
    expect(db.state).toEqual({ status: "starting" });
    await started;
    expect(db.state).toEqual({ status: "started" });
    const stopping = db.stop();
    // A second stop waits for the first; stop does not run twice.
    const again = db.stop();
    expect(again).toBe(stopping);
    await Promise.all([stopping, again]);
    expect(db.state).toEqual({ status: "stopped" });
    expect(calls).toEqual(["start db", "stop db"]);
  });

  test("a second start is harmless; a start after stop is refused with the move it lacks", async () => {
    const { calls, service } = recorder();
    const db = service("db");
    await db.start();
    await db.start();
    expect(calls).toEqual(["start db"]);
    await db.stop();
    await expect(db.start()).rejects.toMatchObject({
      name: "LifecycleTransitionError",
      owner: "db",
      from: "stopped",
      to: "starting",
    });
  });

  test("a failed start is kept as failed with its error, and stop() still undoes it", async () => {
    const { calls, service } = recorder();
    const db = service("db", "start");
    await expect(db.start()).rejects.toThrow("db did not start");
    expect(db.state).toMatchObject({ status: "failed", error: new Error("db did not start") });
    await db.stop();
    expect(db.state).toEqual({ status: "stopped" });
    expect(calls).toEqual(["start db", "stop db"]);
  });

  test("a service never started stops without running its stop", async () => {
    const { calls, service } = recorder();
    const db = service("db");
    await db.stop();
    expect(db.state).toEqual({ status: "stopped" });
    expect(calls).toEqual([]);
  });

  test("stop() during a start waits for the start to settle, then stops", async () => {
    const calls: string[] = [];
    let finishStart: () => void = () => {};
    const slow = defineService({
      name: "slow",
      start: () =>
        new Promise<void>((resolve) => {
          finishStart = () => {
            calls.push("started");
            resolve();
          };
        }),
      stop: () => {
        calls.push("stopped");
      },
    });
    const started = slow.start();
    const stopped = slow.stop();
    expect(slow.state.status).toBe("starting");
    finishStart();
    await Promise.all([started, stopped]);
    expect(calls).toEqual(["started", "stopped"]);
    expect(slow.state.status).toBe("stopped");
  });

  test("a stop that throws still leaves the service stopped, and says why", async () => {
    const { service } = recorder();
    const db = service("db", "stop");
    await db.start();
    await expect(db.stop()).rejects.toThrow("db did not stop");
    expect(db.state).toEqual({ status: "stopped" });
  });
});

describe("startServices and stopServices", () => {
  test("start in order and stop in the reverse order", async () => {
    const { calls, service } = recorder();
    const services = [service("storage"), service("watcher"), service("bots")];
    await startServices(services);
    await stopServices(services);
    expect(calls).toEqual([
      "start storage",
      "start watcher",
      "start bots",
      "stop bots",
      "stop watcher",
      "stop storage",
    ]);
  });

  test("a failed start stops what began in reverse, the failed one included, and throws its error", async () => {
    const { calls, service } = recorder();
    const services = [service("storage"), service("watcher", "start"), service("bots")];
    await expect(startServices(services)).rejects.toThrow("watcher did not start");
    expect(calls).toEqual(["start storage", "start watcher", "stop watcher", "stop storage"]);
    expect(services.map((entry) => entry.state.status)).toEqual(["stopped", "stopped", "stopped"]);
    // Stopping again (a close after the failure) runs nothing twice.
    await stopServices(services);
    expect(calls).toHaveLength(4);
  });

  test("a stop that throws does not keep the services before it running", async () => {
    const { calls, service } = recorder();
    const services = [service("storage"), service("watcher", "stop"), service("bots")];
    await startServices(services);
    await expect(stopServices(services)).rejects.toThrow("watcher did not stop");
    expect(calls.slice(3)).toEqual(["stop bots", "stop watcher", "stop storage"]);
  });

  test("an aborted signal starts nothing more: the one starting finishes, then what started stops in reverse", async () => {
    const { calls, service } = recorder();
    const controller = new AbortController();
    const watcher = defineService({
      name: "watcher",
      start() {
        calls.push("start watcher");
        controller.abort(new Error("Ctrl-C"));
      },
      stop: () => {
        calls.push("stop watcher");
      },
    });
    const services = [service("storage"), watcher, service("bots")];
    await expect(startServices(services, { signal: controller.signal })).rejects.toThrow("Ctrl-C");
    expect(calls).toEqual(["start storage", "start watcher", "stop watcher", "stop storage"]);
    expect(services.map((entry) => entry.status)).toEqual(["stopped", "stopped", "stopped"]);
  });

  test("a group starts together once what comes before it started; its members stop in reverse, after what follows it", async () => {
    const { calls, service } = recorder();
    const slowAdmin = gate();
    const oracleStarted = gate();
    const admin = defineService({
      name: "admin",
      async start() {
        calls.push("start admin");
        await slowAdmin.opened;
      },
      stop: () => {
        calls.push("stop admin");
      },
    });
    const oracle = defineService({
      name: "oracle",
      start() {
        calls.push("start oracle");
        oracleStarted.open();
      },
      stop: () => {
        calls.push("stop oracle");
      },
    });
    const services = [service("platform"), [admin, oracle], service("blocks")];
    const started = startServices(services);
    // The oracle starts while the admin API's start still runs; what follows the group waits for both.
    await oracleStarted.opened;
    expect(calls).toEqual(["start platform", "start admin", "start oracle"]);
    slowAdmin.open();
    await started;
    await stopServices(services);
    expect(calls.slice(3)).toEqual([
      "start blocks",
      "stop blocks",
      "stop oracle",
      "stop admin",
      "stop platform",
    ]);
  });

  test("a group member that fails stops the group and what came before, and its error is thrown", async () => {
    const { calls, service } = recorder();
    const services = [service("platform"), [service("admin", "start"), service("oracle")], service("blocks")];
    await expect(startServices(services)).rejects.toThrow("admin did not start");
    expect(calls).toEqual([
      "start platform",
      "start admin",
      "start oracle",
      "stop oracle",
      "stop admin",
      "stop platform",
    ]);
  });

  test("several stops that throw: all stop, then one AggregateError names each, in stop order", async () => {
    const { service } = recorder();
    const services = [service("storage", "stop"), service("watcher"), service("bots", "stop")];
    await startServices(services);
    const error = await stopServices(services).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).message).toBe(
      "2 parts failed to stop (bots: bots did not stop; storage: storage did not stop).",
    );
    expect((error as AggregateError).errors.map((entry: Error) => entry.message)).toEqual([
      "bots did not stop",
      "storage did not stop",
    ]);
    expect(services.map((entry) => entry.status)).toEqual(["stopped", "stopped", "stopped"]);
  });
});
