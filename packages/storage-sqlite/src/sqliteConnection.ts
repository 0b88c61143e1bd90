import type { DatabaseSync, StatementSync } from "node:sqlite";
import { isPrivnetError, StorageClosedError, StorageOpenFailedError } from "@privnet/core";
import { loadNodeSqlite } from "./loadNodeSqlite.js";
import { migrate } from "./migrate.js";

/** What every part of the adapter shares: the one connection, its statements and its transactions. */
export type SqliteConnection = {
  db: DatabaseSync;
  /** The connection's `PRAGMA synchronous` level. */
  synchronous: "FULL" | "NORMAL";
  /** A prepared statement, prepared once per text. */
  sql(text: string): StatementSync;
  /** Runs `fn` in one write transaction: one commit (one fsync at synchronous=FULL) for all its rows. */
  inTransaction<T>(fn: () => T): T;
  /** Runs `statements` in one write transaction that skips the fsync (see below). */
  unsyncedTransaction(statements: string): void;
  /** Throws STORAGE_CLOSED once closed. */
  ensureOpen(): void;
  isClosed(): boolean;
  /** Marks the store closed and runs `beforeClose` before the connection closes. Twice does nothing. */
  close(beforeClose: () => void): void;
};

/** What the explorer's tables need from the adapter: prepared statements and one-commit writes. */
export type SqliteExplorerContext = Pick<SqliteConnection, "sql" | "inTransaction" | "ensureOpen">;

/** Opens (and migrates) the database file of one `sqliteStorage`. */
export function connectSqlite(options: {
  path: string;
  busyTimeoutMs: number;
  synchronous: "FULL" | "NORMAL";
}): SqliteConnection {
  const { synchronous } = options;
  const db = openDatabase(options);
  let closed = false;

  const statements = new Map<string, StatementSync>();
  const sql = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
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

  return {
    db,
    synchronous,
    sql,
    inTransaction,
    // Snapshots and restores are for tests between tests: they skip the fsync (~8 ms each here
    // with synchronous=FULL, against ~0.1 ms without). SQLite still commits them atomically in the
    // WAL, and the next regular (FULL) commit syncs them too; a power loss in between finds the
    // store as it was before, whole. The connection is used synchronously, so nothing else runs
    // between the pragmas (the lease locks do the same).
    unsyncedTransaction(text: string) {
      db.exec("PRAGMA synchronous = NORMAL");
      try {
        inTransaction(() => db.exec(text));
      } finally {
        db.exec(`PRAGMA synchronous = ${synchronous}`);
      }
    },
    ensureOpen() {
      if (closed) throw new StorageClosedError("sqlite");
    },
    isClosed: () => closed,
    close(beforeClose) {
      if (closed) return;
      closed = true;
      try {
        beforeClose();
      } finally {
        db.close();
      }
    },
  };
}

function openDatabase(options: { path: string; busyTimeoutMs: number; synchronous: "FULL" | "NORMAL" }) {
  const { DatabaseSync } = loadNodeSqlite(options.path);
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(options.path);
    // The busy timeout first: every later statement, migrations included, may wait on another process.
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs))}`);
    db.exec("PRAGMA journal_mode = WAL");
    // FULL (the default): a commit is fsynced before its promise resolves, so an acknowledged
    // write survives power loss too, not only a killed process. See the `synchronous` option.
    db.exec(`PRAGMA synchronous = ${options.synchronous}`);
    migrate(db);
    return db;
  } catch (error) {
    db?.close();
    if (isPrivnetError(error)) throw error;
    throw new StorageOpenFailedError("sqlite", options.path, { cause: error });
  }
}
