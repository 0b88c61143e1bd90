export {
  BotExistsError,
  BotNotFoundError,
  BotUnsupportedError,
  InvalidBotConfigError,
  InvalidTrafficDocumentError,
  InvalidTransactionError,
  type TrafficDocumentIssue,
} from "./bots.js";
export { ContractDeploymentFailedError } from "./contracts.js";
export { type ErrorCode, errorCodes } from "./errorCodes.js";
export {
  ArtifactsUnreadableError,
  BlockNotFoundError,
  ContractNotFoundError,
  ContractReadRevertedError,
  ExplorerUnavailableError,
  InvalidAbiError,
  InvalidContractCallError,
  InvalidLabelError,
  InvalidSimulationError,
  NoContractCodeError,
  SimulationNotFoundError,
  TransactionNotFoundError,
} from "./explorer.js";
export {
  FaultError,
  type FaultErrorCode,
  FaultInProgressError,
  FaultsUnavailableError,
  FaultUnsupportedError,
  InvalidFaultError,
} from "./faults.js";
export {
  ForkLimitReachedError,
  ForkNotFoundError,
  ForksUnavailableError,
  InvalidForkError,
} from "./forks.js";
export {
  LendingError,
  type LendingErrorCode,
  type LendingRevertReason,
  lendingRevertCodes,
} from "./lending.js";
export {
  InvalidPriceError,
  InvalidSymbolError,
  OraclePushFailedError,
  PriceNotAvailableError,
  PriceStaleError,
  UnknownSymbolError,
} from "./oracle.js";
export { isPrivnetError } from "./PrivnetError.js";
export { PrivnetError, type PrivnetErrorOptions } from "./PrivnetErrorBase.js";
export type { PrivnetErrorOf, PrivnetErrorTypes } from "./PrivnetErrorTypes.js";
export {
  ChainIdMismatchError,
  ChainUnreachableError,
  InvalidOptionsError,
  PlatformClosedError,
} from "./platform.js";
export { QUOTE_LIMIT, quoteInput } from "./quoteInput.js";
export {
  ContractExistsError,
  Create2FactoryUnavailableError,
  FeeAboveCapError,
  InsufficientFundsError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidQueryError,
  NonceConflictError,
  TransactionFailedError,
  TransactionRejectedError,
} from "./sender.js";
export {
  StorageClosedError,
  StorageOpenFailedError,
  StorageSchemaUnsupportedError,
  StorageUnreachableError,
  StorageValueInvalidError,
  WalletExistsError,
} from "./storage.js";
export { type ErrorRecord, toErrorRecord } from "./toErrorRecord.js";
export {
  InvalidPrivateKeyError,
  WalletDecryptionError,
  WalletLockedError,
  WalletNotFoundError,
} from "./wallets.js";
