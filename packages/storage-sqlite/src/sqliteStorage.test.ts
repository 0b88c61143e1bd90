import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPrivnetError } from "@privnet/core";
import { testStorageAdapter } from "@privnet/core/testing";
import { keccak256, toHex } from "viem";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { spawnFixture } from "./fixtures/spawnFixture.js";
import { loadNodeSqlite } from "./loadNodeSqlite.js";
import { sqliteStorage } from "./sqliteStorage.js";

testStorageAdapter("sqlite", () => {
  const dir = mkdtempSync(join(tmpdir(), "privnet-sqlite-"));
  const path = join(dir, "privnet.db");
  return {
    storage: sqliteStorage({ path }),
    reopen: () => sqliteStorage({ path }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
});

describe("sqliteStorage", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "privnet-sqlite-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("uses the WAL journal", async () => {
    const path = join(dir, "privnet.db");
    const storage = sqliteStorage({ path });
    await storage.state.set("x", 1);
    await storage.close();
    const db = new (loadNodeSqlite(path).DatabaseSync)(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    db.close();
  });

  test("bad options are INVALID_OPTIONS, before any file is touched", () => {
    const path = join(dir, "never-created.db");
    const bad = [
      { path: "" },
      { path, busyTimeoutMs: -1 },
      { path, lockLeaseMs: 0 },
      { path, lockLeaseMs: Number.NaN },
      { path, synchronous: "fast" as "full" },
    ];
    for (const options of bad) {
      let error: unknown;
      try {
        sqliteStorage(options);
      } catch (caught) {
        error = caught;
      }
      expect(isPrivnetError(error, "INVALID_OPTIONS"), JSON.stringify(options)).toBe(true);
    }
    expect(existsSync(path)).toBe(false);
  });

  test("does not print node:sqlite's ExperimentalWarning", async () => {
    const fixture = spawnFixture("openAndClose", [join(dir, "privnet.db")]);
    await fixture.waitForLine((line) => line === "opened");
    expect(await fixture.exited).toBe(0);
    expect(fixture.stderr()).not.toContain("ExperimentalWarning");
    expect(fixture.stderr()).not.toContain("SQLite is an experimental feature");
  });

  test.each(["full", "normal"] as const)(
    "synchronous=%s keeps every acknowledged record when its process is killed with SIGKILL mid-write",
    async (synchronous) => {
      const path = join(dir, "privnet.db");
      const writer = spawnFixture("writeUntilKilled", [path, synchronous]);
      await writer.waitForLine((line) => line.startsWith("ack 150 "));
      writer.child.kill("SIGKILL");
      await writer.exited;
      const acknowledged = writer.lines
        .filter((line) => line.startsWith("ack "))
        .map((line) => line.split(" ").slice(1).map(Number) as [number, number, number]);
      expect(acknowledged.length).toBeGreaterThan(150);

      const storage = sqliteStorage({ path });
      try {
        for (const [round, walletId, transactionId] of acknowledged) {
          const wallet = await storage.wallets.get(walletId);
          expect(wallet?.name).toBe(`round ${round}`);
          const record = await storage.transactions.get(transactionId);
          expect(record).toMatchObject({
            hash: keccak256(toHex(`crash transaction ${round}`)),
            value: 2n ** 80n + BigInt(round),
            nonce: round,
            from: wallet?.address,
          });
        }
        const last = acknowledged.at(-1)?.[0] ?? -1;
        const progress = await storage.state.get<{ round: number }>("progress");
        expect(progress?.round).toBeGreaterThanOrEqual(last);
        // The store is whole, and writable again.
        const db = new (loadNodeSqlite(path).DatabaseSync)(path);
        expect(db.prepare("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
        db.close();
        await storage.state.set("after-crash", true);
      } finally {
        await storage.close();
      }
    },
  );
});
