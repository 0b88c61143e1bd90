import {
  type NewWalletRecord,
  type StorageAdapter,
  WalletExistsError,
  type WalletRecord,
} from "@privnet/core";
import type { Address } from "viem";
import type { SqliteConnection } from "./sqliteConnection.js";

const SQLITE_CONSTRAINT_UNIQUE = 2067;

/** The wallets: one row each, addresses unique in any letter case (the column is `NOCASE`). */
export function sqliteWallets({ sql, ensureOpen }: SqliteConnection): StorageAdapter["wallets"] {
  return {
    async insert(wallet: NewWalletRecord) {
      ensureOpen();
      try {
        const row = sql(
          `INSERT INTO wallets (name, address, private_key, system, created_at)
           VALUES (?, ?, ?, ?, ?) RETURNING *`,
        ).get(wallet.name, wallet.address, wallet.privateKey, wallet.system ? 1 : 0, wallet.createdAt);
        return toWallet(row as WalletRow);
      } catch (error) {
        if ((error as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE) {
          throw new WalletExistsError(wallet.address);
        }
        throw error;
      }
    },
    async get(id: number) {
      ensureOpen();
      const row = sql("SELECT * FROM wallets WHERE id = ?").get(id);
      return row && toWallet(row as WalletRow);
    },
    async getByAddress(address: Address) {
      ensureOpen();
      const row = sql("SELECT * FROM wallets WHERE address = ?").get(address);
      return row && toWallet(row as WalletRow);
    },
    async list() {
      ensureOpen();
      return sql("SELECT * FROM wallets ORDER BY id")
        .all()
        .map((row) => toWallet(row as WalletRow));
    },
    async remove(id: number) {
      ensureOpen();
      return sql("DELETE FROM wallets WHERE id = ?").run(id).changes > 0;
    },
  };
}

type WalletRow = {
  id: number;
  name: string;
  address: string;
  private_key: string;
  system: number;
  created_at: string;
};

function toWallet(row: WalletRow): WalletRecord {
  return {
    id: row.id,
    name: row.name,
    address: row.address as Address,
    privateKey: row.private_key,
    system: row.system === 1,
    createdAt: row.created_at,
  };
}
