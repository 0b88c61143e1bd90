import { randomUUID } from "node:crypto";
import { InvalidOptionsError, type StorageAdapter, StorageClosedError } from "@privnet/core";
import { createKeyedMutex } from "@privnet/core/internal";
import { createLeaseLocks } from "./leaseLocks.js";
import { connectSqlite } from "./sqliteConnection.js";
import { sqliteExplorerStore } from "./sqliteExplorerStore.js";
import { sqliteSnapshots } from "./sqliteSnapshots.js";
import { sqliteState } from "./sqliteState.js";
import { sqliteTransactions } from "./sqliteTransactions.js";
import { sqliteWallets } from "./sqliteWallets.js";

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
  const db = connectSqlite({
    path: options.path,
    busyTimeoutMs: options.busyTimeoutMs ?? 5000,
    synchronous: options.synchronous === "normal" ? "NORMAL" : "FULL",
  });
  const mutex = createKeyedMutex();
  const leases = createLeaseLocks(db.db, {
    instanceId: randomUUID(),
    leaseMs: options.lockLeaseMs ?? 10_000,
    synchronous: db.synchronous,
    isClosed: db.isClosed,
    onClosed: () => {
      throw new StorageClosedError("sqlite");
    },
  });
  const snapshots = sqliteSnapshots(db);

  return {
    name: "sqlite",
    explorer: sqliteExplorerStore(db),
    wallets: sqliteWallets(db),
    transactions: sqliteTransactions(db),
    state: sqliteState(db),
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      db.ensureOpen();
      // One holder per key in this process waits in memory; only it polls the database.
      return mutex.run(key, async () => {
        db.ensureOpen();
        const lease = await leases.acquire(key);
        try {
          return await fn();
        } finally {
          lease.release();
        }
      });
    },
    snapshot: snapshots.snapshot,
    restore: snapshots.restore,
    async close() {
      db.close(() => leases.releaseAll());
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
