export { encodeStateValue } from "./encodeStateValue.js";
export { createKeyedMutex } from "./keyedMutex.js";
export { memoryStorage, unknownSnapshot } from "./memoryStorage.js";
export type {
  ListTransactionsQuery,
  NewTransactionRecord,
  NewWalletRecord,
  StorageAdapter,
  StorageSnapshotId,
  TransactionRecord,
  TransactionRecordUpdate,
  TransactionStatus,
  WalletRecord,
} from "./StorageAdapter.js";
export { isTransactionKind, TRANSACTION_KINDS, type TransactionKind } from "./TransactionKind.js";
export { MAX_TRANSACTIONS_PAGE, transactionsPageSize } from "./transactionsPageSize.js";
