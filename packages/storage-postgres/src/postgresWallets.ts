import {
  type NewWalletRecord,
  type StorageAdapter,
  WalletExistsError,
  type WalletRecord,
} from "@privnet/core";
import type { Address } from "viem";
import type { PostgresConnection } from "./postgresConnection.js";

const UNIQUE_VIOLATION = "23505";

/** The wallets: one row each, addresses unique in any letter case. */
export function postgresWallets({ s, query }: PostgresConnection): StorageAdapter["wallets"] {
  return {
    async insert(wallet: NewWalletRecord) {
      try {
        const { rows } = await query<WalletRow>(
          `INSERT INTO ${s}.wallets (name, address, private_key, system, created_at)
           VALUES ($1, $2, $3, $4, $5) RETURNING *`,
          [wallet.name, wallet.address, wallet.privateKey, wallet.system, wallet.createdAt],
        );
        return toWallet(rows[0] as WalletRow);
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION)
          throw new WalletExistsError(wallet.address);
        throw error;
      }
    },
    async get(id: number) {
      const { rows } = await query<WalletRow>(`SELECT * FROM ${s}.wallets WHERE id = $1`, [id]);
      return rows[0] && toWallet(rows[0]);
    },
    async getByAddress(address: Address) {
      const { rows } = await query<WalletRow>(`SELECT * FROM ${s}.wallets WHERE lower(address) = lower($1)`, [
        address,
      ]);
      return rows[0] && toWallet(rows[0]);
    },
    async list() {
      const { rows } = await query<WalletRow>(`SELECT * FROM ${s}.wallets ORDER BY id`);
      return rows.map(toWallet);
    },
    async remove(id: number) {
      const { rowCount } = await query(`DELETE FROM ${s}.wallets WHERE id = $1`, [id]);
      return (rowCount ?? 0) > 0;
    },
  };
}

type WalletRow = {
  id: string;
  name: string;
  address: string;
  private_key: string;
  system: boolean;
  created_at: string;
};

// pg returns BIGINT as a string.
function toWallet(row: WalletRow): WalletRecord {
  return {
    id: Number(row.id),
    name: row.name,
    address: row.address as Address,
    privateKey: row.private_key,
    system: row.system,
    createdAt: row.created_at,
  };
}
