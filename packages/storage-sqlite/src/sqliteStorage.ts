import { randomBytes, randomUUID } from "node:crypto";
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  InvalidOptionsError,
  isPrivnetError,
  type ListTransactionsQuery,
  type NewTransactionRecord,
  type NewWalletRecord,
  type StorageAdapter,
  StorageClosedError,
  StorageOpenFailedError,
  type StorageSnapshotId,
  type TransactionKind,
  type TransactionRecord,
  type TransactionRecordUpdate,
  type TransactionStatus,
  WalletExistsError,
  type WalletRecord,
} from "@privnet/core";
import {
  createKeyedMutex,
  encodeStateValue,
  transactionsPageSize,
  unknownSnapshot,
} from "@privnet/core/internal";
import type { Address, Hash, Hex } from "viem";
import { createLeaseLocks } from "./leaseLocks.js";
import { loadNodeSqlite } from "./loadNodeSqlite.js";
import { migrate } from "./migrate.js";
import { sqliteExplorerStore } from "./sqliteExplorerStore.js";

export type SqliteStorageOptions = {
  /** The database file; created (with its folder's `-wal` and `-shm` companions) when missing. */
  path: string;
  /** How long a write waits for another process's write to finish, in ms. Default 5000. */
  busyTimeoutMs?: number;
  /**
   * How long a cross-process lock lasts without renewal, in ms. A holder renews it while alive; if
   * its process dies, others get the lock once the lease runs out. Default 10000.
   */
  lockLeaseMs?: number;
  /**
   * When a write's promise resolves. `"full"` (default): after SQLite synced it to the disk, so it
   * survives a crash of the process or the machine and power loss. `"normal"`: after it reached
   * the WAL, so it survives the process being killed (even `kill -9`) but the last writes may be
   * lost if the operating system crashes or the power fails; in exchange, writes are many times
   * faster (each "full" write waits for an fsync). These are SQLite's `PRAGMA synchronous` levels.
   */
  synchronous?: "full" | "normal";
};

const SQLITE_CONSTRAINT_UNIQUE = 2067;
/** What a snapshot holds: everything but the locks. */
const SNAPSHOT_TABLES = ["wallets", "transactions", "state"] as const;
const SNAPSHOT_ID = /^[0-9a-f]{16}$/;

function snapshotTable(id: string, table: (typeof SNAPSHOT_TABLES)[number]) {
  return `"snapshot_${id}_${table}"`;
}

/**
 * Keeps wallets, history, state and locks in one SQLite file through Node's built-in `node:sqlite`
 * (no native addon): WAL journal with `synchronous=FULL` (by default), so every write is on disk
 * when its promise resolves and survives a crash or `kill -9`; versioned migrations on open; `withLock`
 * holds across every process that opens the same file.
 *
 * @example
 * import { sqliteStorage } from "@privnet/storage-sqlite";
 * const platform = await createPlatform({ transport: http(url), storage: sqliteStorage({ path: "./privnet.db" }) });
 */
export function sqliteStorage(options: SqliteStorageOptions): StorageAdapter {
  checkOptions(options);
  const { DatabaseSync } = loadNodeSqlite(options.path);
  const synchronous = options.synchronous === "normal" ? "NORMAL" : "FULL";
  const db = openDatabase(DatabaseSync, options, synchronous);
  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new StorageClosedError("sqlite");
  };

  const statements = new Map<string, StatementSync>();
  const sql = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };

  // Snapshots and restores are for tests between tests: they skip the fsync (~8 ms each here
  // with synchronous=FULL, against ~0.1 ms without). SQLite still commits them atomically in the
  // WAL, and the next regular (FULL) commit syncs them too; a power loss in between finds the store
  // as it was before, whole. The connection is used synchronously, so nothing else runs between
  // the pragmas (the lease locks do the same).
  const unsyncedTransaction = (statements: string) => {
    db.exec("PRAGMA synchronous = NORMAL");
    try {
      db.exec("BEGIN IMMEDIATE");
      try {
        db.exec(statements);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    } finally {
      db.exec(`PRAGMA synchronous = ${synchronous}`);
    }
  };

  const mutex = createKeyedMutex();
  const leases = createLeaseLocks(db, {
    instanceId: randomUUID(),
    leaseMs: options.lockLeaseMs ?? 10_000,
    synchronous,
    isClosed: () => closed,
    onClosed: () => {
      throw new StorageClosedError("sqlite");
    },
  });

  // One commit (one fsync at synchronous=FULL) for many rows: the sender's group commit.
  const inTransaction = <T>(fn: () => T): T => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = fn();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };
  const insertOne = (record: NewTransactionRecord) => {
    const row = sql(
      `INSERT INTO transactions
         (hash, from_address, to_address, value, nonce, status, block_number, source, created_at, raw_transaction,
          kind, selector)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    ).get(
      record.hash,
      record.from,
      record.to,
      record.value.toString(),
      record.nonce,
      record.status,
      record.blockNumber === null ? null : record.blockNumber.toString(),
      record.source,
      record.createdAt,
      record.rawTransaction ?? null,
      record.kind,
      record.selector,
    );
    return toTransaction(row as TransactionRow);
  };
  const updateOne = (id: number, update: TransactionRecordUpdate) => {
    const assignments: string[] = [];
    const values: SQLInputValue[] = [];
    if (update.hash !== undefined) {
      assignments.push("hash = ?");
      values.push(update.hash);
    }
    if (update.status !== undefined) {
      assignments.push("status = ?");
      values.push(update.status);
      // The signed bytes are only needed while the transaction may still have to be re-submitted.
      if (update.status !== "pending") assignments.push("raw_transaction = NULL");
    }
    if (update.blockNumber !== undefined) {
      assignments.push("block_number = ?");
      values.push(update.blockNumber === null ? null : update.blockNumber.toString());
    }
    const row =
      assignments.length === 0
        ? sql("SELECT * FROM transactions WHERE id = ?").get(id)
        : sql(`UPDATE transactions SET ${assignments.join(", ")} WHERE id = ? RETURNING *`).get(
            ...values,
            id,
          );
    return row && toTransaction(row as TransactionRow);
  };

  return {
    name: "sqlite",
    explorer: sqliteExplorerStore({ sql, inTransaction, ensureOpen }),
    wallets: {
      async insert(wallet: NewWalletRecord) {
        ensureOpen();
        try {
          const row = sql(
            `INSERT INTO wallets (name, address, private_key, system, created_at)
             VALUES (?, ?, ?, ?, ?) RETURNING *`,
          ).get(wallet.name, wallet.address, wallet.privateKey, wallet.system ? 1 : 0, wallet.createdAt);
          return toWallet(row as WalletRow);
        } catch (error) {
          if ((error as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE) {
            throw new WalletExistsError(wallet.address);
          }
          throw error;
        }
      },
      async get(id: number) {
        ensureOpen();
        const row = sql("SELECT * FROM wallets WHERE id = ?").get(id);
        return row && toWallet(row as WalletRow);
      },
      async getByAddress(address: Address) {
        ensureOpen();
        const row = sql("SELECT * FROM wallets WHERE address = ?").get(address);
        return row && toWallet(row as WalletRow);
      },
      async list() {
        ensureOpen();
        return sql("SELECT * FROM wallets ORDER BY id")
          .all()
          .map((row) => toWallet(row as WalletRow));
      },
      async remove(id: number) {
        ensureOpen();
        return sql("DELETE FROM wallets WHERE id = ?").run(id).changes > 0;
      },
    },
    transactions: {
      async insert(record: NewTransactionRecord) {
        ensureOpen();
        return insertOne(record);
      },
      async insertMany(records: readonly NewTransactionRecord[]) {
        ensureOpen();
        return inTransaction(() => records.map(insertOne));
      },
      async update(id: number, update: TransactionRecordUpdate) {
        ensureOpen();
        return updateOne(id, update);
      },
      async updateMany(updates: readonly { id: number; update: TransactionRecordUpdate }[]) {
        ensureOpen();
        return inTransaction(() => updates.map(({ id, update }) => updateOne(id, update)));
      },
      async remove(id: number) {
        ensureOpen();
        return sql("DELETE FROM transactions WHERE id = ?").run(id).changes > 0;
      },
      async getRawTransaction(id: number) {
        ensureOpen();
        const row = sql("SELECT raw_transaction FROM transactions WHERE id = ?").get(id);
        return (row?.raw_transaction ?? undefined) as Hex | undefined;
      },
      async get(id: number) {
        ensureOpen();
        const row = sql("SELECT * FROM transactions WHERE id = ?").get(id);
        return row && toTransaction(row as TransactionRow);
      },
      async list(query: ListTransactionsQuery) {
        ensureOpen();
        const conditions: string[] = [];
        const values: SQLInputValue[] = [];
        if (query.before !== undefined) {
          conditions.push("id < ?");
          values.push(query.before);
        }
        if (query.status !== undefined) {
          conditions.push("status = ?");
          values.push(query.status);
        }
        if (query.source !== undefined) {
          conditions.push("source = ?");
          values.push(query.source);
        }
        if (query.kind !== undefined) {
          conditions.push("kind = ?");
          values.push(query.kind);
        }
        if (query.address !== undefined) {
          conditions.push("(from_address = ? OR to_address = ?)");
          values.push(query.address, query.address);
        }
        const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
        return sql(`SELECT * FROM transactions ${where} ORDER BY id DESC LIMIT ?`)
          .all(...values, transactionsPageSize(query.limit))
          .map((row) => toTransaction(row as TransactionRow));
      },
    },
    state: {
      async get<T>(key: string) {
        ensureOpen();
        const row = sql("SELECT value FROM state WHERE key = ?").get(key);
        return row === undefined ? undefined : (JSON.parse(String(row.value)) as T);
      },
      async set<T>(key: string, value: T) {
        ensureOpen();
        sql(
          "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        ).run(key, encodeStateValue(key, value));
      },
      async delete(key: string) {
        ensureOpen();
        sql("DELETE FROM state WHERE key = ?").run(key);
      },
    },
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      ensureOpen();
      // One holder per key in this process waits in memory; only it polls the database.
      return mutex.run(key, async () => {
        ensureOpen();
        const lease = await leases.acquire(key);
        try {
          return await fn();
        } finally {
          lease.release();
        }
      });
    },
    async snapshot() {
      ensureOpen();
      // A copy of each table beside it, in one write transaction. `SELECT *` keeps the copy in
      // step with the schema, whatever columns later migrations add. Cost grows with the rows,
      // which between tests are few.
      const id = randomBytes(8).toString("hex");
      unsyncedTransaction(
        SNAPSHOT_TABLES.map(
          (table) => `CREATE TABLE ${snapshotTable(id, table)} AS SELECT * FROM ${table};`,
        ).join("\n"),
      );
      return id;
    },
    async restore(id: StorageSnapshotId) {
      ensureOpen();
      const exists =
        SNAPSHOT_ID.test(id) &&
        sql("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`snapshot_${id}_state`);
      if (!exists) throw unknownSnapshot("sqlite", id);
      // Rows come back with their ids; AUTOINCREMENT's counter is left where it is, so ids keep
      // increasing past the ones the restore removed.
      unsyncedTransaction(
        SNAPSHOT_TABLES.map(
          (table) =>
            `DELETE FROM ${table}; INSERT INTO ${table} SELECT * FROM ${snapshotTable(id, table)}; DROP TABLE ${snapshotTable(id, table)};`,
        ).join("\n"),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      try {
        leases.releaseAll();
      } finally {
        db.close();
      }
    },
  };
}

function checkOptions(options: SqliteStorageOptions): void {
  if (typeof options.path !== "string" || options.path === "") {
    throw new InvalidOptionsError("sqliteStorage needs a `path` to the database file.");
  }
  for (const name of ["busyTimeoutMs", "lockLeaseMs"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isFinite(value) && value > 0)) {
      throw new InvalidOptionsError(`sqliteStorage's \`${name}\` must be a positive number of milliseconds.`);
    }
  }
  if (
    options.synchronous !== undefined &&
    options.synchronous !== "full" &&
    options.synchronous !== "normal"
  ) {
    throw new InvalidOptionsError('sqliteStorage\'s `synchronous` must be "full" or "normal".');
  }
}

function openDatabase(
  DatabaseSync: typeof import("node:sqlite").DatabaseSync,
  options: SqliteStorageOptions,
  synchronous: "FULL" | "NORMAL",
) {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(options.path);
    // The busy timeout first: every later statement, migrations included, may wait on another process.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5000))}`);
    db.exec("PRAGMA journal_mode = WAL");
    // FULL (the default): a commit is fsynced before its promise resolves, so an acknowledged
    // write survives power loss too, not only a killed process. See the `synchronous` option.
    db.exec(`PRAGMA synchronous = ${synchronous}`);
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    if (isPrivnetError(error)) throw error;
    throw new StorageOpenFailedError("sqlite", options.path, { cause: error });
  }
}

type WalletRow = {
  id: number;
  name: string;
  address: string;
  private_key: string;
  system: number;
  created_at: string;
};

type TransactionRow = {
  id: number;
  hash: string;
  from_address: string;
  to_address: string;
  value: string;
  nonce: number;
  status: string;
  block_number: string | null;
  source: string;
  created_at: string;
  kind: string | null;
  selector: string | null;
};

function toWallet(row: WalletRow): WalletRecord {
  return {
    id: row.id,
    name: row.name,
    address: row.address as Address,
    privateKey: row.private_key,
    system: row.system === 1,
    createdAt: row.created_at,
  };
}

function toTransaction(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    hash: row.hash as Hash,
    from: row.from_address as Address,
    to: row.to_address as Address,
    value: BigInt(row.value),
    nonce: row.nonce,
    status: row.status as TransactionStatus,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    source: row.source,
    createdAt: row.created_at,
    kind: row.kind as TransactionKind | null,
    selector: row.selector as Hex | null,
  };
}
