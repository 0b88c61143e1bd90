import { type Address, formatEther, type Hash } from "viem";
import type { TransactionRecord, TransactionStatus } from "../storage/StorageAdapter.js";

/**
 * One entry of the transaction history, in exactly the shape the admin HTTP API documents
 * (snake_case), so that the HTTP layer passes it through. `amount` is decimal ETH,
 * `created_at` ISO 8601 UTC with milliseconds, `block_number` null until the transaction landed.
 */
export type TransactionEntry = {
  id: number;
  tx_hash: Hash;
  from_address: Address;
  to_address: Address;
  amount: string;
  status: TransactionStatus;
  block_number: number | null;
  created_at: string;
};

/** The history entry of a stored record. */
export function toTransactionEntry(record: TransactionRecord): TransactionEntry {
  return {
    id: record.id,
    tx_hash: record.hash,
    from_address: record.from,
    to_address: record.to,
    amount: formatEther(record.value),
    status: record.status,
    block_number: record.blockNumber === null ? null : Number(record.blockNumber),
    created_at: record.createdAt,
  };
}
