export {
  DEFAULT_HISTORY_LIMIT,
  type ListTransactionsParameters,
  type ListTransactionsReturnType,
  listTransactions,
} from "./listTransactions.js";
export {
  type ReconcilePendingTransactionsReturnType,
  reconcilePendingTransactions,
} from "./reconcilePendingTransactions.js";

export {
  MAX_SOURCE_LENGTH,
  TRANSACTION_SOURCES,
  type TransactionSource,
} from "./TransactionSource.js";
export {
  type TransactionActions,
  type TransactionActionsContext,
  transactionActions,
} from "./transactionActions.js";
export {
  DEFAULT_VERIFY_PAGE,
  MAX_VERIFY_PAGE,
  type TransactionMismatch,
  type TransactionMismatchKind,
  type VerifyTransactionsContext,
  type VerifyTransactionsParameters,
  type VerifyTransactionsReturnType,
  verifyTransactions,
} from "./verifyTransactions.js";
export { type WaitForTransactionReturnType, waitForTransaction } from "./waitForTransaction.js";
