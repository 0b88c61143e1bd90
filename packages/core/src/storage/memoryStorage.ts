import { StorageClosedError } from "../errors/storage.js";
import { createKeyedMutex } from "./keyedMutex.js";
import { memoryExplorerStore } from "./memoryExplorerStore.js";
import { memoryState } from "./memoryState.js";
import { memoryTransactions } from "./memoryTransactions.js";
import { memoryWallets } from "./memoryWallets.js";
import type { StorageAdapter, StorageSnapshotId } from "./StorageAdapter.js";
import { unknownSnapshot } from "./unknownSnapshot.js";

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
  let closed = false;
  const open = () => {
    if (closed) throw new StorageClosedError("memory");
  };
  const tables = {
    wallets: memoryWallets(open),
    transactions: memoryTransactions(open),
    state: memoryState(open),
  };
  const mutex = createKeyedMutex();
  const snapshots = new Map<StorageSnapshotId, ReturnType<typeof copyTables>>();
  let nextSnapshot = 1;
  const copyTables = () => ({
    wallets: tables.wallets.copy(),
    transactions: tables.transactions.copy(),
    state: tables.state.copy(),
  });

  return {
    name: "memory",
    explorer: memoryExplorerStore(open, tables.transactions.records),
    wallets: tables.wallets.methods,
    transactions: tables.transactions.methods,
    state: tables.state.methods,
    async withLock(key, fn) {
      open();
      return mutex.run(key, fn);
    },
    async snapshot() {
      open();
      const id = `memory-${nextSnapshot++}`;
      snapshots.set(id, copyTables());
      return id;
    },
    async restore(id: StorageSnapshotId) {
      open();
      const snapshot = snapshots.get(id);
      if (!snapshot) throw unknownSnapshot("memory", id);
      snapshots.delete(id);
      tables.wallets.load(snapshot.wallets);
      tables.transactions.load(snapshot.transactions);
      tables.state.load(snapshot.state);
    },
    async close() {
      closed = true;
    },
  };
}
