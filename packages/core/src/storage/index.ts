export { encodeStateValue } from "./encodeStateValue.js";
export { createKeyedMutex } from "./keyedMutex.js";
export { memoryStorage } from "./memoryStorage.js";
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
export { MAX_TRANSACTIONS_PAGE, transactionsPageSize } from "./transactionsPageSize.js";
