import { type Address, type Hash, isAddressEqual } from "viem";
import { blockSenderGas } from "./blockSenderGas.js";
import {
  type ChainPosition,
  type ExplorerStore,
  explorerPageSize,
  type IndexedBlock,
  type IndexedBlockData,
  type IndexedTransaction,
  type ListIndexedTransactionsQuery,
  type TokenStandard,
} from "./ExplorerStore.js";
import {
  copyBlock,
  copyTransaction,
  createMemoryChainIndex,
  type MemoryChainIndex,
} from "./memoryChainIndex.js";
import { memoryExplorerNames } from "./memoryExplorerNames.js";

/**
 * The explorer's store in this process's memory (part of `memoryStorage()`). Blocks are kept by
 * number; the lists scan what is kept, which retention bounds.
 *
 * @example
 * const store = memoryExplorerStore(() => {}, () => transactions.values());
 * await store.putBlocks([{ block, transactions }]);
 */
export function memoryExplorerStore(
  open: () => void,
  history: () => Iterable<{ hash: Hash }>,
): ExplorerStore {
  const index = createMemoryChainIndex();
  return {
    async putBlocks(data: readonly IndexedBlockData[]) {
      open();
      for (const blockData of data) index.put(blockData);
    },
    async removeBlocksAbove(number: bigint) {
      open();
      const above = index.numbers().filter((stored) => stored > number);
      for (const stored of above) index.drop(stored);
      return above.length;
    },
    async prune(limits) {
      open();
      const ordered = index.numbers();
      let next = 0;
      if (limits.blocks !== undefined) {
        while (ordered.length - next > limits.blocks) index.drop(ordered[next++] as bigint);
      }
      if (limits.transactions !== undefined) {
        while (index.transactionCount > limits.transactions && next < ordered.length) {
          index.drop(ordered[next++] as bigint);
        }
      }
    },
    async range() {
      open();
      const ordered = index.numbers();
      if (ordered.length === 0) return undefined;
      return {
        lowest: ordered[0] as bigint,
        highest: ordered[ordered.length - 1] as bigint,
        blocks: ordered.length,
        transactions: index.transactionCount,
      };
    },
    async getBlock(block: bigint | Hash) {
      open();
      const number = typeof block === "bigint" ? block : index.numberOf(block);
      const stored = number === undefined ? undefined : index.blocks.get(number);
      return stored && copyBlock(stored.block);
    },
    async listBlocks(query) {
      open();
      const page: IndexedBlock[] = [];
      const limit = explorerPageSize(query.limit);
      for (const number of index.numbers().reverse()) {
        if (page.length >= limit) break;
        if (query.before !== undefined && number >= query.before) continue;
        page.push(copyBlock((index.blocks.get(number) as IndexedBlockData).block));
      }
      return page;
    },
    async getTransaction(hash: Hash) {
      open();
      const stored = index.transaction(hash);
      return stored && copyTransaction(stored);
    },
    async listTransactions(query: ListIndexedTransactionsQuery) {
      open();
      return listTransactionsPage(index, query);
    },
    async recorded(hashes: readonly Hash[]) {
      open();
      const wanted = new Set(hashes.map((hash) => hash.toLowerCase()));
      const found: Hash[] = [];
      for (const record of history()) if (wanted.has(record.hash.toLowerCase())) found.push(record.hash);
      return found;
    },
    async blockGasBySender(numbers: readonly bigint[]) {
      open();
      return [...new Set(numbers)].flatMap((number) => {
        const stored = index.blocks.get(number);
        return stored ? blockSenderGas(stored) : [];
      });
    },
    async tokensOf(address: Address) {
      open();
      const tokens = new Map<string, { token: Address; standard: TokenStandard }>();
      for (const { transactions } of index.blocks.values()) {
        for (const transfer of transactions.flatMap((transaction) => transaction.tokenTransfers)) {
          if (!isAddressEqual(transfer.from, address) && !isAddressEqual(transfer.to, address)) continue;
          tokens.set(transfer.token.toLowerCase(), { token: transfer.token, standard: transfer.standard });
        }
      }
      return [...tokens.values()];
    },
    ...memoryExplorerNames(open),
  };
}

/** A page of indexed transactions, newest first by block and index. */
function listTransactionsPage(
  index: MemoryChainIndex,
  query: ListIndexedTransactionsQuery,
): IndexedTransaction[] {
  const limit = explorerPageSize(query.limit);
  const { address } = query;
  const page: IndexedTransaction[] = [];
  const from = query.blockNumber === undefined ? index.numbers().reverse() : [query.blockNumber];
  for (const number of from) {
    const stored = index.blocks.get(number);
    if (!stored) continue;
    for (let i = stored.transactions.length - 1; i >= 0 && page.length < limit; i--) {
      const transaction = stored.transactions[i] as IndexedTransaction;
      if (!isBefore(transaction, query.before)) continue;
      if (address !== undefined && !involves(transaction, address)) continue;
      page.push(copyTransaction(transaction));
    }
    if (page.length >= limit) break;
  }
  return page;
}

function isBefore(transaction: IndexedTransaction, before: ChainPosition | undefined) {
  return (
    before === undefined ||
    transaction.blockNumber < before.blockNumber ||
    (transaction.blockNumber === before.blockNumber && transaction.index < before.index)
  );
}

function involves(transaction: IndexedTransaction, address: Address) {
  const is = (other: Address | null | undefined) => other != null && isAddressEqual(other, address);
  return (
    is(transaction.from) ||
    is(transaction.to) ||
    is(transaction.contractAddress) ||
    transaction.tokenTransfers.some((transfer) => is(transfer.from) || is(transfer.to))
  );
}
