export { TRANSFER_GAS } from "../fees/transferGas.js";
export { classifyNodeError, type NodeErrorKind } from "./classifyNodeError.js";
export {
  CREATE2_FACTORY_ADDRESS,
  CREATE2_FACTORY_DEPLOYER,
  CREATE2_FACTORY_DEPLOYER_FUNDING,
  CREATE2_FACTORY_DEPLOYMENT,
  ensureCreate2Factory,
} from "./create2Factory.js";
export {
  type DeployCreate2Parameters,
  type DeployCreate2ReturnType,
  deployCreate2,
} from "./deployCreate2.js";
export {
  type EstimateTransactionGasParameters,
  estimateTransactionGas,
  GAS_ESTIMATE_MARGIN_PERCENT,
} from "./estimateTransactionGas.js";
export {
  NonceManager,
  type NonceManagerOptions,
  type QueuedTransaction,
  type QueuedTransfer,
  type SentTransaction,
  type SentTransfer,
  type StoredNonceState,
} from "./NonceManager.js";
export { parseAddress } from "./parseAddress.js";
export { parseAmount } from "./parseAmount.js";
export { readRevertReason } from "./readRevertReason.js";
export type { SenderContext } from "./SenderContext.js";
export { type SenderActions, type SenderActionsContext, senderActions } from "./senderActions.js";
export {
  type SendFromWalletParameters,
  type SendFromWalletReturnType,
  sendFromWallet,
} from "./sendFromWallet.js";
export {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  type SettledTransaction,
  sendTransaction,
} from "./sendTransaction.js";
export { type SendWithKeyParameters, type SendWithKeyReturnType, sendWithKey } from "./sendWithKey.js";
export {
  type ChainRewindCause,
  TransactionWatcher,
  type TransactionWatcherOptions,
  type TransactionWatcherStatus,
  type WatchedTransaction,
} from "./TransactionWatcher.js";
export { createWalletSigners, type WalletSigners } from "./WalletSigners.js";
