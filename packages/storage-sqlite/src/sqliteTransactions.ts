import type { SQLInputValue } from "node:sqlite";
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
import type { SqliteConnection } from "./sqliteConnection.js";

/** Records the bots' retention deletes in one write. */
const REMOVE_CHUNK = 100;

/** The transaction records: a group of inserts or updates is one write transaction (one fsync). */
export function sqliteTransactions({
  sql,
  inTransaction,
  ensureOpen,
}: SqliteConnection): StorageAdapter["transactions"] {
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
    const { assignments, values } = updateAssignments(update);
    const row =
      assignments.length === 0
        ? sql("SELECT * FROM transactions WHERE id = ?").get(id)
        : sql(`UPDATE transactions SET ${assignments.join(", ")} WHERE id = ? RETURNING *`).get(
            ...values,
            id,
          );
    return row && toTransaction(row as TransactionRow);
  };

  /** Deletes the `take` oldest settled records of the sources (picked on the source index, one source at a time). */
  const removeOldestChunk = (sources: readonly string[], take: number) => {
    const ids = sources
      .flatMap((source) =>
        sql("SELECT id FROM transactions WHERE source = ? AND status <> 'pending' ORDER BY id LIMIT ?")
          .all(source, take)
          .map((row) => Number(row.id)),
      )
      .sort((a, b) => a - b)
      .slice(0, take);
    if (ids.length === 0) return 0;
    return Number(
      sql(`DELETE FROM transactions WHERE id IN (${ids.map(() => "?").join(", ")})`).run(...ids).changes,
    );
  };

  return {
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
      const { text, values } = listStatement(query);
      return sql(text)
        .all(...values)
        .map((row) => toTransaction(row as TransactionRow));
    },
    async removeOldest({ sources, keep, limit }: RemoveOldestQuery) {
      ensureOpen();
      const unique = [...new Set(sources)];
      // Counted once, on the (source, id) index; then deleted a chunk a write, yielding between
      // chunks so that no write holds SQLite (and this process's event loop) long.
      let count = 0;
      for (const source of unique) {
        count += Number(
          sql("SELECT count(*) AS count FROM transactions WHERE source = ?").get(source)?.count,
        );
      }
      let left = Math.min(count - keep, Math.floor(limit));
      let removed = 0;
      while (left > 0) {
        ensureOpen();
        const take = Math.min(left, REMOVE_CHUNK);
        const done = inTransaction(() => removeOldestChunk(unique, take));
        removed += done;
        left -= take;
        if (done < take) break;
        if (left > 0) await new Promise((resolve) => setImmediate(resolve));
      }
      return removed;
    },
  };
}

/** The columns an update sets: only the given fields. */
function updateAssignments(update: TransactionRecordUpdate) {
  const assignments: string[] = [];
  const values: SQLInputValue[] = [];
  if (update.hash !== undefined) {
    assignments.push("hash = ?");
    values.push(update.hash);
  }
  if (update.status !== undefined) {
    assignments.push("status = ?");
    values.push(update.status);
    // The signed bytes are kept while the transaction may have to be sent again: pending, or
    // confirmed in a block a crashed chain may come back without. A failed one never is.
    if (update.status === "failed") assignments.push("raw_transaction = NULL");
  }
  if (update.blockNumber !== undefined) {
    assignments.push("block_number = ?");
    values.push(update.blockNumber === null ? null : update.blockNumber.toString());
  }
  return { assignments, values };
}

/**
 * A page of the history as one statement. By address, each side (sent, received) is read newest
 * first from its own index and cut at the page before the two are merged: an `OR` of the two
 * would read and sort every record of a busy address (a bot's) for each page.
 */
function listStatement(query: ListTransactionsQuery) {
  const limit = transactionsPageSize(query.limit);
  const conditions: string[] = [];
  const values: SQLInputValue[] = [];
  const add = (condition: string, ...given: SQLInputValue[]) => {
    conditions.push(condition);
    values.push(...given);
  };
  if (query.before !== undefined) add("id < ?", query.before);
  if (query.status !== undefined) add("status = ?", query.status);
  if (query.source !== undefined) add("source = ?", query.source);
  if (query.kind !== undefined) add("kind = ?", query.kind);
  if (query.address === undefined) {
    const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
    return {
      text: `SELECT * FROM transactions ${where} ORDER BY id DESC LIMIT ?`,
      values: [...values, limit],
    };
  }
  const side = (column: string) =>
    `SELECT id FROM (SELECT id FROM transactions WHERE ${[`${column} = ?`, ...conditions].join(" AND ")}
       ORDER BY id DESC LIMIT ?)`;
  return {
    text: `SELECT * FROM transactions WHERE id IN (${side("from_address")} UNION ${side("to_address")})
      ORDER BY id DESC LIMIT ?`,
    values: [query.address, ...values, limit, query.address, ...values, limit, limit],
  };
}

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
