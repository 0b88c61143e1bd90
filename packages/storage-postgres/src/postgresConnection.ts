import {
  isPrivnetError,
  StorageClosedError,
  StorageOpenFailedError,
  StorageUnreachableError,
} from "@privnet/core";
import pg from "pg";
import { migrate, quoteIdentifier } from "./migrate.js";

/** One statement on the pool, or on the connection of a transaction. */
export type Run = <Row extends pg.QueryResultRow>(
  text: string,
  values?: unknown[],
) => Promise<pg.QueryResult<Row>>;

/** What every part of the adapter shares: the pools, the schema, and how a call fails. */
export type PostgresConnection = {
  /** The schema's name as given, and quoted for SQL. */
  schema: string;
  s: string;
  /** A statement on a pooled connection, once the schema is migrated. */
  query: Run;
  /** Runs `fn` in one database transaction on one pooled connection. */
  inTransaction<T>(fn: (run: Run) => Promise<T>): Promise<T>;
  /** The connections that hold advisory locks (see `postgresLocks`). */
  lockPool: pg.Pool;
  /** Resolves once the schema is migrated; rejects with what opening failed with. */
  ready: Promise<unknown>;
  /** Throws STORAGE_CLOSED once closed. */
  ensureOpen(): void;
  /** What a failed call to `pg` raises (see below). */
  driverError(error: unknown): unknown;
  /** Cancels the statements these server processes run (`pg_cancel_backend`); works while closing. */
  cancelBackends(pids: number[]): Promise<void>;
  /**
   * From now on every call is STORAGE_CLOSED; `beforeEnd` runs, then both pools end once the
   * connections in use came back. Closing twice does nothing.
   */
  close(beforeEnd: () => Promise<void>): Promise<void>;
};

/** What the explorer's tables need from the adapter: the schema, one-off queries and a transaction. */
export type PostgresExplorerContext = Pick<PostgresConnection, "s" | "query" | "inTransaction">;

/**
 * SQLSTATEs that say the server, not the statement, failed: connection exceptions (class 08),
 * shutdowns and a server still starting (57P01–57P03), no connection slots left (53300).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

/**
 * The pools of one `postgresStorage`, its migration on first use, and the one way a statement or a
 * transaction runs and fails.
 */
export function connectPostgres(options: {
  connectionString: string;
  schema: string;
  maxConnections: number;
  maxLockConnections: number;
}): PostgresConnection {
  const { connectionString, schema } = options;
  const pool = new pg.Pool({ connectionString, max: options.maxConnections });
  const lockPool = new pg.Pool({ connectionString, max: options.maxLockConnections });
  // An idle connection that drops (server restart) is replaced by the pool; without a listener,
  // pg would raise it as an uncaught error and end the process.
  pool.on("error", () => {});
  lockPool.on("error", () => {});

  const ready = migrate(pool, schema).catch((cause: unknown) => {
    if (isPrivnetError(cause)) throw cause;
    throw new StorageOpenFailedError("postgres", describeConnection(connectionString, schema), { cause });
  });
  // Reported to whoever calls first; never an unhandled rejection if nobody does.
  ready.catch(() => {});

  let closed = false;
  const ensureOpen = () => {
    if (closed) throw new StorageClosedError("postgres");
  };
  /**
   * What a call to `pg` that failed raises: the statement's own errors as PostgreSQL reported them
   * (a unique violation, say), and the connection's failures as STORAGE_UNREACHABLE, whether pg
   * raised them as a server error (57P01 on a restart) or as a socket's (`ECONNREFUSED`,
   * "Connection terminated unexpectedly", which carries no code). STORAGE_CLOSED once closed.
   */
  const driverError = (error: unknown): unknown => {
    if (isPrivnetError(error)) return error;
    if (closed) return new StorageClosedError("postgres");
    if (error instanceof pg.DatabaseError) {
      return CONNECTION_SQLSTATE.test(error.code ?? "")
        ? new StorageUnreachableError({ cause: error })
        : error;
    }
    return error instanceof Error ? new StorageUnreachableError({ cause: error }) : error;
  };
  const whenReady = async () => {
    ensureOpen();
    await ready;
    ensureOpen();
  };
  const query: Run = async (text, values = []) => {
    await whenReady();
    try {
      return await pool.query(text, values);
    } catch (error) {
      throw driverError(error);
    }
  };
  const inTransaction = async <T>(fn: (run: Run) => Promise<T>): Promise<T> => {
    await whenReady();
    const client = await pool.connect().catch((error: unknown) => {
      throw driverError(error);
    });
    let healthy = true;
    // A connection the server drops while checked out would otherwise be an uncaught error.
    const onError = () => {
      healthy = false;
    };
    client.on("error", onError);
    try {
      const run: Run = (text, values = []) =>
        client.query(text, values).catch((error: unknown) => {
          throw driverError(error);
        });
      await run("BEGIN");
      const result = await fn(run);
      await run("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {
        healthy = false;
      });
      throw error;
    } finally {
      client.off("error", onError);
      client.release(!healthy);
    }
  };

  return {
    schema,
    s: quoteIdentifier(schema),
    query,
    inTransaction,
    lockPool,
    ready,
    ensureOpen,
    driverError,
    async cancelBackends(pids) {
      await pool.query("SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid", [pids]).catch(() => {});
    },
    async close(beforeEnd) {
      if (closed) return;
      closed = true;
      await beforeEnd();
      // Both wait for connections in use (a running withLock, say) to come back before ending.
      await Promise.all([pool.end(), lockPool.end()]);
    },
  };
}

/** Where the store is, for error messages: host, database and schema, never the password. */
function describeConnection(connectionString: string, schema: string): string {
  try {
    const url = new URL(connectionString);
    return `${url.host}${url.pathname} (schema ${schema})`;
  } catch {
    return `schema ${schema}`;
  }
}
