import type { TransactionRecord } from "../storage/StorageAdapter.js";

/**
 * One entry of the transaction history, in the SDK's shape (viem's convention): camelCase,
 * `value` in wei and `blockNumber` as `bigint` (null until the transaction landed), `createdAt`
 * ISO 8601 UTC with milliseconds. The stored record without its nonce, which is the nonce
 * manager's business. The admin HTTP API maps it to its documented snake_case (`tx_hash`,
 * `amount` in decimal ETH…) in `@privnet/express-adapter`.
 */
export type TransactionEntry = Omit<TransactionRecord, "nonce">;

/** The history entry of a stored record. */
export function toTransactionEntry(record: TransactionRecord): TransactionEntry {
  return {
    id: record.id,
    hash: record.hash,
    from: record.from,
    to: record.to,
    value: record.value,
    status: record.status,
    blockNumber: record.blockNumber,
    source: record.source,
    createdAt: record.createdAt,
    kind: record.kind,
    selector: record.selector,
  };
}
