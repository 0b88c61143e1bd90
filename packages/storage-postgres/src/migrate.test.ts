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
        "explorer_block_senders",
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

  test("a version 4 schema gets each indexed block's gas by sender, summed from its transactions", async () => {
    const sender = (n: number) => `0x${String(n).repeat(40)}`;
    await withPool(async (pool) => {
      await pool.query(`CREATE SCHEMA four
        CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`);
      for (const version of [1, 2, 3, 4]) {
        await pool.query(migrations.find((migration) => migration.version === version)?.sql('"four"') ?? "");
        await pool.query("INSERT INTO four.schema_migrations (version, name) VALUES ($1, 'old')", [version]);
      }
      for (const number of [7, 8]) {
        await pool.query(
          `INSERT INTO four.explorer_blocks (number, hash, parent_hash, timestamp, transaction_count, gas_used, gas_limit, miner)
           VALUES ($1, $2, $3, 0, 3, 0, 60000000, $4)`,
          [number, `0x${String(number).repeat(64)}`, `0x${"0".repeat(64)}`, sender(9)],
        );
        for (const [idx, from, gas] of [
          [0, sender(1), 21000],
          [1, sender(2), 50000],
          [2, sender(1).toUpperCase().replace("0X", "0x"), 30000 + number],
        ] as const) {
          await pool.query(
            `INSERT INTO four.explorer_transactions (block_number, idx, hash, block_hash, timestamp, from_address, value, nonce,
               kind, status, gas_used, effective_gas_price)
             VALUES ($1, $2, $3, '0x', 0, $4, 0, 0, 'transfer', 1, $5, 1)`,
            [number, idx, `0x${number}${idx}`, from, gas],
          );
        }
      }
    });
    const storage = postgresStorage({ connectionString: databaseUrl(), schema: "four" });
    try {
      const rows = (await storage.explorer?.blockGasBySender?.([7n, 8n])) ?? [];
      expect(
        rows
          .map((row) => [row.blockNumber, row.from.toLowerCase(), row.gasUsed, row.transactionCount])
          .sort((a, b) => String(a).localeCompare(String(b))),
      ).toEqual([
        [7n, sender(1), 51007n, 2],
        [7n, sender(2), 50000n, 1],
        [8n, sender(1), 51008n, 2],
        [8n, sender(2), 50000n, 1],
      ]);
    } finally {
      await storage.close();
    }
    expect(await appliedVersions("four")).toEqual(versions);
  });
});
