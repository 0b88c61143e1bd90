import { InvalidOptionsError, type StorageAdapter } from "@privnet/core";
import { connectPostgres } from "./postgresConnection.js";
import { postgresExplorerStore } from "./postgresExplorerStore.js";
import { postgresLocks } from "./postgresLocks.js";
import { postgresSnapshots } from "./postgresSnapshots.js";
import { postgresState } from "./postgresState.js";
import { postgresTransactions } from "./postgresTransactions.js";
import { postgresWallets } from "./postgresWallets.js";

export type PostgresStorageOptions = {
  /** `postgres://user:password@host:5432/database`, as `pg` reads it. */
  connectionString: string;
  /** The schema privnet's tables live in; created when missing. Default `"privnet"`. */
  schema?: string;
  /** Connections for reads and writes. Default 10. */
  maxConnections?: number;
  /**
   * Connections that hold advisory locks, one per key held at once by this process. Separate from
   * the others so that work inside `withLock` always finds a connection. Default 10.
   */
  maxLockConnections?: number;
};

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Keeps wallets, history and state in PostgreSQL through `pg`, for several processes or machines
 * sharing one store. Tables live in their own schema and are migrated on first use (under an
 * advisory lock, so processes starting together are safe); `withLock` holds a PostgreSQL advisory
 * lock, so it excludes every process connected to the same database.
 *
 * @example
 * import { postgresStorage } from "@privnet/storage-postgres";
 * const storage = postgresStorage({ connectionString: "postgres://postgres@127.0.0.1:5432/privnet" });
 * const platform = await createPlatform({ transport: http(url), storage });
 */
export function postgresStorage(options: PostgresStorageOptions): StorageAdapter {
  const schema = checkOptions(options);
  const db = connectPostgres({
    connectionString: options.connectionString,
    schema,
    maxConnections: options.maxConnections ?? 10,
    maxLockConnections: options.maxLockConnections ?? 10,
  });
  const locks = postgresLocks(db);
  const snapshots = postgresSnapshots(db);
  return {
    name: "postgres",
    explorer: postgresExplorerStore(db),
    wallets: postgresWallets(db),
    transactions: postgresTransactions(db),
    state: postgresState(db),
    withLock: locks.withLock,
    snapshot: snapshots.snapshot,
    restore: snapshots.restore,
    close: () => db.close(locks.cancelWaits),
  };
}

/** The schema to use, once the options are known to be usable. */
function checkOptions(options: PostgresStorageOptions): string {
  if (typeof options.connectionString !== "string" || options.connectionString === "") {
    throw new InvalidOptionsError("postgresStorage needs a `connectionString`.");
  }
  for (const name of ["maxConnections", "maxLockConnections"] as const) {
    const value = options[name];
    if (value !== undefined && !(Number.isInteger(value) && value > 0)) {
      throw new InvalidOptionsError(`postgresStorage's \`${name}\` must be a positive whole number.`);
    }
  }
  const schema = options.schema ?? "privnet";
  if (!SCHEMA_NAME.test(schema)) {
    throw new InvalidOptionsError(
      `"${schema}" is not a usable schema name.`,
      "Use letters, digits and underscores, starting with a letter or underscore (at most 63).",
    );
  }
  return schema;
}
