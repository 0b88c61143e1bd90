import { isPrivnetError } from "@privnet/core";
import { testStorageAdapter } from "@privnet/core/testing";
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

  test("a schema name that is not a plain identifier is INVALID_OPTIONS", () => {
    for (const schema of ["", "drop table; --", "1starts_with_digit", "x".repeat(64)]) {
      let error: unknown;
      try {
        postgresStorage({ connectionString: databaseUrl(), schema });
      } catch (caught) {
        error = caught;
      }
      expect(isPrivnetError(error, "INVALID_OPTIONS"), schema).toBe(true);
    }
  });
});
