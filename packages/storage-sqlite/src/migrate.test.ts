import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPrivnetError } from "@privnet/core";
import { afterEach, beforeEach, expect, test } from "vitest";
import { loadNodeSqlite } from "./loadNodeSqlite.js";
import { migrate } from "./migrate.js";
import { migrations } from "./migrations.js";
import { sqliteStorage } from "./sqliteStorage.js";

let dir: string;
let path: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-sqlite-migrate-"));
  path = join(dir, "privnet.db");
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const openRaw = () => new (loadNodeSqlite(path).DatabaseSync)(path);
const latest = Math.max(...migrations.map((migration) => migration.version));

test("an empty file gets every migration, once; running again changes nothing", () => {
  const db = openRaw();
  try {
    expect(migrate(db)).toEqual({
      applied: migrations.map((migration) => migration.version),
      version: latest,
    });
    expect(migrate(db)).toEqual({ applied: [], version: latest });
    const versions = db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
    expect(versions.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version));
    const tables = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
      )
      .all()
      .map((row) => row.name);
    expect(tables).toEqual([
      "explorer_block_senders",
      "explorer_blocks",
      "explorer_contracts",
      "explorer_labels",
      "explorer_token_transfers",
      "explorer_transactions",
      "locks",
      "schema_migrations",
      "state",
      "transactions",
      "wallets",
    ]);
  } finally {
    db.close();
  }
});

test("reopening a migrated store keeps its data and applies nothing twice", async () => {
  const first = sqliteStorage({ path });
  await first.state.set("kept", { yes: true });
  await first.close();
  const second = sqliteStorage({ path });
  expect(await second.state.get("kept")).toEqual({ yes: true });
  await second.close();
  const db = openRaw();
  expect(db.prepare("SELECT count(*) AS n FROM schema_migrations").get()).toEqual({ n: migrations.length });
  db.close();
});

test("a file migrated by a newer privnet is STORAGE_SCHEMA_UNSUPPORTED, and left as it is", async () => {
  const db = openRaw();
  migrate(db);
  db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'future', '')").run(
    latest + 1,
  );
  db.close();
  const error = (() => {
    try {
      sqliteStorage({ path });
    } catch (caught) {
      return caught;
    }
  })();
  expect(isPrivnetError(error, "STORAGE_SCHEMA_UNSUPPORTED")).toBe(true);
  expect((error as Error).message).toContain(`version ${latest + 1}`);
  const again = openRaw();
  expect(again.prepare("SELECT max(version) AS v FROM schema_migrations").get()).toEqual({ v: latest + 1 });
  again.close();
});

test("a file that is not a database, or a path in a missing folder, is STORAGE_OPEN_FAILED", () => {
  writeFileSync(path, "this is not a database, but it is long enough to have a header ".repeat(10));
  for (const target of [path, join(dir, "missing", "privnet.db")]) {
    let error: unknown;
    try {
      sqliteStorage({ path: target });
    } catch (caught) {
      error = caught;
    }
    expect(isPrivnetError(error, "STORAGE_OPEN_FAILED")).toBe(true);
    expect((error as Error).message).toContain(target);
  }
});

test("a version 1 file (no signed bytes column) is migrated to version 2 with its history intact", async () => {
  const db = openRaw();
  db.exec(
    `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
  );
  db.exec(migrations.find((migration) => migration.version === 1)?.sql ?? "");
  db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (1, 'v1', '')").run();
  db.prepare(
    `INSERT INTO transactions (hash, from_address, to_address, value, nonce, status, block_number, source, created_at)
     VALUES ('0x${"ab".repeat(32)}', '0x${"11".repeat(20)}', '0x${"22".repeat(20)}', '5', 7, 'pending', NULL, 'sdk', '2026-11-23T00:00:00.000Z')`,
  ).run();
  db.close();

  const storage = sqliteStorage({ path });
  try {
    const [old] = await storage.transactions.list({ limit: 10 });
    expect(old).toMatchObject({ nonce: 7, value: 5n, status: "pending" });
    // Written before write-ahead records: no signed bytes, so reconciliation cannot resubmit it.
    expect(await storage.transactions.getRawTransaction(old?.id ?? 0)).toBeUndefined();
    const [fresh] = await storage.transactions.insertMany([
      { ...(old as NonNullable<typeof old>), nonce: 8, rawTransaction: "0x02f8" },
    ]);
    expect(await storage.transactions.getRawTransaction(fresh?.id ?? 0)).toBe("0x02f8");
  } finally {
    await storage.close();
  }
  const after = openRaw();
  expect(after.prepare("SELECT max(version) AS v FROM schema_migrations").get()).toEqual({ v: latest });
  after.close();
});

test("a version 2 file gets kinds: known from the source where it sends one kind, null where it does not", async () => {
  const db = openRaw();
  db.exec(
    `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
  );
  for (const version of [1, 2]) {
    db.exec(migrations.find((migration) => migration.version === version)?.sql ?? "");
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'old', '')").run(
      version,
    );
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
    db.prepare(
      `INSERT INTO transactions (hash, from_address, to_address, value, nonce, status, block_number, source, created_at)
       VALUES (?, '0x${"11".repeat(20)}', '0x${"22".repeat(20)}', '5', ?, 'confirmed', '3', ?, '2026-11-23T00:00:00.000Z')`,
    ).run(`0x${nonce.toString(16).padStart(64, "0")}`, nonce, source);
  }
  db.close();

  const storage = sqliteStorage({ path });
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
});

test("a version 4 file gets each indexed block's gas by sender, summed from its transactions", async () => {
  const db = openRaw();
  db.exec(
    `CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`,
  );
  for (const version of [1, 2, 3, 4]) {
    db.exec(migrations.find((migration) => migration.version === version)?.sql ?? "");
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'old', '')").run(
      version,
    );
  }
  const sender = (n: number) => `0x${String(n).repeat(40)}`;
  for (const number of [7, 8]) {
    db.prepare(
      `INSERT INTO explorer_blocks (number, hash, parent_hash, timestamp, transaction_count, gas_used, gas_limit, miner)
       VALUES (?, ?, ?, 0, 3, '0', '60000000', ?)`,
    ).run(number, `0x${String(number).repeat(64)}`, `0x${"0".repeat(64)}`, sender(9));
    for (const [idx, from, gas] of [
      [0, sender(1), 21000],
      [1, sender(2), 50000],
      [2, sender(1).toUpperCase().replace("0X", "0x"), 30000 + number],
    ] as const) {
      db.prepare(
        `INSERT INTO explorer_transactions (block_number, idx, hash, block_hash, timestamp, from_address, value, nonce,
           kind, status, gas_used, effective_gas_price)
         VALUES (?, ?, ?, '0x', 0, ?, '0', 0, 'transfer', 1, ?, '1')`,
      ).run(number, idx, `0x${number}${idx}`, from, String(gas));
    }
  }
  db.close();

  const storage = sqliteStorage({ path });
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
});
