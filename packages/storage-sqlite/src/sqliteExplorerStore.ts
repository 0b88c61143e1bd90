import type { SQLInputValue, StatementSync } from "node:sqlite";
import type {
  ExplorerStore,
  IndexedBlockData,
  IndexedTokenTransfer,
  IndexedTransaction,
  RegisteredContractRecord,
  TokenStandard,
} from "@privnet/core";
import {
  type BlockRow,
  type ContractRow,
  explorerPageSize,
  type LabelRow,
  type TransactionRow,
  type TransferRow,
  toBlock,
  toContract,
  toLabel,
  toTransaction,
  toTransfer,
} from "@privnet/core/internal";
import { type Address, type Hash, isAddressEqual } from "viem";

/** What the explorer's tables need from the adapter: prepared statements and one-commit writes. */
export type SqliteExplorerContext = {
  sql(text: string): StatementSync;
  inTransaction<T>(fn: () => T): T;
  ensureOpen(): void;
};

/** Past every real position: the cursor of a first page. */
const END = { blockNumber: Number.MAX_SAFE_INTEGER, index: 0 };

/**
 * The explorer's tables (migration 4) of a SQLite store: a block's rows go in with one commit, a
 * rewind or a prune is one range delete on the tables' leading `block_number`.
 */
export function sqliteExplorerStore(ctx: SqliteExplorerContext): ExplorerStore {
  const { sql, inTransaction, ensureOpen } = ctx;

  const removeRange = (condition: string, value: number) => {
    sql(`DELETE FROM explorer_token_transfers WHERE block_number ${condition} ?`).run(value);
    sql(`DELETE FROM explorer_transactions WHERE block_number ${condition} ?`).run(value);
    return Number(sql(`DELETE FROM explorer_blocks WHERE number ${condition} ?`).run(value).changes);
  };
  const withTransfers = (rows: TransactionRow[]): IndexedTransaction[] => {
    if (rows.length === 0) return [];
    const min = Math.min(...rows.map((row) => Number(row.block_number)));
    const max = Math.max(...rows.map((row) => Number(row.block_number)));
    const transfers = new Map<string, IndexedTokenTransfer[]>();
    const keys = new Set(rows.map((row) => `${row.block_number}:${row.idx}`));
    // The page's blocks' transfers (a range on the primary key), matched to its transactions here.
    const transferRows =
      rows.length <= 64
        ? (sql(
            `SELECT * FROM explorer_token_transfers WHERE (block_number, tx_index) IN (VALUES ${rows.map(() => "(?, ?)").join(", ")}) ORDER BY block_number, log_index, position`,
          ).all(...rows.flatMap((row) => [row.block_number, row.idx])) as TransferRow[])
        : (sql(
            "SELECT * FROM explorer_token_transfers WHERE block_number BETWEEN ? AND ? ORDER BY block_number, log_index, position",
          ).all(min, max) as TransferRow[]);
    for (const row of transferRows) {
      const key = `${row.block_number}:${row.tx_index}`;
      if (!keys.has(key)) continue;
      const list = transfers.get(key) ?? [];
      list.push(toTransfer(row));
      transfers.set(key, list);
    }
    return rows.map((row) => toTransaction(row, transfers.get(`${row.block_number}:${row.idx}`) ?? []));
  };

  return {
    async putBlocks(data: readonly IndexedBlockData[]) {
      ensureOpen();
      if (data.length === 0) return;
      inTransaction(() => {
        const insertBlock = sql(
          `INSERT INTO explorer_blocks (number, hash, parent_hash, timestamp, transaction_count, gas_used, gas_limit, base_fee_per_gas, miner)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const insertTransaction = sql(
          `INSERT INTO explorer_transactions (block_number, idx, hash, block_hash, timestamp, from_address, to_address, value, nonce, kind,
             selector, input, status, gas_used, effective_gas_price, contract_address)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        const insertTransfer = sql(
          `INSERT INTO explorer_token_transfers (block_number, log_index, position, tx_index, standard, token, from_address, to_address, amount, token_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        );
        for (const { block, transactions } of data) {
          const number = Number(block.number);
          removeRange("=", number);
          insertBlock.run(
            number,
            block.hash,
            block.parentHash,
            block.timestamp,
            block.transactionCount,
            block.gasUsed.toString(),
            block.gasLimit.toString(),
            block.baseFeePerGas === null ? null : block.baseFeePerGas.toString(),
            block.miner,
          );
          for (const transaction of transactions) {
            insertTransaction.run(
              number,
              transaction.index,
              transaction.hash,
              transaction.blockHash,
              transaction.timestamp,
              transaction.from,
              transaction.to,
              transaction.value.toString(),
              transaction.nonce,
              transaction.kind,
              transaction.selector,
              transaction.input,
              transaction.status === "success" ? 1 : 0,
              transaction.gasUsed.toString(),
              transaction.effectiveGasPrice.toString(),
              transaction.contractAddress,
            );
            for (const transfer of transaction.tokenTransfers) {
              insertTransfer.run(
                number,
                transfer.logIndex,
                transfer.position,
                transaction.index,
                transfer.standard,
                transfer.token,
                transfer.from,
                transfer.to,
                transfer.amount.toString(),
                transfer.tokenId === null ? null : transfer.tokenId.toString(),
              );
            }
          }
        }
      });
    },
    async removeBlocksAbove(number: bigint) {
      ensureOpen();
      return inTransaction(() => removeRange(">", Number(number)));
    },
    async prune(limits) {
      ensureOpen();
      inTransaction(() => {
        if (limits.blocks !== undefined) {
          const row = sql("SELECT number FROM explorer_blocks ORDER BY number DESC LIMIT 1 OFFSET ?").get(
            limits.blocks,
          );
          if (row) removeRange("<=", Number(row.number));
        }
        if (limits.transactions !== undefined) {
          // The block of the first transaction past the bound goes, and every older one.
          const row = sql(
            "SELECT block_number FROM explorer_transactions ORDER BY block_number DESC, idx DESC LIMIT 1 OFFSET ?",
          ).get(limits.transactions);
          if (row) removeRange("<=", Number(row.block_number));
        }
      });
    },
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
    async tokensOf(address: Address) {
      ensureOpen();
      return (
        sql(
          `SELECT token, standard FROM explorer_token_transfers WHERE from_address = ?
           UNION SELECT token, standard FROM explorer_token_transfers WHERE to_address = ?`,
        ).all(address, address) as { token: Address; standard: string }[]
      )
        .filter(
          (row, index, rows) => rows.findIndex((other) => isAddressEqual(other.token, row.token)) === index,
        )
        .map((row) => ({ token: row.token, standard: row.standard as TokenStandard }));
    },
    labels: {
      async set(address: Address, name: string) {
        ensureOpen();
        const row = sql(
          `INSERT INTO explorer_labels (address, name, updated_at) VALUES (?, ?, ?)
           ON CONFLICT (address) DO UPDATE SET address = excluded.address, name = excluded.name, updated_at = excluded.updated_at
           RETURNING *`,
        ).get(address, name, new Date().toISOString());
        return toLabel(row as LabelRow);
      },
      async remove(address: Address) {
        ensureOpen();
        return sql("DELETE FROM explorer_labels WHERE address = ?").run(address).changes > 0;
      },
      async get(address: Address) {
        ensureOpen();
        const row = sql("SELECT * FROM explorer_labels WHERE address = ?").get(address);
        return row && toLabel(row as LabelRow);
      },
      async list() {
        ensureOpen();
        return sql("SELECT * FROM explorer_labels ORDER BY lower(address)")
          .all()
          .map((row) => toLabel(row as LabelRow));
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        ensureOpen();
        const row = sql(
          `INSERT INTO explorer_contracts (address, name, abi, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (address) DO UPDATE SET address = excluded.address, name = excluded.name, abi = excluded.abi,
             created_at = excluded.created_at
           RETURNING *`,
        ).get(record.address, record.name, JSON.stringify(record.abi), record.createdAt);
        return toContract(row as ContractRow);
      },
      async get(address: Address) {
        ensureOpen();
        const row = sql("SELECT * FROM explorer_contracts WHERE address = ?").get(address);
        return row && toContract(row as ContractRow);
      },
      async list() {
        ensureOpen();
        return sql("SELECT * FROM explorer_contracts ORDER BY created_at, address")
          .all()
          .map((row) => toContract(row as ContractRow));
      },
      async remove(address: Address) {
        ensureOpen();
        return sql("DELETE FROM explorer_contracts WHERE address = ?").run(address).changes > 0;
      },
    },
  };
}
