import { type Hex, isAddressEqual } from "viem";
import type { MemoryTable } from "./memoryTable.js";
import type {
  ListTransactionsQuery,
  NewTransactionRecord,
  RemoveOldestQuery,
  StorageAdapter,
  TransactionRecord,
  TransactionRecordUpdate,
} from "./StorageAdapter.js";
import { transactionsPageSize } from "./transactionsPageSize.js";

type TransactionRows = { records: TransactionRecord[]; rawTransactions: [number, Hex][] };

/** The transaction records in memory, and the signed bytes of the pending ones beside them. */
export function memoryTransactions(open: () => void): MemoryTable<
  StorageAdapter["transactions"],
  TransactionRows
> & {
  /** The stored records themselves (the explorer's `recorded` looks through them). */
  records(): Iterable<TransactionRecord>;
} {
  const transactions = new Map<number, TransactionRecord>();
  const rawTransactions = new Map<number, Hex>();
  let nextTransactionId = 1;

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
    if (record.status === "failed") rawTransactions.delete(id);
    return { ...record };
  };

  return {
    methods: {
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
        return listPage(transactions, query);
      },
      async removeOldest({ sources, keep, limit }: RemoveOldestQuery) {
        open();
        const wanted = new Set(sources);
        // Map order is insertion order: oldest first.
        const matching = [...transactions.values()].filter((record) => wanted.has(record.source));
        let excess = Math.min(matching.length - keep, Math.max(0, Math.floor(limit)));
        let removed = 0;
        for (const record of matching) {
          if (excess <= 0) break;
          if (record.status === "pending") continue;
          transactions.delete(record.id);
          rawTransactions.delete(record.id);
          excess--;
          removed++;
        }
        return removed;
      },
    },
    records: () => transactions.values(),
    // Records are replaced, never changed in place, except by update(): copy them.
    copy: () => ({
      records: [...transactions.values()].map((record) => ({ ...record })),
      rawTransactions: [...rawTransactions.entries()],
    }),
    load(rows) {
      transactions.clear();
      for (const record of rows.records) transactions.set(record.id, { ...record });
      rawTransactions.clear();
      for (const [id, raw] of rows.rawTransactions) rawTransactions.set(id, raw);
    },
  };
}

/** A page of the history, newest first. */
function listPage(transactions: Map<number, TransactionRecord>, query: ListTransactionsQuery) {
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
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}
