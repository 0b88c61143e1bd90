import { type Address, type Hex, isAddressEqual } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";
import { StorageClosedError, WalletExistsError } from "../errors/storage.js";
import { encodeStateValue } from "./encodeStateValue.js";
import { createKeyedMutex } from "./keyedMutex.js";
import { memoryExplorerStore } from "./memoryExplorerStore.js";
import type {
  ListTransactionsQuery,
  NewTransactionRecord,
  NewWalletRecord,
  StorageAdapter,
  StorageSnapshotId,
  TransactionRecord,
  TransactionRecordUpdate,
  WalletRecord,
} from "./StorageAdapter.js";
import { transactionsPageSize } from "./transactionsPageSize.js";

// Kept here too for code that imported it from this module before it moved.
export { MAX_TRANSACTIONS_PAGE } from "./transactionsPageSize.js";

/**
 * Keeps everything in this process's memory: the default storage, gone when the process ends.
 * Locks are per process, so use a database adapter when several processes share wallets.
 *
 * @example
 * const platform = await createPlatform({ transport: http(url), storage: memoryStorage() });
 */
export function memoryStorage(): StorageAdapter {
  const wallets = new Map<number, WalletRecord>();
  const walletIds = new Map<string, number>(); // lower-case address → id
  const transactions = new Map<number, TransactionRecord>();
  const rawTransactions = new Map<number, Hex>();
  const state = new Map<string, string>();
  const mutex = createKeyedMutex();
  let nextWalletId = 1;
  let nextTransactionId = 1;
  let closed = false;
  type Snapshot = {
    wallets: WalletRecord[];
    transactions: TransactionRecord[];
    state: [string, string][];
    rawTransactions: [number, Hex][];
  };
  const snapshots = new Map<StorageSnapshotId, Snapshot>();
  let nextSnapshot = 1;

  const open = () => {
    if (closed) throw new StorageClosedError("memory");
  };
  const insertOne = ({ rawTransaction, ...record }: NewTransactionRecord): TransactionRecord => {
    const stored: TransactionRecord = { ...record, id: nextTransactionId++ };
    transactions.set(stored.id, stored);
    if (rawTransaction !== undefined) rawTransactions.set(stored.id, rawTransaction);
    return { ...stored };
  };
  const updateOne = (id: number, update: TransactionRecordUpdate) => {
    const record = transactions.get(id);
    if (!record) return undefined;
    Object.assign(record, definedFields(update));
    if (record.status !== "pending") rawTransactions.delete(id);
    return { ...record };
  };

  return {
    name: "memory",
    explorer: memoryExplorerStore(open, () => transactions.values()),
    wallets: {
      async insert(wallet: NewWalletRecord) {
        open();
        const key = wallet.address.toLowerCase();
        if (walletIds.has(key)) throw new WalletExistsError(wallet.address);
        const record: WalletRecord = { ...wallet, id: nextWalletId++ };
        wallets.set(record.id, record);
        walletIds.set(key, record.id);
        return { ...record };
      },
      async get(id: number) {
        open();
        const record = wallets.get(id);
        return record && { ...record };
      },
      async getByAddress(address: Address) {
        open();
        const id = walletIds.get(address.toLowerCase());
        const record = id === undefined ? undefined : wallets.get(id);
        return record && { ...record };
      },
      async list() {
        open();
        return [...wallets.values()].map((record) => ({ ...record }));
      },
      async remove(id: number) {
        open();
        const record = wallets.get(id);
        if (!record) return false;
        wallets.delete(id);
        walletIds.delete(record.address.toLowerCase());
        return true;
      },
    },
    transactions: {
      async insert(record: NewTransactionRecord) {
        open();
        return insertOne(record);
      },
      async insertMany(records: readonly NewTransactionRecord[]) {
        open();
        return records.map(insertOne);
      },
      async update(id: number, update: TransactionRecordUpdate) {
        open();
        return updateOne(id, update);
      },
      async updateMany(updates: readonly { id: number; update: TransactionRecordUpdate }[]) {
        open();
        return updates.map(({ id, update }) => updateOne(id, update));
      },
      async remove(id: number) {
        open();
        rawTransactions.delete(id);
        return transactions.delete(id);
      },
      async getRawTransaction(id: number) {
        open();
        return rawTransactions.get(id);
      },
      async get(id: number) {
        open();
        const record = transactions.get(id);
        return record && { ...record };
      },
      async list(query: ListTransactionsQuery) {
        open();
        const limit = transactionsPageSize(query.limit);
        const { address } = query;
        const page: TransactionRecord[] = [];
        // Ids grow with insertion, so newest first is descending id order.
        const ids = [...transactions.keys()].sort((a, b) => b - a);
        for (const id of ids) {
          if (page.length >= limit) break;
          if (query.before !== undefined && id >= query.before) continue;
          const record = transactions.get(id) as TransactionRecord;
          if (query.status && record.status !== query.status) continue;
          if (query.source !== undefined && record.source !== query.source) continue;
          if (query.kind !== undefined && record.kind !== query.kind) continue;
          if (address && !isAddressEqual(record.from, address) && !isAddressEqual(record.to, address)) {
            continue;
          }
          page.push({ ...record });
        }
        return page;
      },
    },
    state: {
      async get<T>(key: string) {
        open();
        const value = state.get(key);
        return value === undefined ? undefined : (JSON.parse(value) as T);
      },
      async set<T>(key: string, value: T) {
        open();
        // Stored as JSON text, as the database adapters do, so values behave the same everywhere.
        state.set(key, encodeStateValue(key, value));
      },
      async delete(key: string) {
        open();
        state.delete(key);
      },
    },
    async withLock(key, fn) {
      open();
      return mutex.run(key, fn);
    },
    async snapshot() {
      open();
      // Records are replaced, never changed in place, except by update(): copy them.
      const id = `memory-${nextSnapshot++}`;
      snapshots.set(id, {
        wallets: [...wallets.values()].map((record) => ({ ...record })),
        transactions: [...transactions.values()].map((record) => ({ ...record })),
        state: [...state.entries()],
        rawTransactions: [...rawTransactions.entries()],
      });
      return id;
    },
    async restore(id: StorageSnapshotId) {
      open();
      const snapshot = snapshots.get(id);
      if (!snapshot) throw unknownSnapshot("memory", id);
      snapshots.delete(id);
      wallets.clear();
      walletIds.clear();
      for (const record of snapshot.wallets) {
        wallets.set(record.id, { ...record });
        walletIds.set(record.address.toLowerCase(), record.id);
      }
      transactions.clear();
      for (const record of snapshot.transactions) transactions.set(record.id, { ...record });
      rawTransactions.clear();
      for (const [id, raw] of snapshot.rawTransactions) rawTransactions.set(id, raw);
      state.clear();
      for (const [key, value] of snapshot.state) state.set(key, value);
    },
    async close() {
      closed = true;
    },
  };
}

/** What `restore()` of every adapter throws for an id it does not hold. */
export function unknownSnapshot(adapter: string, id: StorageSnapshotId) {
  return new InvalidOptionsError(
    `The ${adapter} storage holds no snapshot ${JSON.stringify(id)}.`,
    "A snapshot is forgotten once restored: take a new one to go back to the same point again.",
  );
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
