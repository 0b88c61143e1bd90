import { isPrivnetError } from "@privnet/core";
import pg from "pg";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { migrate } from "./migrate.js";
import { migrations } from "./migrations.js";
import { postgresStorage } from "./postgresStorage.js";

const versions = migrations.map((migration) => migration.version);
const latest = Math.max(...versions);

describeWithPostgres("postgres migrations", (databaseUrl) => {
  const withPool = async <T>(fn: (pool: pg.Pool) => Promise<T>) => {
    const pool = new pg.Pool({ connectionString: databaseUrl() });
    try {
      return await fn(pool);
    } finally {
      await pool.end();
    }
  };
  const appliedVersions = (schema: string) =>
    withPool(async (pool) => {
      const { rows } = await pool.query(`SELECT version FROM "${schema}".schema_migrations ORDER BY version`);
      return rows.map((row) => row.version as number);
    });

  test("a new schema gets every migration, once; running again changes nothing", async () => {
    await withPool(async (pool) => {
      expect(await migrate(pool, "fresh")).toEqual({ applied: versions, version: latest });
      expect(await migrate(pool, "fresh")).toEqual({ applied: [], version: latest });
      const { rows } = await pool.query(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'fresh' ORDER BY table_name",
      );
      expect(rows.map((row) => row.table_name)).toEqual([
        "explorer_blocks",
        "explorer_contracts",
        "explorer_labels",
        "explorer_token_transfers",
        "explorer_transactions",
        "schema_migrations",
        "state",
        "transactions",
        "wallets",
      ]);
    });
    expect(await appliedVersions("fresh")).toEqual(versions);
  });

  test("eight instances opening one new schema at once all work, and each step runs once", async () => {
    const stores = Array.from({ length: 8 }, () =>
      postgresStorage({ connectionString: databaseUrl(), schema: "together" }),
    );
    try {
      await Promise.all(stores.map((storage, index) => storage.state.set(`instance ${index}`, index)));
      expect(await stores[0]?.state.get("instance 7")).toBe(7);
    } finally {
      await Promise.all(stores.map((storage) => storage.close()));
    }
    expect(await appliedVersions("together")).toEqual(versions);
  });

  test("a schema migrated by a newer privnet is STORAGE_SCHEMA_UNSUPPORTED, and left as it is", async () => {
    await withPool(async (pool) => {
      await migrate(pool, "newer");
      await pool.query("INSERT INTO newer.schema_migrations (version, name) VALUES ($1, 'future')", [
        latest + 1,
      ]);
    });
    const storage = postgresStorage({ connectionString: databaseUrl(), schema: "newer" });
    const error = await storage.wallets.list().catch((caught: unknown) => caught);
    await storage.close();
    expect(isPrivnetError(error, "STORAGE_SCHEMA_UNSUPPORTED")).toBe(true);
    expect(await appliedVersions("newer")).toEqual([...versions, latest + 1]);
  });

  test("a version 2 schema gets kinds: known from the source where it sends one kind, null where it does not", async () => {
    await withPool(async (pool) => {
      await pool.query(`CREATE SCHEMA old
        CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      for (const version of [1, 2]) {
        await pool.query(migrations.find((migration) => migration.version === version)?.sql('"old"') ?? "");
        await pool.query("INSERT INTO old.schema_migrations (version, name) VALUES ($1, 'old')", [version]);
      }
      const sources = [
        "api",
        "transfer",
        "funding",
        "bot-funding",
        "nonce-gap-filler",
        "oracle",
        "lending",
        "sdk",
        "deployment",
        "erc20",
      ];
      for (const [nonce, source] of sources.entries()) {
        await pool.query(
          `INSERT INTO old.transactions (hash, from_address, to_address, value, nonce, status, block_number, source, created_at)
           VALUES ($1, '0x${"11".repeat(20)}', '0x${"22".repeat(20)}', 5, $2, 'confirmed', 3, $3, '2026-11-23T00:00:00.000Z')`,
          [`0x${nonce.toString(16).padStart(64, "0")}`, nonce, source],
        );
      }
    });
    const storage = postgresStorage({ connectionString: databaseUrl(), schema: "old" });
    try {
      const history = await storage.transactions.list({ limit: 100 });
      expect(
        Object.fromEntries(history.map((record) => [record.source, [record.kind, record.selector]])),
      ).toEqual({
        api: ["transfer", null],
        transfer: ["transfer", null],
        funding: ["transfer", null],
        "bot-funding": ["transfer", null],
        "nonce-gap-filler": ["transfer", null],
        oracle: ["call", null],
        lending: ["call", null],
        sdk: [null, null],
        deployment: [null, null],
        erc20: [null, null],
      });
      expect(
        (await storage.transactions.list({ limit: 100, kind: "call" })).map((record) => record.source),
      ).toEqual(["lending", "oracle"]);
    } finally {
      await storage.close();
    }
    expect(await appliedVersions("old")).toEqual(versions);
  });
});
