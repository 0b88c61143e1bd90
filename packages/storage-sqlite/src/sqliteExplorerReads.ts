import type { SQLInputValue } from "node:sqlite";
import type {
  ExplorerStore,
  IndexedTokenTransfer,
  IndexedTransaction,
  ListIndexedTransactionsQuery,
} from "@privnet/core";
import {
  type BlockRow,
  explorerPageSize,
  type TransactionRow,
  type TransferRow,
  toBlock,
  toTransaction,
  toTransfer,
} from "@privnet/core/internal";
import type { Hash } from "viem";
import type { SqliteExplorerContext } from "./sqliteConnection.js";

/** Past every real position: the cursor of a first page. */
const END = { blockNumber: Number.MAX_SAFE_INTEGER, index: 0 };

/** The explorer's reads: blocks, transactions with their token transfers, and what an address moved. */
export function sqliteExplorerReads({
  sql,
  ensureOpen,
}: SqliteExplorerContext): Omit<
  ExplorerStore,
  "putBlocks" | "removeBlocksAbove" | "prune" | "labels" | "contracts" | "blockGasBySender" | "tokensOf"
> {
  const withTransfers = (rows: TransactionRow[]): IndexedTransaction[] => {
    if (rows.length === 0) return [];
    const transfers = new Map<string, IndexedTokenTransfer[]>();
    const keys = new Set(rows.map((row) => `${row.block_number}:${row.idx}`));
    for (const row of transferRowsOf(rows)) {
      const key = `${row.block_number}:${row.tx_index}`;
      if (!keys.has(key)) continue;
      const list = transfers.get(key) ?? [];
      list.push(toTransfer(row));
      transfers.set(key, list);
    }
    return rows.map((row) => toTransaction(row, transfers.get(`${row.block_number}:${row.idx}`) ?? []));
  };
  /** The page's blocks' transfers (a range on the primary key), matched to its transactions by the caller. */
  const transferRowsOf = (rows: TransactionRow[]): TransferRow[] => {
    if (rows.length <= 64) {
      return sql(
        `SELECT * FROM explorer_token_transfers WHERE (block_number, tx_index) IN (VALUES ${rows.map(() => "(?, ?)").join(", ")}) ORDER BY block_number, log_index, position`,
      ).all(...rows.flatMap((row) => [row.block_number, row.idx])) as TransferRow[];
    }
    const numbers = rows.map((row) => Number(row.block_number));
    return sql(
      "SELECT * FROM explorer_token_transfers WHERE block_number BETWEEN ? AND ? ORDER BY block_number, log_index, position",
    ).all(Math.min(...numbers), Math.max(...numbers)) as TransferRow[];
  };

  return {
    async range() {
      ensureOpen();
      const row = sql(
        `SELECT min(number) AS lowest, max(number) AS highest, count(*) AS blocks,
           (SELECT count(*) FROM explorer_transactions) AS transactions FROM explorer_blocks`,
      ).get() as { lowest: number | null; highest: number; blocks: number; transactions: number };
      if (row.lowest === null) return undefined;
      return {
        lowest: BigInt(row.lowest),
        highest: BigInt(row.highest),
        blocks: Number(row.blocks),
        transactions: Number(row.transactions),
      };
    },
    async getBlock(block: bigint | Hash) {
      ensureOpen();
      const row =
        typeof block === "bigint"
          ? sql("SELECT * FROM explorer_blocks WHERE number = ?").get(Number(block))
          : sql("SELECT * FROM explorer_blocks WHERE hash = ?").get(block);
      return row && toBlock(row as BlockRow);
    },
    async listBlocks(query) {
      ensureOpen();
      return sql("SELECT * FROM explorer_blocks WHERE number < ? ORDER BY number DESC LIMIT ?")
        .all(
          query.before === undefined ? END.blockNumber : Number(query.before),
          explorerPageSize(query.limit),
        )
        .map((row) => toBlock(row as BlockRow));
    },
    async getTransaction(hash: Hash) {
      ensureOpen();
      const rows = sql("SELECT * FROM explorer_transactions WHERE hash = ? LIMIT 1").all(
        hash,
      ) as TransactionRow[];
      return withTransfers(rows)[0];
    },
    async listTransactions(query) {
      ensureOpen();
      const { text, values } = listTransactionsStatement(query);
      return withTransfers(sql(text).all(...values) as TransactionRow[]);
    },
    async recorded(hashes: readonly Hash[]) {
      ensureOpen();
      if (hashes.length === 0) return [];
      return (
        sql(`SELECT DISTINCT hash FROM transactions WHERE hash IN (${hashes.map(() => "?").join(", ")})`).all(
          ...hashes,
        ) as { hash: string }[]
      ).map((row) => row.hash as Hash);
    },
  };
}

/** A page of indexed transactions, newest first by block and index, as one statement. */
function listTransactionsStatement(query: ListIndexedTransactionsQuery) {
  const limit = explorerPageSize(query.limit);
  const before = query.before
    ? { blockNumber: Number(query.before.blockNumber), index: query.before.index }
    : END;
  const values: SQLInputValue[] = [];
  let text: string;
  if (query.address !== undefined) {
    // Each way an address takes part, newest first and cut at the page, then merged.
    const part = (table: string, column: string, index: string) => {
      values.push(query.address as string, before.blockNumber, before.index, limit);
      return `SELECT * FROM (SELECT block_number, ${index} AS idx FROM ${table}
        WHERE ${column} = ? AND (block_number, ${index}) < (?, ?) ORDER BY block_number DESC, ${index} DESC LIMIT ?)`;
    };
    const parts = [
      part("explorer_transactions", "from_address", "idx"),
      part("explorer_transactions", "to_address", "idx"),
      part("explorer_transactions", "contract_address", "idx"),
      part("explorer_token_transfers", "from_address", "tx_index"),
      part("explorer_token_transfers", "to_address", "tx_index"),
    ];
    text = `SELECT t.* FROM explorer_transactions t JOIN (${parts.join(" UNION ")}) p
      ON t.block_number = p.block_number AND t.idx = p.idx
      ${query.blockNumber === undefined ? "" : "WHERE t.block_number = ?"}
      ORDER BY t.block_number DESC, t.idx DESC LIMIT ?`;
  } else {
    values.push(before.blockNumber, before.index);
    text = `SELECT * FROM explorer_transactions WHERE (block_number, idx) < (?, ?)
      ${query.blockNumber === undefined ? "" : "AND block_number = ?"}
      ORDER BY block_number DESC, idx DESC LIMIT ?`;
  }
  if (query.blockNumber !== undefined) values.push(Number(query.blockNumber));
  values.push(limit);
  return { text, values };
}
