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
import type { PostgresExplorerContext } from "./postgresConnection.js";

/** Past every real position: the cursor of a first page. */
const END = { blockNumber: "9223372036854775807", index: 0 };

/** The explorer's reads: blocks, transactions with their token transfers, and what an address moved. */
export function postgresExplorerReads({
  s,
  query,
}: PostgresExplorerContext): Omit<
  ExplorerStore,
  "putBlocks" | "removeBlocksAbove" | "prune" | "labels" | "contracts" | "blockGasBySender" | "tokensOf"
> {
  const withTransfers = async (rows: TransactionRow[]): Promise<IndexedTransaction[]> => {
    if (rows.length === 0) return [];
    const { rows: transferRows } = await query<TransferRow>(
      // Each transaction's transfers looked up on the primary key's block number (OFFSET 0 keeps
      // the lateral lookup from being planned as a join that scans every transfer, which is what
      // a table without statistics got: 60 ms a page at a million indexed transactions).
      `SELECT t.* FROM unnest($1::bigint[], $2::int[]) AS p(block_number, tx_index),
       LATERAL (
         SELECT * FROM ${s}.explorer_token_transfers x
         WHERE x.block_number = p.block_number AND x.tx_index = p.tx_index OFFSET 0
       ) t
       ORDER BY t.block_number, t.log_index, t.position`,
      [rows.map((row) => row.block_number), rows.map((row) => row.idx)],
    );
    const transfers = new Map<string, IndexedTokenTransfer[]>();
    for (const row of transferRows) {
      const key = `${row.block_number}:${row.tx_index}`;
      const list = transfers.get(key) ?? [];
      list.push(toTransfer(row));
      transfers.set(key, list);
    }
    return rows.map((row) => toTransaction(row, transfers.get(`${row.block_number}:${row.idx}`) ?? []));
  };

  return {
    async range() {
      const { rows } = await query<{
        lowest: string | null;
        highest: string;
        blocks: string;
        transactions: string;
      }>(
        `SELECT min(number) AS lowest, max(number) AS highest, count(*) AS blocks,
           (SELECT count(*) FROM ${s}.explorer_transactions) AS transactions FROM ${s}.explorer_blocks`,
      );
      const row = rows[0];
      if (!row || row.lowest === null) return undefined;
      return {
        lowest: BigInt(row.lowest),
        highest: BigInt(row.highest),
        blocks: Number(row.blocks),
        transactions: Number(row.transactions),
      };
    },
    async getBlock(block: bigint | Hash) {
      const { rows } =
        typeof block === "bigint"
          ? await query<BlockRow>(`SELECT * FROM ${s}.explorer_blocks WHERE number = $1`, [block.toString()])
          : await query<BlockRow>(`SELECT * FROM ${s}.explorer_blocks WHERE lower(hash) = lower($1)`, [
              block,
            ]);
      return rows[0] && toBlock(rows[0]);
    },
    async listBlocks(listQuery) {
      const { rows } = await query<BlockRow>(
        `SELECT * FROM ${s}.explorer_blocks WHERE number < $1 ORDER BY number DESC LIMIT $2`,
        [
          listQuery.before === undefined ? END.blockNumber : listQuery.before.toString(),
          explorerPageSize(listQuery.limit),
        ],
      );
      return rows.map(toBlock);
    },
    async getTransaction(hash: Hash) {
      const { rows } = await query<TransactionRow>(
        `SELECT * FROM ${s}.explorer_transactions WHERE lower(hash) = lower($1) LIMIT 1`,
        [hash],
      );
      return (await withTransfers(rows))[0];
    },
    async listTransactions(listQuery) {
      const { text, values } = listTransactionsStatement(s, listQuery);
      const { rows } = await query<TransactionRow>(text, values);
      return withTransfers(rows);
    },
    async recorded(hashes: readonly Hash[]) {
      if (hashes.length === 0) return [];
      const { rows } = await query<{ hash: string }>(
        // One index probe per hash, whatever the table's statistics say (without them, `= ANY` of
        // a page's hashes was planned as a scan of the whole history).
        `SELECT h.hash FROM (SELECT DISTINCT unnest($1::text[]) AS hash) h
         WHERE EXISTS (SELECT 1 FROM ${s}.transactions t WHERE t.hash = h.hash)`,
        [[...hashes]],
      );
      return rows.map((row) => row.hash as Hash);
    },
  };
}

/** A page of indexed transactions, newest first by block and index, as one statement. */
function listTransactionsStatement(s: string, listQuery: ListIndexedTransactionsQuery) {
  const limit = explorerPageSize(listQuery.limit);
  const before = listQuery.before
    ? { blockNumber: listQuery.before.blockNumber.toString(), index: listQuery.before.index }
    : END;
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (listQuery.address === undefined) {
    const text = `SELECT * FROM ${s}.explorer_transactions
      WHERE (block_number, idx) < (${param(before.blockNumber)}::bigint, ${param(before.index)}::int)
      ${listQuery.blockNumber === undefined ? "" : `AND block_number = ${param(listQuery.blockNumber.toString())}`}
      ORDER BY block_number DESC, idx DESC LIMIT ${param(limit)}`;
    return { text, values };
  }
  const address = param(listQuery.address.toLowerCase());
  const position = `(${param(before.blockNumber)}::bigint, ${param(before.index)}::int)`;
  const cut = param(limit);
  // Each way an address takes part, newest first and cut at the page, then merged.
  const part = (table: string, column: string, index: string) =>
    `(SELECT block_number, ${index} AS idx FROM ${s}.${table}
      WHERE lower(${column}) = ${address} AND (block_number, ${index}) < ${position}
      ORDER BY block_number DESC, ${index} DESC LIMIT ${cut})`;
  const parts = [
    part("explorer_transactions", "from_address", "idx"),
    part("explorer_transactions", "to_address", "idx"),
    part("explorer_transactions", "contract_address", "idx"),
    part("explorer_token_transfers", "from_address", "tx_index"),
    part("explorer_token_transfers", "to_address", "tx_index"),
  ];
  const text = `SELECT t.* FROM ${s}.explorer_transactions t JOIN (${parts.join(" UNION ")}) p
    ON t.block_number = p.block_number AND t.idx = p.idx
    ${listQuery.blockNumber === undefined ? "" : `WHERE t.block_number = ${param(listQuery.blockNumber.toString())}`}
    ORDER BY t.block_number DESC, t.idx DESC LIMIT ${cut}`;
  return { text, values };
}
