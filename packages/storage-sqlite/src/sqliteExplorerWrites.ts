import type { ExplorerStore, IndexedBlockData } from "@privnet/core";
import { blockSenderGas } from "@privnet/core/internal";
import type { SqliteExplorerContext } from "./sqliteConnection.js";

/**
 * What the indexer writes: a batch of blocks with prepared statements in one commit, and the range
 * deletes of a rewind or a prune on the tables' leading `block_number`.
 */
export function sqliteExplorerWrites({
  sql,
  inTransaction,
  ensureOpen,
}: SqliteExplorerContext): Pick<ExplorerStore, "putBlocks" | "removeBlocksAbove" | "prune"> {
  const removeRange = (condition: string, value: number) => {
    sql(`DELETE FROM explorer_token_transfers WHERE block_number ${condition} ?`).run(value);
    sql(`DELETE FROM explorer_transactions WHERE block_number ${condition} ?`).run(value);
    sql(`DELETE FROM explorer_block_senders WHERE block_number ${condition} ?`).run(value);
    return Number(sql(`DELETE FROM explorer_blocks WHERE number ${condition} ?`).run(value).changes);
  };
  const putBlock = ({ block, transactions }: IndexedBlockData) => {
    const number = Number(block.number);
    removeRange("=", number);
    sql(
      `INSERT INTO explorer_blocks (number, hash, parent_hash, timestamp, transaction_count, gas_used, gas_limit, base_fee_per_gas, miner)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
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
    const insertTransaction = sql(
      `INSERT INTO explorer_transactions (block_number, idx, hash, block_hash, timestamp, from_address, to_address, value, nonce, kind,
         selector, input, status, gas_used, effective_gas_price, contract_address)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertTransfer = sql(
      `INSERT INTO explorer_token_transfers (block_number, log_index, position, tx_index, standard, token, from_address, to_address, amount, token_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertSender = sql(
      `INSERT INTO explorer_block_senders (block_number, from_address, gas_used, transaction_count) VALUES (?, ?, ?, ?)`,
    );
    for (const sender of blockSenderGas({ block, transactions })) {
      insertSender.run(number, sender.from, sender.gasUsed.toString(), sender.transactionCount);
    }
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
  };

  return {
    async putBlocks(data: readonly IndexedBlockData[]) {
      ensureOpen();
      if (data.length === 0) return;
      inTransaction(() => {
        for (const blockData of data) putBlock(blockData);
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
  };
}
