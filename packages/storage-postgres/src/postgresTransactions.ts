import type {
  ListTransactionsQuery,
  NewTransactionRecord,
  RemoveOldestQuery,
  StorageAdapter,
  TransactionKind,
  TransactionRecord,
  TransactionRecordUpdate,
  TransactionStatus,
} from "@privnet/core";
import { transactionsPageSize } from "@privnet/core/internal";
import type { Address, Hash, Hex } from "viem";
import type { PostgresConnection, Run } from "./postgresConnection.js";

/**
 * The transaction records: one statement for a group of inserts (the sender's group commit) and
 * for a block's settlements (the watcher's), a transaction for other groups of updates.
 */
export function postgresTransactions(db: PostgresConnection): StorageAdapter["transactions"] {
  const { s, query } = db;
  const records = recordStatements(s);
  return {
    async insert(record: NewTransactionRecord) {
      const [stored] = await records.insert(query, [record]);
      return stored as TransactionRecord;
    },
    async insertMany(list: readonly NewTransactionRecord[]) {
      return records.insert(query, list);
    },
    async update(id: number, update: TransactionRecordUpdate) {
      return records.update(query, id, update);
    },
    async updateMany(updates: readonly { id: number; update: TransactionRecordUpdate }[]) {
      if (updates.length === 0) return [];
      if (isSettlement(updates)) return records.settle(query, updates);
      return db.inTransaction(async (run) => {
        const results: (TransactionRecord | undefined)[] = [];
        for (const { id, update } of updates) results.push(await records.update(run, id, update));
        return results;
      });
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
      const { text, values } = listStatement(s, listQuery);
      const { rows } = await query<TransactionRow>(text, values);
      return rows.map(toTransaction);
    },
    async removeOldest({ sources, keep, limit }: RemoveOldestQuery) {
      // Counted and picked on the (source, id) index, one source at a time (a lateral join), so
      // neither reads the other records nor sorts all of the sources' records.
      const { rowCount } = await query(
        `WITH wanted AS (SELECT DISTINCT unnest($1::text[]) AS source),
         counted AS (SELECT count(*) AS total FROM ${s}.transactions WHERE source IN (SELECT source FROM wanted)),
         oldest AS (
           SELECT picked.id FROM wanted, LATERAL (
             SELECT id FROM ${s}.transactions t
             WHERE t.source = wanted.source AND t.status <> 'pending' ORDER BY id LIMIT $3
           ) picked
           ORDER BY picked.id LIMIT GREATEST(0, LEAST((SELECT total FROM counted) - $2, $3))
         )
         DELETE FROM ${s}.transactions WHERE id IN (SELECT id FROM oldest)`,
        [[...sources], keep, Math.max(0, Math.floor(limit))],
      );
      return rowCount ?? 0;
    },
  };
}

type Updates = readonly { id: number; update: TransactionRecordUpdate }[];

/** The watcher's shape (a block's outcomes: status, block and hash each, each id once): one statement. */
function isSettlement(updates: Updates): boolean {
  return (
    updates.every(
      ({ update }) =>
        update.status !== undefined && update.blockNumber !== undefined && update.hash !== undefined,
    ) && new Set(updates.map(({ id }) => id)).size === updates.length
  );
}

/** The writes, each on a pooled connection or a transaction's (`run`). */
function recordStatements(s: string) {
  return {
    // One statement for many rows: the sender's group commit. Ids follow the order of the VALUES.
    async insert(run: Run, list: readonly NewTransactionRecord[]) {
      if (list.length === 0) return [];
      const values: unknown[] = [];
      const tuples = list.map((record) => {
        const placeholders = recordColumns(record).map((value) => {
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
    },
    async update(run: Run, id: number, update: TransactionRecordUpdate) {
      const assignments: string[] = [];
      const values: unknown[] = [];
      const assign = (column: string, value: unknown) => {
        values.push(value);
        assignments.push(`${column} = $${values.length}`);
      };
      if (update.hash !== undefined) assign("hash", update.hash);
      if (update.status !== undefined) {
        assign("status", update.status);
        // The signed bytes are kept while the transaction may have to be sent again: pending, or
        // confirmed in a block a crashed chain may come back without. A failed one never is.
        if (update.status === "failed") assignments.push("raw_transaction = NULL");
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
    },
    async settle(run: Run, updates: Updates) {
      const values: unknown[] = [];
      const rows = updates.map(({ id, update }) => {
        values.push(id, update.status, update.blockNumber?.toString() ?? null, update.hash);
        const at = values.length;
        return `($${at - 3}::bigint, $${at - 2}::text, $${at - 1}::numeric, $${at}::text)`;
      });
      const { rows: updated } = await run<TransactionRow>(
        `UPDATE ${s}.transactions AS t
         SET status = v.status, block_number = v.block_number, hash = v.hash,
             raw_transaction = CASE WHEN v.status = 'failed' THEN NULL ELSE t.raw_transaction END
         FROM (VALUES ${rows.join(", ")}) AS v(id, status, block_number, hash)
         WHERE t.id = v.id RETURNING t.*`,
        values,
      );
      const byId = new Map(updated.map((row) => [Number(row.id), toTransaction(row)]));
      return updates.map(({ id }) => byId.get(id));
    },
  };
}

function recordColumns(record: NewTransactionRecord): unknown[] {
  return [
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
}

/**
 * A page of the history, newest first, as one parameterised statement. By address, each side
 * (sent, received) is read newest first from its own index and cut at the page before the two are
 * merged: an `OR` of the two would read and sort every record of a busy address (a bot's).
 */
function listStatement(s: string, listQuery: ListTransactionsQuery) {
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
  const limit = param(transactionsPageSize(listQuery.limit));
  if (listQuery.address === undefined) {
    const whereClause = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
    return { text: `SELECT * FROM ${s}.transactions ${whereClause} ORDER BY id DESC LIMIT ${limit}`, values };
  }
  const address = param(listQuery.address.toLowerCase());
  const side = (column: string) =>
    `(SELECT id FROM ${s}.transactions WHERE ${[`lower(${column}) = ${address}`, ...conditions].join(" AND ")}
      ORDER BY id DESC LIMIT ${limit})`;
  return {
    text: `SELECT * FROM ${s}.transactions WHERE id IN (${side("from_address")} UNION ${side("to_address")})
      ORDER BY id DESC LIMIT ${limit}`,
    values,
  };
}

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
