import { isPrivnetError } from "@privnet/core";
import { testStorageAdapter } from "@privnet/core/testing";
import pg from "pg";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { postgresStorage } from "./postgresStorage.js";

describeWithPostgres("postgresStorage", (databaseUrl) => {
  // Each test gets its own schema in this file's database; two instances (two pools) on one
  // schema stand for two processes sharing the store.
  let schemas = 0;
  testStorageAdapter("postgres", () => {
    const options = { connectionString: databaseUrl(), schema: `conformance_${++schemas}` };
    return { storage: postgresStorage(options), reopen: () => postgresStorage(options) };
  });

  test("the same lock key in two schemas of one database are two different locks", async () => {
    const first = postgresStorage({ connectionString: databaseUrl(), schema: "locks_a" });
    const second = postgresStorage({ connectionString: databaseUrl(), schema: "locks_b" });
    try {
      let release!: () => void;
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const holder = first.withLock(
        "0xSame",
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            entered();
          }),
      );
      await inside;
      expect(await second.withLock("0xSame", async () => "not blocked")).toBe("not blocked");
      release();
      await holder;
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("close() cancels a withLock that waits in the server for another instance's lock", async () => {
    const options = { connectionString: databaseUrl(), schema: "close_while_waiting" };
    const holder = postgresStorage(options);
    const waiter = postgresStorage(options);
    const observer = new pg.Client({ connectionString: databaseUrl() });
    await observer.connect();
    try {
      let release!: () => void;
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const held = holder.withLock(
        "0xHeld",
        () =>
          new Promise<void>((resolve) => {
            release = resolve;
            entered();
          }),
      );
      await inside;
      const outcome = waiter.withLock("0xHeld", async () => "ran").catch((caught: unknown) => caught);
      // Until the server shows the second instance queued on the advisory lock.
      for (;;) {
        const { rows } = await observer.query(
          `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
           AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        );
        if (rows[0].n > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await waiter.close();
      expect(isPrivnetError(await outcome, "STORAGE_CLOSED")).toBe(true);
      release();
      await held;
    } finally {
      await Promise.all([holder.close(), waiter.close(), observer.end()]);
    }
  });

  test("an unreachable server is STORAGE_OPEN_FAILED, without the password in the message", async () => {
    const storage = postgresStorage({
      connectionString: "postgres://privnet:secret-password@127.0.0.1:1/privnet",
    });
    const error = await storage.wallets.list().catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "STORAGE_OPEN_FAILED")).toBe(true);
    expect((error as Error).message).toContain("127.0.0.1:1/privnet");
    expect((error as Error).message).not.toContain("secret-password");
    await storage.close();
  });

  test("bad options, such as a schema name that is not a plain identifier, are INVALID_OPTIONS", () => {
    const connectionString = databaseUrl();
    const bad = [
      ...["", "drop table; --", "1starts_with_digit", "x".repeat(64)].map((schema) => ({
        connectionString,
        schema,
      })),
      { connectionString: "" },
      { connectionString, maxConnections: 0 },
      { connectionString, maxLockConnections: 1.5 },
    ];
    for (const options of bad) {
      let error: unknown;
      try {
        postgresStorage(options);
      } catch (caught) {
        error = caught;
      }
      expect(isPrivnetError(error, "INVALID_OPTIONS"), JSON.stringify(options)).toBe(true);
    }
  });
});
