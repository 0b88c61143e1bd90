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
import type pg from "pg";
import type { Address, Hash } from "viem";

type Run = <Row extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<pg.QueryResult<Row>>;

/** What the explorer's tables need from the adapter: one-off queries and a transaction. */
export type PostgresExplorerContext = {
  /** The quoted schema name. */
  s: string;
  query: Run;
  /** Runs `fn` in one database transaction on one connection. */
  inTransaction<T>(fn: (run: Run) => Promise<T>): Promise<T>;
};

/** Past every real position: the cursor of a first page. */
const END = { blockNumber: "9223372036854775807", index: 0 };

/**
 * The explorer's tables (migration 4) in PostgreSQL. A batch of blocks is written with one
 * `INSERT … SELECT FROM unnest(…)` per table: one parameter per column whatever the row count, so
 * a full block (thousands of transactions) is three statements in one transaction.
 */
export function postgresExplorerStore(ctx: PostgresExplorerContext): ExplorerStore {
  const { s, query, inTransaction } = ctx;

  const removeRange = async (run: Run, condition: string, value: string) => {
    await run(`DELETE FROM ${s}.explorer_token_transfers WHERE block_number ${condition} $1`, [value]);
    await run(`DELETE FROM ${s}.explorer_transactions WHERE block_number ${condition} $1`, [value]);
    const { rowCount } = await run(`DELETE FROM ${s}.explorer_blocks WHERE number ${condition} $1`, [value]);
    return rowCount ?? 0;
  };
  const withTransfers = async (rows: TransactionRow[]): Promise<IndexedTransaction[]> => {
    if (rows.length === 0) return [];
    const { rows: transferRows } = await query<TransferRow>(
      `SELECT t.* FROM ${s}.explorer_token_transfers t
       JOIN unnest($1::bigint[], $2::int[]) AS p(block_number, tx_index)
         ON t.block_number = p.block_number AND t.tx_index = p.tx_index
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
    async putBlocks(data: readonly IndexedBlockData[]) {
      if (data.length === 0) return;
      const blocks = data.map(({ block }) => block);
      const transactions = data.flatMap(({ transactions }) => transactions);
      const transfers = transactions.flatMap((transaction) =>
        transaction.tokenTransfers.map((transfer) => ({ transaction, transfer })),
      );
      const column = <T>(rows: readonly T[], read: (row: T) => unknown) => rows.map(read);
      const text = (value: bigint | null) => (value === null ? null : value.toString());
      await inTransaction(async (run) => {
        await run(`DELETE FROM ${s}.explorer_token_transfers WHERE block_number = ANY($1::bigint[])`, [
          blocks.map((block) => block.number.toString()),
        ]);
        await run(`DELETE FROM ${s}.explorer_transactions WHERE block_number = ANY($1::bigint[])`, [
          blocks.map((block) => block.number.toString()),
        ]);
        await run(`DELETE FROM ${s}.explorer_blocks WHERE number = ANY($1::bigint[])`, [
          blocks.map((block) => block.number.toString()),
        ]);
        await run(
          `INSERT INTO ${s}.explorer_blocks (number, hash, parent_hash, timestamp, transaction_count, gas_used, gas_limit, base_fee_per_gas, miner)
           SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::int[], $6::numeric[], $7::numeric[], $8::numeric[], $9::text[])`,
          [
            column(blocks, (block) => block.number.toString()),
            column(blocks, (block) => block.hash),
            column(blocks, (block) => block.parentHash),
            column(blocks, (block) => block.timestamp),
            column(blocks, (block) => block.transactionCount),
            column(blocks, (block) => block.gasUsed.toString()),
            column(blocks, (block) => block.gasLimit.toString()),
            column(blocks, (block) => text(block.baseFeePerGas)),
            column(blocks, (block) => block.miner),
          ],
        );
        if (transactions.length > 0) {
          await run(
            `INSERT INTO ${s}.explorer_transactions (block_number, idx, hash, block_hash, timestamp, from_address, to_address, value, nonce,
               kind, selector, input, status, gas_used, effective_gas_price, contract_address)
             SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::numeric[],
               $9::bigint[], $10::text[], $11::text[], $12::text[], $13::smallint[], $14::numeric[], $15::numeric[], $16::text[])`,
            [
              column(transactions, (t) => t.blockNumber.toString()),
              column(transactions, (t) => t.index),
              column(transactions, (t) => t.hash),
              column(transactions, (t) => t.blockHash),
              column(transactions, (t) => t.timestamp),
              column(transactions, (t) => t.from),
              column(transactions, (t) => t.to),
              column(transactions, (t) => t.value.toString()),
              column(transactions, (t) => t.nonce),
              column(transactions, (t) => t.kind),
              column(transactions, (t) => t.selector),
              column(transactions, (t) => t.input),
              column(transactions, (t) => (t.status === "success" ? 1 : 0)),
              column(transactions, (t) => t.gasUsed.toString()),
              column(transactions, (t) => t.effectiveGasPrice.toString()),
              column(transactions, (t) => t.contractAddress),
            ],
          );
        }
        if (transfers.length > 0) {
          await run(
            `INSERT INTO ${s}.explorer_token_transfers (block_number, log_index, position, tx_index, standard, token, from_address,
               to_address, amount, token_id)
             SELECT * FROM unnest($1::bigint[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[],
               $9::numeric[], $10::numeric[])`,
            [
              column(transfers, ({ transaction }) => transaction.blockNumber.toString()),
              column(transfers, ({ transfer }) => transfer.logIndex),
              column(transfers, ({ transfer }) => transfer.position),
              column(transfers, ({ transaction }) => transaction.index),
              column(transfers, ({ transfer }) => transfer.standard),
              column(transfers, ({ transfer }) => transfer.token),
              column(transfers, ({ transfer }) => transfer.from),
              column(transfers, ({ transfer }) => transfer.to),
              column(transfers, ({ transfer }) => transfer.amount.toString()),
              column(transfers, ({ transfer }) => text(transfer.tokenId)),
            ],
          );
        }
      });
    },
    async removeBlocksAbove(number: bigint) {
      return inTransaction((run) => removeRange(run, ">", number.toString()));
    },
    async prune(limits) {
      await inTransaction(async (run) => {
        if (limits.blocks !== undefined) {
          const { rows } = await run<{ number: string }>(
            `SELECT number FROM ${s}.explorer_blocks ORDER BY number DESC LIMIT 1 OFFSET $1`,
            [limits.blocks],
          );
          if (rows[0]) await removeRange(run, "<=", rows[0].number);
        }
        if (limits.transactions !== undefined) {
          // The block of the first transaction past the bound goes, and every older one.
          const { rows } = await run<{ block_number: string }>(
            `SELECT block_number FROM ${s}.explorer_transactions ORDER BY block_number DESC, idx DESC LIMIT 1 OFFSET $1`,
            [limits.transactions],
          );
          if (rows[0]) await removeRange(run, "<=", rows[0].block_number);
        }
      });
    },
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
      const limit = explorerPageSize(listQuery.limit);
      const before = listQuery.before
        ? { blockNumber: listQuery.before.blockNumber.toString(), index: listQuery.before.index }
        : END;
      const values: unknown[] = [];
      const param = (value: unknown) => {
        values.push(value);
        return `$${values.length}`;
      };
      let text: string;
      if (listQuery.address !== undefined) {
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
        text = `SELECT t.* FROM ${s}.explorer_transactions t JOIN (${parts.join(" UNION ")}) p
          ON t.block_number = p.block_number AND t.idx = p.idx
          ${listQuery.blockNumber === undefined ? "" : `WHERE t.block_number = ${param(listQuery.blockNumber.toString())}`}
          ORDER BY t.block_number DESC, t.idx DESC LIMIT ${cut}`;
      } else {
        text = `SELECT * FROM ${s}.explorer_transactions
          WHERE (block_number, idx) < (${param(before.blockNumber)}::bigint, ${param(before.index)}::int)
          ${listQuery.blockNumber === undefined ? "" : `AND block_number = ${param(listQuery.blockNumber.toString())}`}
          ORDER BY block_number DESC, idx DESC LIMIT ${param(limit)}`;
      }
      const { rows } = await query<TransactionRow>(text, values);
      return withTransfers(rows);
    },
    async recorded(hashes: readonly Hash[]) {
      if (hashes.length === 0) return [];
      const { rows } = await query<{ hash: string }>(
        `SELECT DISTINCT hash FROM ${s}.transactions WHERE hash = ANY($1::text[])`,
        [[...hashes]],
      );
      return rows.map((row) => row.hash as Hash);
    },
    async tokensOf(address: Address) {
      const { rows } = await query<{ token: string; standard: string }>(
        `SELECT DISTINCT ON (lower(token)) token, standard FROM (
           SELECT token, standard FROM ${s}.explorer_token_transfers WHERE lower(from_address) = lower($1)
           UNION SELECT token, standard FROM ${s}.explorer_token_transfers WHERE lower(to_address) = lower($1)
         ) t ORDER BY lower(token)`,
        [address],
      );
      return rows.map((row) => ({ token: row.token as Address, standard: row.standard as TokenStandard }));
    },
    labels: {
      async set(address: Address, name: string) {
        const { rows } = await query<LabelRow>(
          `INSERT INTO ${s}.explorer_labels (address, name, updated_at) VALUES ($1, $2, $3)
           ON CONFLICT (lower(address)) DO UPDATE SET address = excluded.address, name = excluded.name, updated_at = excluded.updated_at
           RETURNING *`,
          [address, name, new Date().toISOString()],
        );
        return toLabel(rows[0] as LabelRow);
      },
      async remove(address: Address) {
        const { rowCount } = await query(
          `DELETE FROM ${s}.explorer_labels WHERE lower(address) = lower($1)`,
          [address],
        );
        return (rowCount ?? 0) > 0;
      },
      async get(address: Address) {
        const { rows } = await query<LabelRow>(
          `SELECT * FROM ${s}.explorer_labels WHERE lower(address) = lower($1)`,
          [address],
        );
        return rows[0] && toLabel(rows[0]);
      },
      async list() {
        const { rows } = await query<LabelRow>(
          `SELECT * FROM ${s}.explorer_labels ORDER BY lower(address) COLLATE "C"`,
        );
        return rows.map(toLabel);
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        const { rows } = await query<ContractRow>(
          `INSERT INTO ${s}.explorer_contracts (address, name, abi, created_at) VALUES ($1, $2, $3::json, $4)
           ON CONFLICT (lower(address)) DO UPDATE SET address = excluded.address, name = excluded.name, abi = excluded.abi,
             created_at = excluded.created_at
           RETURNING address, name, abi::text AS abi, created_at`,
          [record.address, record.name, JSON.stringify(record.abi), record.createdAt],
        );
        return toContract(rows[0] as ContractRow);
      },
      async get(address: Address) {
        const { rows } = await query<ContractRow>(
          `SELECT address, name, abi::text AS abi, created_at FROM ${s}.explorer_contracts WHERE lower(address) = lower($1)`,
          [address],
        );
        return rows[0] && toContract(rows[0]);
      },
      async list() {
        const { rows } = await query<ContractRow>(
          `SELECT address, name, abi::text AS abi, created_at FROM ${s}.explorer_contracts ORDER BY created_at COLLATE "C", address COLLATE "C"`,
        );
        return rows.map(toContract);
      },
      async remove(address: Address) {
        const { rowCount } = await query(
          `DELETE FROM ${s}.explorer_contracts WHERE lower(address) = lower($1)`,
          [address],
        );
        return (rowCount ?? 0) > 0;
      },
    },
  };
}
