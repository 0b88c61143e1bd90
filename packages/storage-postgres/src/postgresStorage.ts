import { randomBytes } from "node:crypto";
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
  StorageUnreachableError,
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
import pg from "pg";
import type { Address, Hash, Hex } from "viem";
import { advisoryLockKey } from "./advisoryLockKey.js";
import { migrate, quoteIdentifier } from "./migrate.js";
import { postgresExplorerStore } from "./postgresExplorerStore.js";

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

const UNIQUE_VIOLATION = "23505";
/**
 * Snapshots and restores are test-only steps between tests: they do not wait for their commit to
 * reach the disk (~10 ms a step on this machine's PostgreSQL otherwise). A crash may lose the last
 * of them but never leaves one half done; the next regular commit flushes them too.
 */
const RELAXED_COMMIT = "SET LOCAL synchronous_commit TO OFF;";
/** The SQLSTATE restore() raises for an id it does not hold. */
const NO_SNAPSHOT = "P0002";
/** What a snapshot holds: the three tables (advisory locks live in the server, not in tables). */
const SNAPSHOT_TABLES = ["wallets", "transactions", "state"] as const;
const SNAPSHOT_ID = /^[0-9a-f]{16}$/;
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;
/**
 * SQLSTATEs that say the server, not the statement, failed: connection exceptions (class 08),
 * shutdowns and a server still starting (57P01–57P03), no connection slots left (53300).
 */
const CONNECTION_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;

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
  const where = describeConnection(options.connectionString, schema);
  const s = quoteIdentifier(schema);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
  const lockPool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.maxLockConnections ?? 10,
  });
  // An idle connection that drops (server restart) is replaced by the pool; without a listener,
  // pg would raise it as an uncaught error and end the process.
  pool.on("error", () => {});
  lockPool.on("error", () => {});

  const ready = migrate(pool, schema).catch((cause: unknown) => {
    if (isPrivnetError(cause)) throw cause;
    throw new StorageOpenFailedError("postgres", where, { cause });
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
  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    ensureOpen();
    await ready;
    ensureOpen();
    try {
      return await pool.query<Row>(text, values);
    } catch (error) {
      throw driverError(error);
    }
  };

  // The snapshots' table, made on the first snapshot rather than by a migration: stores that
  // never take one never have it.
  let snapshotRows: Promise<void> | undefined;
  const ensureSnapshotRows = () => {
    snapshotRows ??= (async () => {
      const create = `CREATE TABLE IF NOT EXISTS ${s}.snapshot_rows (snapshot TEXT NOT NULL, source TEXT NOT NULL, row JSONB NOT NULL);
         CREATE INDEX IF NOT EXISTS snapshot_rows_snapshot ON ${s}.snapshot_rows (snapshot, source)`;
      // Two processes creating it at once: one of them meets the other's table mid-way; once more
      // finds it there.
      await query(create).catch(() => query(create));
    })().catch((error: unknown) => {
      snapshotRows = undefined;
      throw error;
    });
    return snapshotRows;
  };

  const mutex = createKeyedMutex();
  /** Lock connections waiting in `pg_advisory_lock`, cancelled by close(). */
  const waiting = new Set<pg.PoolClient>();

  type Run = <Row extends pg.QueryResultRow>(
    text: string,
    values?: unknown[],
  ) => Promise<pg.QueryResult<Row>>;
  // One statement for many rows: the sender's group commit. Ids follow the order of the VALUES.
  const insertRows = async (run: Run, records: readonly NewTransactionRecord[]) => {
    if (records.length === 0) return [];
    const values: unknown[] = [];
    const tuples = records.map((record) => {
      const row = [
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
      ];
      const placeholders = row.map((value) => {
        values.push(value);
        return `$${values.length}`;
      });
      return `(${placeholders.join(", ")})`;
    });
    const { rows } = await run<TransactionRow>(
      `INSERT INTO ${s}.transactions
         (hash, from_address, to_address, value, nonce, status, block_number, source, created_at, raw_transaction,
          kind, selector)
       VALUES ${tuples.join(", ")} RETURNING *`,
      values,
    );
    return rows.map(toTransaction).sort((a, b) => a.id - b.id);
  };
  const updateRow = async (run: Run, id: number, update: TransactionRecordUpdate) => {
    const assignments: string[] = [];
    const values: unknown[] = [];
    const assign = (column: string, value: unknown) => {
      values.push(value);
      assignments.push(`${column} = $${values.length}`);
    };
    if (update.hash !== undefined) assign("hash", update.hash);
    if (update.status !== undefined) {
      assign("status", update.status);
      // The signed bytes are only needed while the transaction may still have to be re-submitted.
      if (update.status !== "pending") assignments.push("raw_transaction = NULL");
    }
    if (update.blockNumber !== undefined) {
      assign("block_number", update.blockNumber === null ? null : update.blockNumber.toString());
    }
    values.push(id);
    const { rows } =
      assignments.length === 0
        ? await run<TransactionRow>(`SELECT * FROM ${s}.transactions WHERE id = $1`, values)
        : await run<TransactionRow>(
            `UPDATE ${s}.transactions SET ${assignments.join(", ")} WHERE id = $${values.length} RETURNING *`,
            values,
          );
    return rows[0] && toTransaction(rows[0]);
  };

  /** Runs `fn` in one database transaction on one pooled connection (the explorer's writes). */
  const inTransaction = async <T>(fn: (run: Run) => Promise<T>): Promise<T> => {
    ensureOpen();
    await ready;
    ensureOpen();
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
      const run = <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
        client.query<Row>(text, values).catch((error: unknown) => {
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
    name: "postgres",
    explorer: postgresExplorerStore({ s, query, inTransaction }),
    wallets: {
      async insert(wallet: NewWalletRecord) {
        try {
          const { rows } = await query<WalletRow>(
            `INSERT INTO ${s}.wallets (name, address, private_key, system, created_at)
             VALUES ($1, $2, $3, $4, $5) RETURNING *`,
            [wallet.name, wallet.address, wallet.privateKey, wallet.system, wallet.createdAt],
          );
          return toWallet(rows[0] as WalletRow);
        } catch (error) {
          if ((error as { code?: string }).code === UNIQUE_VIOLATION)
            throw new WalletExistsError(wallet.address);
          throw error;
        }
      },
      async get(id: number) {
        const { rows } = await query<WalletRow>(`SELECT * FROM ${s}.wallets WHERE id = $1`, [id]);
        return rows[0] && toWallet(rows[0]);
      },
      async getByAddress(address: Address) {
        const { rows } = await query<WalletRow>(
          `SELECT * FROM ${s}.wallets WHERE lower(address) = lower($1)`,
          [address],
        );
        return rows[0] && toWallet(rows[0]);
      },
      async list() {
        const { rows } = await query<WalletRow>(`SELECT * FROM ${s}.wallets ORDER BY id`);
        return rows.map(toWallet);
      },
      async remove(id: number) {
        const { rowCount } = await query(`DELETE FROM ${s}.wallets WHERE id = $1`, [id]);
        return (rowCount ?? 0) > 0;
      },
    },
    transactions: {
      async insert(record: NewTransactionRecord) {
        const [stored] = await insertRows(query, [record]);
        return stored as TransactionRecord;
      },
      async insertMany(records: readonly NewTransactionRecord[]) {
        return insertRows(query, records);
      },
      async update(id: number, update: TransactionRecordUpdate) {
        return updateRow(query, id, update);
      },
      async updateMany(updates: readonly { id: number; update: TransactionRecordUpdate }[]) {
        if (updates.length === 0) return [];
        // The watcher's shape (a block's outcomes: status, block and hash each): one statement.
        const settling = updates.every(
          ({ update }) =>
            update.status !== undefined && update.blockNumber !== undefined && update.hash !== undefined,
        );
        if (settling && new Set(updates.map(({ id }) => id)).size === updates.length) {
          const values: unknown[] = [];
          const rows = updates.map(({ id, update }) => {
            values.push(id, update.status, update.blockNumber?.toString() ?? null, update.hash);
            const at = values.length;
            return `($${at - 3}::bigint, $${at - 2}::text, $${at - 1}::numeric, $${at}::text)`;
          });
          const { rows: updated } = await query<TransactionRow>(
            `UPDATE ${s}.transactions AS t
             SET status = v.status, block_number = v.block_number, hash = v.hash,
                 raw_transaction = CASE WHEN v.status = 'pending' THEN t.raw_transaction END
             FROM (VALUES ${rows.join(", ")}) AS v(id, status, block_number, hash)
             WHERE t.id = v.id RETURNING t.*`,
            values,
          );
          const byId = new Map(updated.map((row) => [Number(row.id), toTransaction(row)]));
          return updates.map(({ id }) => byId.get(id));
        }
        ensureOpen();
        await ready;
        ensureOpen();
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
          const run = <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
            client.query<Row>(text, values).catch((error: unknown) => {
              throw driverError(error);
            });
          await run("BEGIN");
          const results: (TransactionRecord | undefined)[] = [];
          for (const { id, update } of updates) results.push(await updateRow(run, id, update));
          await run("COMMIT");
          return results;
        } catch (error) {
          await client.query("ROLLBACK").catch(() => {
            healthy = false;
          });
          throw error;
        } finally {
          client.off("error", onError);
          client.release(!healthy);
        }
      },
      async remove(id: number) {
        const { rowCount } = await query(`DELETE FROM ${s}.transactions WHERE id = $1`, [id]);
        return (rowCount ?? 0) > 0;
      },
      async getRawTransaction(id: number) {
        const { rows } = await query<{ raw_transaction: string | null }>(
          `SELECT raw_transaction FROM ${s}.transactions WHERE id = $1`,
          [id],
        );
        return (rows[0]?.raw_transaction ?? undefined) as Hex | undefined;
      },
      async get(id: number) {
        const { rows } = await query<TransactionRow>(`SELECT * FROM ${s}.transactions WHERE id = $1`, [id]);
        return rows[0] && toTransaction(rows[0]);
      },
      async list(listQuery: ListTransactionsQuery) {
        const conditions: string[] = [];
        const values: unknown[] = [];
        const param = (value: unknown) => {
          values.push(value);
          return `$${values.length}`;
        };
        if (listQuery.before !== undefined) conditions.push(`id < ${param(listQuery.before)}`);
        if (listQuery.status !== undefined) conditions.push(`status = ${param(listQuery.status)}`);
        if (listQuery.source !== undefined) conditions.push(`source = ${param(listQuery.source)}`);
        if (listQuery.kind !== undefined) conditions.push(`kind = ${param(listQuery.kind)}`);
        if (listQuery.address !== undefined) {
          const address = param(listQuery.address.toLowerCase());
          conditions.push(`(lower(from_address) = ${address} OR lower(to_address) = ${address})`);
        }
        const whereClause = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
        const limit = param(transactionsPageSize(listQuery.limit));
        const { rows } = await query<TransactionRow>(
          `SELECT * FROM ${s}.transactions ${whereClause} ORDER BY id DESC LIMIT ${limit}`,
          values,
        );
        return rows.map(toTransaction);
      },
    },
    state: {
      async get<T>(key: string) {
        const { rows } = await query<{ value: string }>(
          `SELECT value::text AS value FROM ${s}.state WHERE key = $1`,
          [key],
        );
        return rows[0] === undefined ? undefined : (JSON.parse(rows[0].value) as T);
      },
      async set<T>(key: string, value: T) {
        const text = encodeStateValue(key, value);
        await query(
          `INSERT INTO ${s}.state (key, value) VALUES ($1, $2::json)
           ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
          [key, text],
        );
      },
      async delete(key: string) {
        await query(`DELETE FROM ${s}.state WHERE key = $1`, [key]);
      },
    },
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      ensureOpen();
      await ready;
      // One holder per key in this process waits in memory, so a process uses one connection per key.
      return mutex.run(key, async () => {
        ensureOpen();
        const lockKey = advisoryLockKey(schema, key);
        const client = await lockPool.connect().catch((error: unknown) => {
          throw driverError(error);
        });
        // A held connection that the server drops would otherwise surface as an uncaught error.
        const onError = () => {};
        client.on("error", onError);
        let healthy = true;
        try {
          waiting.add(client);
          try {
            ensureOpen();
            await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
          } catch (error) {
            healthy = false;
            // close() cancels waits in the server; driverError reports that as what it is.
            throw driverError(error);
          } finally {
            waiting.delete(client);
          }
          try {
            ensureOpen();
            return await fn();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [lockKey]).catch(() => {
              // The session is suspect: closing it below releases any lock it still holds.
              healthy = false;
            });
          }
        } finally {
          client.off("error", onError);
          client.release(!healthy);
        }
      });
    },
    async snapshot() {
      await ensureSnapshotRows();
      // Every row of the three tables as JSONB, in one statement (so one consistent moment), with a
      // marker row so that an empty store's snapshot exists too. `to_jsonb` takes every column,
      // whatever later migrations add, and no table is created per snapshot. The id is 16 hex
      // digits of our own, written into the text so that the pragma-like SET LOCAL shares the
      // statement's transaction (one simple query is one transaction).
      const id = randomBytes(8).toString("hex");
      await query(
        `${RELAXED_COMMIT}
         INSERT INTO ${s}.snapshot_rows (snapshot, source, row)
         SELECT '${id}', '', '{}'::jsonb
         ${SNAPSHOT_TABLES.map((table) => `UNION ALL SELECT '${id}', '${table}', to_jsonb(t) FROM ${s}.${table} t`).join("\n")}`,
      );
      return id;
    },
    async restore(id: StorageSnapshotId) {
      if (!SNAPSHOT_ID.test(id)) throw unknownSnapshot("postgres", id);
      await ensureSnapshotRows();
      // One round trip, one transaction (several statements in one simple query). The id is 16
      // hex digits (checked above), so it is written into the text. Rows come back with their ids;
      // the identity sequences are left where they are, so ids keep increasing past the ones the
      // restore removed.
      const rows = (table: string) =>
        `SELECT (jsonb_populate_record(NULL::${s}.${table}, row)).* FROM ${s}.snapshot_rows WHERE snapshot = '${id}' AND source = '${table}'`;
      try {
        await query(
          [
            RELAXED_COMMIT,
            `DO $$ BEGIN
               IF NOT EXISTS (SELECT 1 FROM ${s}.snapshot_rows WHERE snapshot = '${id}' AND source = '') THEN
                 RAISE EXCEPTION 'no snapshot' USING ERRCODE = '${NO_SNAPSHOT}';
               END IF;
             END $$;`,
            ...SNAPSHOT_TABLES.map(
              (table) =>
                `DELETE FROM ${s}.${table}; INSERT INTO ${s}.${table} ${table === "state" ? "" : "OVERRIDING SYSTEM VALUE "}${rows(table)};`,
            ),
            `DELETE FROM ${s}.snapshot_rows WHERE snapshot = '${id}';`,
          ].join("\n"),
        );
      } catch (error) {
        if ((error as { code?: string }).code === NO_SNAPSHOT) throw unknownSnapshot("postgres", id);
        throw error;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // Calls still waiting in the server for a lock that another process holds would keep their
      // connections, and so close(), busy until that process lets go: cancel the waits instead.
      // A cancel that reaches the server before the lock query has started is a no-op, and the
      // wait would then last as long as the other process holds the lock: cancel again until every
      // wait has come back (each rejects as soon as its query is cancelled).
      for (let round = 0; waiting.size > 0 && round < 400; round++) {
        const pids = [...waiting].map((client) => (client as unknown as { processID: number }).processID);
        await pool
          .query("SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid", [pids])
          .catch(() => {});
        if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
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

type WalletRow = {
  id: string;
  name: string;
  address: string;
  private_key: string;
  system: boolean;
  created_at: string;
};

type TransactionRow = {
  id: string;
  hash: string;
  from_address: string;
  to_address: string;
  value: string;
  nonce: string;
  status: string;
  block_number: string | null;
  source: string;
  created_at: string;
  kind: string | null;
  selector: string | null;
};

// pg returns BIGINT and NUMERIC as strings, so ids and nonces become numbers, amounts bigints.
function toWallet(row: WalletRow): WalletRecord {
  return {
    id: Number(row.id),
    name: row.name,
    address: row.address as Address,
    privateKey: row.private_key,
    system: row.system,
    createdAt: row.created_at,
  };
}

function toTransaction(row: TransactionRow): TransactionRecord {
  return {
    id: Number(row.id),
    hash: row.hash as Hash,
    from: row.from_address as Address,
    to: row.to_address as Address,
    value: BigInt(row.value),
    nonce: Number(row.nonce),
    status: row.status as TransactionStatus,
    blockNumber: row.block_number === null ? null : BigInt(row.block_number),
    source: row.source,
    createdAt: row.created_at,
    kind: row.kind as TransactionKind | null,
    selector: row.selector as Hex | null,
  };
}
