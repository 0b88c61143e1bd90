import { type Address, type Hash, isAddressEqual } from "viem";
import {
  type AddressLabelRecord,
  type ChainPosition,
  type ExplorerStore,
  explorerPageSize,
  type IndexedBlock,
  type IndexedBlockData,
  type IndexedTransaction,
  type ListIndexedTransactionsQuery,
  type RegisteredContractRecord,
  type TokenStandard,
} from "./ExplorerStore.js";

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
  const blocks = new Map<bigint, IndexedBlockData>();
  const blockByHash = new Map<string, bigint>();
  const transactionByHash = new Map<string, IndexedTransaction>();
  const labels = new Map<string, AddressLabelRecord>();
  const contracts = new Map<string, RegisteredContractRecord>();
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
  const numbers = () => [...blocks.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const copyBlock = (block: IndexedBlock): IndexedBlock => ({ ...block });
  const copyTransaction = (transaction: IndexedTransaction): IndexedTransaction => ({
    ...transaction,
    tokenTransfers: transaction.tokenTransfers.map((transfer) => ({ ...transfer })),
  });
  const isBefore = (transaction: IndexedTransaction, before: ChainPosition | undefined) =>
    before === undefined ||
    transaction.blockNumber < before.blockNumber ||
    (transaction.blockNumber === before.blockNumber && transaction.index < before.index);
  const involves = (transaction: IndexedTransaction, address: Address) => {
    const is = (other: Address | null | undefined) => other != null && isAddressEqual(other, address);
    return (
      is(transaction.from) ||
      is(transaction.to) ||
      is(transaction.contractAddress) ||
      transaction.tokenTransfers.some((transfer) => is(transfer.from) || is(transfer.to))
    );
  };

  return {
    async putBlocks(data: readonly IndexedBlockData[]) {
      open();
      for (const { block, transactions } of data) {
        drop(block.number);
        const stored = { block: copyBlock(block), transactions: transactions.map(copyTransaction) };
        blocks.set(block.number, stored);
        blockByHash.set(block.hash.toLowerCase(), block.number);
        for (const transaction of stored.transactions) {
          transactionByHash.set(transaction.hash.toLowerCase(), transaction);
        }
        transactionCount += stored.transactions.length;
      }
    },
    async removeBlocksAbove(number: bigint) {
      open();
      let removed = 0;
      for (const stored of [...blocks.keys()]) {
        if (stored > number) {
          drop(stored);
          removed++;
        }
      }
      return removed;
    },
    async prune(limits) {
      open();
      const ordered = numbers();
      let index = 0;
      if (limits.blocks !== undefined) {
        while (ordered.length - index > limits.blocks) drop(ordered[index++] as bigint);
      }
      if (limits.transactions !== undefined) {
        while (transactionCount > limits.transactions && index < ordered.length) {
          drop(ordered[index++] as bigint);
        }
      }
    },
    async range() {
      open();
      const ordered = numbers();
      if (ordered.length === 0) return undefined;
      return {
        lowest: ordered[0] as bigint,
        highest: ordered[ordered.length - 1] as bigint,
        blocks: ordered.length,
        transactions: transactionCount,
      };
    },
    async getBlock(block: bigint | Hash) {
      open();
      const number = typeof block === "bigint" ? block : blockByHash.get(block.toLowerCase());
      const stored = number === undefined ? undefined : blocks.get(number);
      return stored && copyBlock(stored.block);
    },
    async listBlocks(query) {
      open();
      const page: IndexedBlock[] = [];
      const limit = explorerPageSize(query.limit);
      for (const number of numbers().reverse()) {
        if (page.length >= limit) break;
        if (query.before !== undefined && number >= query.before) continue;
        page.push(copyBlock((blocks.get(number) as IndexedBlockData).block));
      }
      return page;
    },
    async getTransaction(hash: Hash) {
      open();
      const stored = transactionByHash.get(hash.toLowerCase());
      return stored && copyTransaction(stored);
    },
    async listTransactions(query: ListIndexedTransactionsQuery) {
      open();
      const limit = explorerPageSize(query.limit);
      const { address } = query;
      const page: IndexedTransaction[] = [];
      const from = query.blockNumber === undefined ? numbers().reverse() : [query.blockNumber];
      for (const number of from) {
        const stored = blocks.get(number);
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
    },
    async recorded(hashes: readonly Hash[]) {
      open();
      const wanted = new Set(hashes.map((hash) => hash.toLowerCase()));
      const found: Hash[] = [];
      for (const record of history()) if (wanted.has(record.hash.toLowerCase())) found.push(record.hash);
      return found;
    },
    async tokensOf(address: Address) {
      open();
      const tokens = new Map<string, { token: Address; standard: TokenStandard }>();
      for (const { transactions } of blocks.values()) {
        for (const transaction of transactions) {
          for (const transfer of transaction.tokenTransfers) {
            if (!isAddressEqual(transfer.from, address) && !isAddressEqual(transfer.to, address)) continue;
            tokens.set(transfer.token.toLowerCase(), { token: transfer.token, standard: transfer.standard });
          }
        }
      }
      return [...tokens.values()];
    },
    labels: {
      async set(address: Address, name: string) {
        open();
        const record = { address, name, updatedAt: new Date().toISOString() };
        labels.set(address.toLowerCase(), record);
        return { ...record };
      },
      async remove(address: Address) {
        open();
        return labels.delete(address.toLowerCase());
      },
      async get(address: Address) {
        open();
        const record = labels.get(address.toLowerCase());
        return record && { ...record };
      },
      async list() {
        open();
        return [...labels.entries()]
          .sort(([a], [b]) => compareText(a, b))
          .map(([, record]) => ({ ...record }));
      },
    },
    contracts: {
      async put(record: RegisteredContractRecord) {
        open();
        const key = record.address.toLowerCase();
        const stored = { ...record, abi: structuredClone(record.abi) };
        contracts.set(key, stored);
        return { ...stored, abi: structuredClone(stored.abi) };
      },
      async get(address: Address) {
        open();
        const record = contracts.get(address.toLowerCase());
        return record && { ...record, abi: structuredClone(record.abi) };
      },
      async list() {
        open();
        return [...contracts.values()]
          .sort((a, b) => compareText(a.createdAt, b.createdAt) || compareText(a.address, b.address))
          .map((record) => ({ ...record, abi: structuredClone(record.abi) }));
      },
      async remove(address: Address) {
        open();
        return contracts.delete(address.toLowerCase());
      },
    },
  };
}

function compareText(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}
