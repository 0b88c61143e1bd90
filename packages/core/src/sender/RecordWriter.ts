import type { Address } from "viem";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { StorageUnreachableError } from "../errors/storage.js";
import type { NewTransactionRecord, StorageAdapter, TransactionRecord } from "../storage/StorageAdapter.js";

/** Writes the sender's write-ahead records in groups. */
export type RecordWriter = {
  /**
   * Resolves with the stored record once it is durable. Records handed in during one turn of the
   * event loop, or while the previous group is being written, are written together in one
   * `insertMany`. Once a group fails, this writer fails every later record too (with the same
   * `STORAGE_UNREACHABLE`), so that the records written are always a prefix of those handed in.
   */
  write(record: NewTransactionRecord): Promise<TransactionRecord>;
};

type Pending = {
  record: NewTransactionRecord;
  resolve: (record: TransactionRecord) => void;
  reject: (error: unknown) => void;
};

/**
 * Group commit for one hold of an address's lock. A database commit costs about the same for one
 * row as for a hundred (at sqlite's `synchronous=FULL` it is one fsync), so the transactions signed
 * together are recorded in one storage call, and each caller still learns of its record only when
 * it is durable.
 *
 * @example
 * const writer = createRecordWriter(storage);
 * const record = await writer.write(newRecord); // durable now; submit its transaction
 */
export function createRecordWriter(
  storage: StorageAdapter,
  /**
   * Called with the records of a group whose write failed. A connection that breaks after the
   * database committed but before it answered leaves them stored although the write "failed":
   * the caller removes them (by hash) once the storage answers again, since none was submitted.
   */
  onUncertain: (records: NewTransactionRecord[]) => void = () => {},
): RecordWriter {
  let waiting: Pending[] = [];
  let scheduled = false;
  let writing = false;
  let failed: unknown;

  const flush = async () => {
    scheduled = false;
    if (writing) return;
    writing = true;
    try {
      while (waiting.length > 0) {
        const group = waiting;
        waiting = [];
        if (failed !== undefined) {
          for (const pending of group) pending.reject(failed);
          continue;
        }
        try {
          const stored = await storage.transactions.insertMany(group.map((pending) => pending.record));
          group.forEach((pending, index) => {
            pending.resolve(stored[index] as TransactionRecord);
          });
        } catch (error) {
          failed = toStorageError(error);
          onUncertain(group.map((pending) => pending.record));
          for (const pending of group) pending.reject(failed);
        }
      }
    } finally {
      writing = false;
    }
  };

  return {
    write(record) {
      if (failed !== undefined) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        waiting.push({ record, resolve, reject });
        // Wait for the end of this turn: the signatures started with this one join its group.
        if (!scheduled && !writing) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
}

/** Records of groups whose write failed but may have been committed: see {@link uncertainWrites}. */
export type UncertainWrites = {
  /** Notes records of a group whose write failed (the `onUncertain` of {@link createRecordWriter}). */
  add(records: readonly NewTransactionRecord[]): void;
  /**
   * Removes those of them the storage holds after all, once it answers again. None of their
   * transactions was submitted, so their nonces are free to be given again.
   */
  removeStored(): Promise<void>;
};

/**
 * The write-ahead stage's own clean-up for one sending address: a connection that breaks after the
 * database committed but before it answered leaves records stored whose write "failed". They are
 * the newest pending records of the address, so the first page holds them.
 *
 * @example
 * const uncertain = uncertainWrites(storage, address);
 * const writer = createRecordWriter(storage, (records) => uncertain.add(records));
 * await uncertain.removeStored(); // before the next nonce is given
 */
export function uncertainWrites(storage: StorageAdapter, address: Address): UncertainWrites {
  const hashes = new Set<string>();
  return {
    add(records) {
      for (const record of records) hashes.add(record.hash);
    },
    async removeStored() {
      if (hashes.size === 0) return;
      try {
        const pending = await storage.transactions.list({ limit: 1_000, address, status: "pending" });
        for (const record of pending) {
          if (hashes.has(record.hash)) await storage.transactions.remove(record.id);
        }
      } catch (error) {
        throw toStorageError(error);
      }
      hashes.clear();
    },
  };
}

/**
 * A storage call's failure as the sender reports it: its own code kept, anything else unreachable,
 * and unreachable said as what it means here (nothing was sent).
 */
export function toStorageError(error: unknown): unknown {
  if (error instanceof StorageUnreachableError) {
    return error.nothingSent ? error : new StorageUnreachableError({ cause: error.cause, nothingSent: true });
  }
  return isPrivnetError(error) ? error : new StorageUnreachableError({ cause: error, nothingSent: true });
}
