export { createKeyedMutex } from "./keyedMutex.js";
export { MAX_TRANSACTIONS_PAGE, memoryStorage } from "./memoryStorage.js";
export type {
  ListTransactionsQuery,
  NewTransactionRecord,
  NewWalletRecord,
  StorageAdapter,
  TransactionRecord,
  TransactionRecordUpdate,
  TransactionStatus,
  WalletRecord,
} from "./StorageAdapter.js";
