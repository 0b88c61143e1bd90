// Storage, part of @privnet/core's main entry (re-exported by index.ts, covered by semver): the
// adapter interface (for adapter authors) and the in-memory default.
export type {
  AddressLabelRecord,
  BlockSenderGas,
  ChainIndexRange,
  ChainPosition,
  ExplorerStore,
  IndexedBlock,
  IndexedBlockData,
  IndexedTokenTransfer,
  IndexedTransaction,
  ListIndexedTransactionsQuery,
  RegisteredContractRecord,
  TokenStandard,
} from "../storage/ExplorerStore.js";
export { memoryStorage } from "../storage/memoryStorage.js";
export type {
  ListTransactionsQuery,
  NewTransactionRecord,
  NewWalletRecord,
  RemoveOldestQuery,
  StorageAdapter,
  StorageSnapshotId,
  TransactionRecord,
  TransactionRecordUpdate,
  TransactionStatus,
  WalletRecord,
} from "../storage/StorageAdapter.js";
export { isTransactionKind, TRANSACTION_KINDS, type TransactionKind } from "../storage/TransactionKind.js";
