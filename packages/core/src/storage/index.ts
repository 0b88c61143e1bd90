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
