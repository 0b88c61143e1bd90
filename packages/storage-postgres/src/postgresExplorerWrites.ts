import type {
  BlockSenderGas,
  ExplorerStore,
  IndexedBlock,
  IndexedBlockData,
  IndexedTransaction,
} from "@privnet/core";
import { blockSenderGas } from "@privnet/core/internal";
import type { PostgresExplorerContext, Run } from "./postgresConnection.js";

/**
 * What the indexer writes: a batch of blocks with one `INSERT … SELECT FROM unnest(…)` per table
 * (one parameter per column whatever the row count, so a full block of thousands of transactions
 * is three statements in one transaction), and the range deletes of a rewind or a prune.
 */
export function postgresExplorerWrites({
  s,
  inTransaction,
}: PostgresExplorerContext): Pick<ExplorerStore, "putBlocks" | "removeBlocksAbove" | "prune"> {
  const removeRange = async (run: Run, condition: string, value: string) => {
    await run(`DELETE FROM ${s}.explorer_token_transfers WHERE block_number ${condition} $1`, [value]);
    await run(`DELETE FROM ${s}.explorer_transactions WHERE block_number ${condition} $1`, [value]);
    await run(`DELETE FROM ${s}.explorer_block_senders WHERE block_number ${condition} $1`, [value]);
    const { rowCount } = await run(`DELETE FROM ${s}.explorer_blocks WHERE number ${condition} $1`, [value]);
    return rowCount ?? 0;
  };
  return {
    async putBlocks(data: readonly IndexedBlockData[]) {
      if (data.length === 0) return;
      const blocks = data.map(({ block }) => block);
      const transactions = data.flatMap(({ transactions }) => transactions);
      await inTransaction(async (run) => {
        const numbers = [blocks.map((block) => block.number.toString())];
        await run(
          `DELETE FROM ${s}.explorer_token_transfers WHERE block_number = ANY($1::bigint[])`,
          numbers,
        );
        await run(`DELETE FROM ${s}.explorer_transactions WHERE block_number = ANY($1::bigint[])`, numbers);
        await run(`DELETE FROM ${s}.explorer_block_senders WHERE block_number = ANY($1::bigint[])`, numbers);
        await run(`DELETE FROM ${s}.explorer_blocks WHERE number = ANY($1::bigint[])`, numbers);
        await insertBlocks(run, s, blocks);
        await insertTransactions(run, s, transactions);
        await insertTransfers(run, s, transactions);
        await insertSenders(run, s, data.flatMap(blockSenderGas));
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
  };
}

/** One array parameter per column: `read` applied to every row. */
const column = <T>(rows: readonly T[], read: (row: T) => unknown) => rows.map(read);
const text = (value: bigint | null) => (value === null ? null : value.toString());

async function insertBlocks(run: Run, s: string, blocks: readonly IndexedBlock[]) {
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
}

async function insertTransactions(run: Run, s: string, transactions: readonly IndexedTransaction[]) {
  if (transactions.length === 0) return;
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

async function insertTransfers(run: Run, s: string, transactions: readonly IndexedTransaction[]) {
  const transfers = transactions.flatMap((transaction) =>
    transaction.tokenTransfers.map((transfer) => ({ transaction, transfer })),
  );
  if (transfers.length === 0) return;
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

async function insertSenders(run: Run, s: string, senders: readonly BlockSenderGas[]) {
  if (senders.length === 0) return;
  await run(
    `INSERT INTO ${s}.explorer_block_senders (block_number, from_address, gas_used, transaction_count)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::int[])`,
    [
      column(senders, (sender) => sender.blockNumber.toString()),
      column(senders, (sender) => sender.from),
      column(senders, (sender) => sender.gasUsed.toString()),
      column(senders, (sender) => sender.transactionCount),
    ],
  );
}
