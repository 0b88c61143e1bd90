export {
  BotExistsError,
  BotNotFoundError,
  InvalidBotConfigError,
  InvalidTransactionError,
} from "./bots.js";
export { ContractDeploymentFailedError } from "./contracts.js";
export {
  type ErrorCode,
  errorCodes,
  isPrivnetError,
  PrivnetError,
  type PrivnetErrorOptions,
} from "./PrivnetError.js";
export {
  ChainIdMismatchError,
  ChainUnreachableError,
  InvalidOptionsError,
  PlatformClosedError,
} from "./platform.js";
export {
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
  StorageValueInvalidError,
  WalletExistsError,
} from "./storage.js";
export {
  InvalidPrivateKeyError,
  WalletDecryptionError,
  WalletLockedError,
  WalletNotFoundError,
} from "./wallets.js";
