import type { Hash } from "viem";
import type { IndexedBlock, IndexedBlockData, IndexedTransaction } from "./ExplorerStore.js";

/**
 * The explorer's blocks in memory, by number, with their transactions by hash: what
 * `memoryExplorerStore` writes and reads.
 */
export type MemoryChainIndex = ReturnType<typeof createMemoryChainIndex>;

export function createMemoryChainIndex() {
  const blocks = new Map<bigint, IndexedBlockData>();
  const blockByHash = new Map<string, bigint>();
  const transactionByHash = new Map<string, IndexedTransaction>();
  let transactionCount = 0;

  const drop = (number: bigint) => {
    const stored = blocks.get(number);
    if (!stored) return;
    blocks.delete(number);
    blockByHash.delete(stored.block.hash.toLowerCase());
    for (const transaction of stored.transactions) {
      const key = transaction.hash.toLowerCase();
      if (transactionByHash.get(key) === transaction) transactionByHash.delete(key);
    }
    transactionCount -= stored.transactions.length;
  };

  return {
    blocks: blocks as ReadonlyMap<bigint, IndexedBlockData>,
    get transactionCount() {
      return transactionCount;
    },
    /** Stores a copy of the block and its transactions, in place of one at the same number. */
    put({ block, transactions }: IndexedBlockData) {
      drop(block.number);
      const stored = { block: copyBlock(block), transactions: transactions.map(copyTransaction) };
      blocks.set(block.number, stored);
      blockByHash.set(block.hash.toLowerCase(), block.number);
      for (const transaction of stored.transactions) {
        transactionByHash.set(transaction.hash.toLowerCase(), transaction);
      }
      transactionCount += stored.transactions.length;
    },
    drop,
    /** The stored block numbers, lowest first. */
    numbers: () => [...blocks.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    numberOf: (hash: Hash) => blockByHash.get(hash.toLowerCase()),
    transaction: (hash: Hash) => transactionByHash.get(hash.toLowerCase()),
  };
}

export const copyBlock = (block: IndexedBlock): IndexedBlock => ({ ...block });

export const copyTransaction = (transaction: IndexedTransaction): IndexedTransaction => ({
  ...transaction,
  tokenTransfers: transaction.tokenTransfers.map((transfer) => ({ ...transfer })),
});
