import { readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { spawnFixture } from "./fixtures/spawnFixture.js";
import { loadNodeSqlite } from "./loadNodeSqlite.js";
import { sqliteStorage } from "./sqliteStorage.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-sqlite-locks-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test("three processes sharing one file never hold the same key at once", async () => {
  const path = join(dir, "privnet.db");
  const log = join(dir, "lock.log");
  writeFileSync(log, "");
  const rounds = 15;
  // All three open the new file at once, so this also runs their migrations concurrently.
  const workers = [1, 2, 3].map(() =>
    spawnFixture("countUnderLock", [path, log, String(rounds), "0xShared"]),
  );
  for (const worker of workers) {
    expect(await worker.exited, worker.stderr()).toBe(0);
    expect(worker.lines).toContain("done");
  }

  // Every "enter" is followed by the "exit" of the same process before anyone else enters.
  const events = readFileSync(log, "utf8").trim().split("\n");
  expect(events).toHaveLength(3 * rounds * 2);
  for (let index = 0; index < events.length; index += 2) {
    const [enter, exit] = [events[index], events[index + 1]];
    expect(enter?.startsWith("enter ")).toBe(true);
    expect(exit).toBe(`exit ${enter?.slice("enter ".length)}`);
  }
  // No lost update: each increment saw the one before it.
  const storage = sqliteStorage({ path });
  expect(await storage.state.get("counter")).toBe(3 * rounds);
  await storage.close();
});

test("a lock held by a process of this host killed with SIGKILL is free at once, not after its lease", async () => {
  const path = join(dir, "privnet.db");
  // A lease of ten minutes: only the holder being gone can free it within the test's time.
  const holder = spawnFixture("holdLockUntilKilled", [path, "0xStuck", "600000"]);
  await holder.waitForLine((line) => line === "locked");
  // The holder's lease is in the table, naming this host and its pid: the lock really is taken.
  const db = new (loadNodeSqlite(path).DatabaseSync)(path);
  // The holder may be writing (a checkpoint) as this connection reads: wait rather than fail.
  db.exec("PRAGMA busy_timeout = 10000");
  const lease = db.prepare("SELECT owner, expires_at FROM locks WHERE key = ?").get("0xStuck");
  db.close();
  expect(lease?.owner).toMatch(new RegExp(`^${hostname()}/${holder.child.pid}/`));
  holder.child.kill("SIGKILL");
  await holder.exited;
  const storage = sqliteStorage({ path });
  try {
    expect(await storage.withLock("0xStuck", async () => "taken over")).toBe("taken over");
  } finally {
    await storage.close();
  }
});

test("a lease of another host, or of a live process, is waited out until it expires", async () => {
  const path = join(dir, "privnet.db");
  const storage = sqliteStorage({ path });
  const db = new (loadNodeSqlite(path).DatabaseSync)(path);
  db.exec("PRAGMA busy_timeout = 10000");
  try {
    // Another host's process (a file shared over the network), and one of ours that is alive.
    const expiresAt = Date.now() + 1_500;
    db.prepare("INSERT INTO locks (key, owner, expires_at) VALUES (?, ?, ?)").run(
      "0xRemote",
      "some-other-host/1/x:1",
      expiresAt,
    );
    db.prepare("INSERT INTO locks (key, owner, expires_at) VALUES (?, ?, ?)").run(
      "0xAlive",
      `${hostname()}/${process.ppid}/x:1`,
      expiresAt,
    );
    for (const key of ["0xRemote", "0xAlive"]) {
      const takenAt = await storage.withLock(key, async () => Date.now());
      expect(takenAt, key).toBeGreaterThanOrEqual(expiresAt);
    }
  } finally {
    db.close();
    await storage.close();
  }
});

test("a holder whose event loop stalls past its lease is warned that the lock may be lost", async () => {
  const path = join(dir, "privnet.db");
  const stalled = sqliteStorage({ path, lockLeaseMs: 30 });
  const other = sqliteStorage({ path });
  try {
    const warning = new Promise<Error>((resolve) => {
      const listener = (emitted: Error) => {
        if ((emitted as Error & { code?: string }).code !== "PRIVNET_STORAGE_LOCK_LOST") return;
        process.off("warning", listener);
        resolve(emitted);
      };
      process.on("warning", listener);
    });
    await stalled.withLock("0xStalled", async () => {
      // Block this thread well past the 30 ms lease, as a long synchronous computation would.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 150);
      // The lease has run out, so another instance takes the lock while this holder still runs…
      expect(await other.withLock("0xStalled", async () => "taken")).toBe("taken");
      // …and this holder's next renewal finds it gone.
      expect((await warning).message).toContain('"0xStalled"');
    });
  } finally {
    await Promise.all([stalled.close(), other.close()]);
  }
});
