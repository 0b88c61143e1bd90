import type { Address } from "viem";
import { WalletExistsError } from "../errors/storage.js";
import type { MemoryTable } from "./memoryTable.js";
import type { NewWalletRecord, StorageAdapter, WalletRecord } from "./StorageAdapter.js";

/** The wallets in memory, with an index by lower-case address. */
export function memoryWallets(open: () => void): MemoryTable<StorageAdapter["wallets"], WalletRecord[]> {
  const wallets = new Map<number, WalletRecord>();
  const walletIds = new Map<string, number>(); // lower-case address → id
  let nextWalletId = 1;
  const keep = (record: WalletRecord) => {
    wallets.set(record.id, record);
    walletIds.set(record.address.toLowerCase(), record.id);
  };
  return {
    methods: {
      async insert(wallet: NewWalletRecord) {
        open();
        if (walletIds.has(wallet.address.toLowerCase())) throw new WalletExistsError(wallet.address);
        const record: WalletRecord = { ...wallet, id: nextWalletId++ };
        keep(record);
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
    copy: () => [...wallets.values()].map((record) => ({ ...record })),
    load(records) {
      wallets.clear();
      walletIds.clear();
      for (const record of records) keep({ ...record });
    },
  };
}
