import type {
  BotExistsError,
  BotNotFoundError,
  BotUnsupportedError,
  InvalidBotConfigError,
  InvalidTrafficDocumentError,
  InvalidTransactionError,
} from "./bots.js";
import type { ContractDeploymentFailedError } from "./contracts.js";
import type {
  ArtifactsUnreadableError,
  BlockNotFoundError,
  ContractNotFoundError,
  ContractReadRevertedError,
  ExplorerUnavailableError,
  InvalidAbiError,
  InvalidContractCallError,
  InvalidLabelError,
  NoContractCodeError,
  TransactionNotFoundError,
} from "./explorer.js";
import type { LendingError } from "./lending.js";
import type {
  InvalidPriceError,
  InvalidSymbolError,
  OraclePushFailedError,
  PriceNotAvailableError,
  PriceStaleError,
  UnknownSymbolError,
} from "./oracle.js";
import type { ErrorCode, PrivnetError } from "./PrivnetError.js";
import type {
  ChainIdMismatchError,
  ChainUnreachableError,
  InvalidOptionsError,
  PlatformClosedError,
} from "./platform.js";
import type {
  ContractExistsError,
  Create2FactoryUnavailableError,
  InsufficientFundsError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidQueryError,
  NonceConflictError,
  TransactionFailedError,
  TransactionRejectedError,
} from "./sender.js";
import type {
  StorageClosedError,
  StorageOpenFailedError,
  StorageSchemaUnsupportedError,
  StorageUnreachableError,
  StorageValueInvalidError,
  WalletExistsError,
} from "./storage.js";
import type {
  InvalidPrivateKeyError,
  WalletDecryptionError,
  WalletLockedError,
  WalletNotFoundError,
} from "./wallets.js";

/**
 * The error class behind each code: what {@link isPrivnetError} narrows to. Codes raised outside
 * `@privnet/core` (the devnet's, a server's taken port) map to the base class, whose `code`,
 * `shortMessage` and `details` they carry. {@link PrivnetErrorOf} does not compile while a code is
 * missing here.
 */
export type PrivnetErrorTypes = {
  INVALID_OPTIONS: InvalidOptionsError;
  CHAIN_UNREACHABLE: ChainUnreachableError;
  CHAIN_ID_MISMATCH: ChainIdMismatchError;
  PLATFORM_CLOSED: PlatformClosedError;
  WALLET_EXISTS: WalletExistsError;
  STORAGE_CLOSED: StorageClosedError;
  STORAGE_VALUE_INVALID: StorageValueInvalidError;
  STORAGE_OPEN_FAILED: StorageOpenFailedError;
  STORAGE_SCHEMA_UNSUPPORTED: StorageSchemaUnsupportedError;
  STORAGE_UNREACHABLE: StorageUnreachableError;
  WALLET_NOT_FOUND: WalletNotFoundError;
  INVALID_PRIVATE_KEY: InvalidPrivateKeyError;
  INVALID_ADDRESS: InvalidAddressError;
  INVALID_AMOUNT: InvalidAmountError;
  INSUFFICIENT_FUNDS: InsufficientFundsError;
  WALLET_LOCKED: WalletLockedError;
  WALLET_DECRYPTION_FAILED: WalletDecryptionError;
  NONCE_CONFLICT: NonceConflictError;
  TRANSACTION_REJECTED: TransactionRejectedError;
  TRANSACTION_FAILED: TransactionFailedError;
  INVALID_QUERY: InvalidQueryError;
  // Raised by @privnet/devnet and @privnet/http, which core does not depend on.
  DEVNET_BINARY_NOT_FOUND: PrivnetError;
  DEVNET_PORT_IN_USE: PrivnetError;
  DEVNET_STATE_INVALID: PrivnetError;
  DEVNET_START_FAILED: PrivnetError;
  FAULT_INVALID: PrivnetError;
  FAULT_IN_PROGRESS: PrivnetError;
  FAULT_UNSUPPORTED: PrivnetError;
  PORT_IN_USE: PrivnetError;
  CONTRACT_DEPLOYMENT_FAILED: ContractDeploymentFailedError;
  INVALID_SYMBOL: InvalidSymbolError;
  INVALID_PRICE: InvalidPriceError;
  UNKNOWN_SYMBOL: UnknownSymbolError;
  PRICE_STALE: PriceStaleError;
  PRICE_NOT_AVAILABLE: PriceNotAvailableError;
  ORACLE_PUSH_FAILED: OraclePushFailedError;
  LENDING_ASSET_NOT_LISTED: LendingError;
  LENDING_INSUFFICIENT_COLLATERAL: LendingError;
  LENDING_HEALTH_FACTOR_TOO_LOW: LendingError;
  LENDING_BORROW_EXCEEDS_LTV: LendingError;
  LENDING_INSUFFICIENT_LIQUIDITY: LendingError;
  LENDING_NO_DEBT: LendingError;
  LENDING_NOT_LIQUIDATABLE: LendingError;
  LENDING_REPAY_EXCEEDS_CLOSE_FACTOR: LendingError;
  LENDING_INSUFFICIENT_COLLATERAL_TO_SEIZE: LendingError;
  LENDING_REVERTED: LendingError;
  INVALID_TRANSACTION: InvalidTransactionError;
  CONTRACT_EXISTS: ContractExistsError;
  CREATE2_FACTORY_UNAVAILABLE: Create2FactoryUnavailableError;
  BOT_NOT_FOUND: BotNotFoundError;
  BOT_EXISTS: BotExistsError;
  INVALID_BOT_CONFIG: InvalidBotConfigError;
  BOT_UNSUPPORTED: BotUnsupportedError;
  INVALID_TRAFFIC_DOCUMENT: InvalidTrafficDocumentError;
  BLOCK_NOT_FOUND: BlockNotFoundError;
  TRANSACTION_NOT_FOUND: TransactionNotFoundError;
  CONTRACT_NOT_FOUND: ContractNotFoundError;
  INVALID_ABI: InvalidAbiError;
  ARTIFACTS_UNREADABLE: ArtifactsUnreadableError;
  NO_CONTRACT_CODE: NoContractCodeError;
  INVALID_LABEL: InvalidLabelError;
  INVALID_CONTRACT_CALL: InvalidContractCallError;
  CONTRACT_READ_REVERTED: ContractReadRevertedError;
  EXPLORER_UNAVAILABLE: ExplorerUnavailableError;
};

/**
 * The error with code `Code`: its class, with `code` narrowed to that code.
 *
 * @example
 * type Stale = PrivnetErrorOf<"PRICE_STALE">; // PriceStaleError & { code: "PRICE_STALE" }
 */
export type PrivnetErrorOf<Code extends ErrorCode> = PrivnetErrorTypes[Code] & { readonly code: Code };
