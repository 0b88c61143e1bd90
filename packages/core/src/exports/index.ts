// @privnet/core: what users of the SDK get, listed by name. Everything else in src/ is internal:
// sibling packages reach it through `@privnet/core/internal`, which semver does not cover. A
// change here changes api/core.api.md (`pnpm api:check` fails until the report is updated).

// Signing: a drop-in for viem's privateKeyToAccount, signed by libsecp256k1 where it loads
// Blobs: KZG commitments and proofs, in a worker thread (the first call loads the backend there)
export {
  type ComputeBlobProofsParameters,
  type ComputeBlobProofsReturnType,
  computeBlobProofs,
} from "../blobs/computeBlobProofs.js";
export {
  KZG_ENV,
  type KzgBackend,
  type KzgBackendName,
  kzgBackendNames,
  type LoadKzgOptions,
  loadKzg,
} from "../blobs/loadKzg.js";
// Bots: custom bots, catalogues and what platform.bots answers (the bot kit: @privnet/core/bots)
export { type BotCatalogue, type CatalogueConfigs, defineCatalogue } from "../bots/BotCatalogue.js";
export { type AmountRange, amountRange, type BotBaseConfig, decimalAmount } from "../bots/BotConfig.js";
export type {
  BotCheckContext,
  BotConfigOf,
  BotContext,
  BotContract,
  BotContractInfo,
  BotDefinition,
  BotDefinitionParameters,
  BotEnv,
  BotTransaction,
} from "../bots/BotDefinition.js";
export type {
  BotControls,
  BotInstanceParameters,
  BotLogs,
  BotScenario,
  BotStatusEntry,
  BotsOptions,
  CatalogueSettings,
  TrafficImportResult,
} from "../bots/BotEngine.js";
export type { BotOverrides } from "../bots/BotOverrides.js";
export type { BotRestartStatus, BotRunnerControls, BotStatus, BotTransition } from "../bots/BotRunner.js";
export type { BotStatsSnapshot } from "../bots/BotStats.js";
export { DEFAULT_WALLET_SEED, deriveChildKey } from "../bots/controls/deriveChildKey.js";
export type { Throughput } from "../bots/controls/ThroughputGate.js";
export type { ReclaimResult } from "../bots/controls/WalletPool.js";
export { defineBot } from "../bots/defineBot.js";
export { deployBotContract } from "../bots/deployBotContract.js";
export {
  ERC20_BOT_DEFAULTS,
  ERC20_BOT_SUPPLY,
  type Erc20BotConfig,
  erc20BotSchema,
} from "../bots/erc20Bot.js";
export type { BotHead } from "../bots/HeadFeed.js";
export { NFT_BOT_DEFAULTS, type NftBotConfig, nftBotSchema } from "../bots/nftBot.js";
export { type SeedBots, seedBots } from "../bots/seedBots.js";
export {
  parseTrafficText,
  scenarioRegistry,
  stringifyTrafficDocument,
  type TrafficBot,
  type TrafficDocument,
  type TrafficGroup,
  type TrafficRegistry,
  type TrafficValidation,
  trafficDocumentSchema,
  validateTrafficDocument,
} from "../bots/traffic/trafficDocument.js";
export { TRANSFER_BOT_DEFAULTS, type TransferBotConfig, transferBotSchema } from "../bots/transferBot.js";
// The chain and its keys
export type {
  BlockRef,
  ChainFaultEvent,
  ChainFaults,
  FeeSpikeOptions,
  ReorgOptions,
  ReorgResult,
  RestartOptions,
  RestartResult,
  TimedFault,
  TimedFaultOptions,
  TimedFaultResult,
} from "../chain/ChainFaults.js";
// Throwaway forks: what a fork pool (the devnet's `forks`, POST /forks) takes and answers
export {
  type ChainForks,
  type ForkEndReason,
  type ForkInfo,
  type ForkOptions,
  forkOptionsSchema,
  MAX_FORK_TTL_SECONDS,
} from "../chain/ChainForks.js";
export type { Anchor, ChainHeadWatcher, ChainRewindCause } from "../chain/ChainHead.js";
export { type DerivedAccount, deriveAccounts } from "../chain/deriveAccounts.js";
// Faults on demand: what platform.faults takes (one schema: the types, the checks, the admin
// API's bodies), its limits and its history
export {
  type FaultWithOptions,
  faultOptionsSchemas,
  feeSpikeBaseFeeSchema,
  feeSpikeOptionsSchema,
  MAX_BASE_FEE,
  MAX_DROPPED,
  MAX_FEE_SPIKE_BLOCKS,
  MAX_REORG_DEPTH,
  MAX_TIMED_FAULT_MS,
  MIN_BASE_FEE,
  reorgOptionsSchema,
  restartOptionsSchema,
  timedFaultOptionsSchema,
} from "../chain/faultSchema.js";
export { isReservedKeyIndex, KEY_INDEXES, reservedKeyIndexUse } from "../chain/keyIndexes.js";
export { PRIVNET_CHAIN_ID, privnet } from "../chain/privnet.js";
export {
  PRIVNET_GAS_LIMIT,
  SYSTEM_ACCOUNT_BALANCE,
  SYSTEM_ACCOUNT_COUNT,
  SYSTEM_MNEMONIC,
} from "../chain/systemAccounts.js";
// Events
export type { BotError, BotEvent, BotEventType } from "../context/BotEvent.js";
export type { PlatformEvents } from "../context/PlatformEvents.js";
export type { OracleEvent, PriceUpdate, PushReason } from "../context/PriceUpdate.js";
export type { TransactionEntry } from "../context/TransactionEntry.js";
// Contracts, oracle, lending: what platform.contracts, platform.oracle and platform.lending answer
export type {
  PlatformContracts,
  PlatformContractsOptions,
  PlatformDeployment,
} from "../contracts/connectPlatformContracts.js";
export type { DeployPlatformContractsOptions } from "../contracts/deployPlatformContracts.js";
export type { StoredBlocks, StoredPlatformContracts } from "../contracts/ensurePlatformContracts.js";
export type { PlatformContractInfo, PlatformContractName } from "../contracts/listPlatformContracts.js";
export {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
  type PlatformContractBlocks,
} from "../contracts/platformContracts.js";
// Errors
export {
  ArtifactsUnreadableError,
  BlockNotFoundError,
  BotExistsError,
  BotNotFoundError,
  BotUnsupportedError,
  ChainIdMismatchError,
  ChainUnreachableError,
  ContractDeploymentFailedError,
  ContractExistsError,
  ContractNotFoundError,
  ContractReadRevertedError,
  Create2FactoryUnavailableError,
  type ErrorCode,
  ExplorerUnavailableError,
  errorCodes,
  FaultError,
  type FaultErrorCode,
  FaultInProgressError,
  FaultsUnavailableError,
  FaultUnsupportedError,
  FeeAboveCapError,
  ForkLimitReachedError,
  ForkNotFoundError,
  ForksUnavailableError,
  InsufficientFundsError,
  InvalidAbiError,
  InvalidAddressError,
  InvalidAmountError,
  InvalidBotConfigError,
  InvalidContractCallError,
  InvalidFaultError,
  InvalidForkError,
  InvalidLabelError,
  InvalidOptionsError,
  InvalidPriceError,
  InvalidPrivateKeyError,
  InvalidQueryError,
  InvalidSimulationError,
  InvalidSymbolError,
  InvalidTrafficDocumentError,
  InvalidTransactionError,
  isPrivnetError,
  LendingError,
  type LendingErrorCode,
  type LendingRevertReason,
  lendingRevertCodes,
  NoContractCodeError,
  NonceConflictError,
  OraclePushFailedError,
  PlatformClosedError,
  PriceNotAvailableError,
  PriceStaleError,
  PrivnetError,
  type PrivnetErrorOf,
  type PrivnetErrorOptions,
  type PrivnetErrorTypes,
  SimulationNotFoundError,
  StorageClosedError,
  StorageOpenFailedError,
  StorageSchemaUnsupportedError,
  StorageUnreachableError,
  StorageValueInvalidError,
  type TrafficDocumentIssue,
  TransactionFailedError,
  TransactionNotFoundError,
  TransactionRejectedError,
  UnknownSymbolError,
  WalletDecryptionError,
  WalletExistsError,
  WalletLockedError,
  WalletNotFoundError,
} from "../errors/index.js";
export type { ErrorRecord } from "../errors/toErrorRecord.js";
export type {
  ArtifactFile,
  ArtifactFileError,
  LoadArtifactsParameters,
  LoadArtifactsReturnType,
  LoadedArtifact,
} from "../explorer/artifacts/index.js";
export { parseArtifactFiles } from "../explorer/artifacts/parseArtifactFiles.js";
// The explorer: what platform.explorer, platform.labels and platform.contracts.register/read answer
export type { ChainIndexerStatus, ExplorerOptions, ExplorerRetention } from "../explorer/ChainIndexer.js";
export { STANDARD_ABIS } from "../explorer/ContractRegistry.js";
export type {
  AddressLabel,
  AddressLabelSource,
  CallFrame,
  ChainAddressDetails,
  ChainAuthorization,
  ChainBlock,
  ChainLog,
  ChainSearchResult,
  ChainTokenBalance,
  ChainTokenTransfer,
  ChainTransaction,
  ChainTransactionDetails,
  ContractProxy,
  ContractSource,
  DecodedArgument,
  DecodedCall,
  DecodedEvent,
  KnownContract,
  RevertFrame,
  RevertLocation,
} from "../explorer/ExplorerShapes.js";
export type { GetChainAddressParameters } from "../explorer/getChainAddress.js";
export type { GetChainBlockReturnType } from "../explorer/getChainBlock.js";
export type { LabelledAddress } from "../explorer/labelActions.js";
export {
  type BlockGas,
  type ListBlockGasParameters,
  type ListBlockGasReturnType,
  MAX_BLOCK_GAS_BLOCKS,
} from "../explorer/listBlockGas.js";
export type { ListChainBlocksParameters, ListChainBlocksReturnType } from "../explorer/listChainBlocks.js";
export type { RegisterContractParameters } from "../explorer/registerContract.js";
export type {
  AccountOverride,
  BlockOverrides,
  RerunChanges,
  RerunResult,
  RerunStorageDifference,
  SimulatedCall,
  SimulatedTransaction,
  SimulateParameters,
  Simulation,
  SimulationCall,
  StorageOverrideValue,
} from "../explorer/simulate/index.js";
export type {
  ChainBalanceChange,
  ChainStateChanges,
  ChainStorageChange,
  ChainStorageVariable,
  ChainTokenBalanceChange,
} from "../explorer/stateChanges/StateChangeShapes.js";
export { FAULT_HISTORY_LIMIT } from "../faults/FaultLog.js";
export { parseFaultOptions } from "../faults/parseFaultOptions.js";
export type { LendingTransferParameters } from "../lending/deposit.js";
export type { LendingPosition } from "../lending/getPosition.js";
export type { LendingReceipt } from "../lending/LendingReceipt.js";
export type { LiquidateParameters, LiquidateReturnType } from "../lending/liquidate.js";
export type { LendingSigner } from "../lending/resolveLendingAccount.js";
// Lifecycles: one status union with checked moves for every long-lived thing (servers, nodes, loops)
export {
  type DefineInstanceParameters,
  defineInstance,
  INSTANCE_MOVES,
  type Instance,
  type InstanceEvents,
  type InstanceState,
  type InstanceStatus,
} from "../lifecycle/defineInstance.js";
export { type DefineServiceParameters, defineService, type Service } from "../lifecycle/defineService.js";
export {
  type LifecycleMoves,
  type LifecycleState,
  LifecycleTransitionError,
  lifecycleState,
} from "../lifecycle/lifecycleState.js";
export { type StartServicesOptions, startServices } from "../lifecycle/startServices.js";
export { type ServiceList, stopServices } from "../lifecycle/stopServices.js";
export { throwStopFailures } from "../lifecycle/throwStopFailures.js";
export { type StartedInstance, withInstance } from "../lifecycle/withInstance.js";
export type { NetworkInfo } from "../network/getNetworkInfo.js";
export type { OracleStatus } from "../oracle/getOracleStatus.js";
export type { PriceModelConfig } from "../oracle/models/PriceModel.js";
export type { OraclePushReturnType, OracleToken } from "../oracle/PriceSimulator.js";
export type { OnChainPrice } from "../oracle/readPrices.js";
export type { OracleOptions, OracleTokenOptions } from "../oracle/resolveOracleOptions.js";
export type { SetPriceReturnType } from "../oracle/setPrice.js";
// The platform
export { type CreatePlatformOptions, createPlatform, type Platform } from "../platform/createPlatform.js";
export type { PlatformSnapshot } from "../platform/snapshotPlatform.js";
// Sending and history: what platform.sender and platform.transactions take and answer
export {
  CREATE2_FACTORY_ADDRESS,
  CREATE2_FACTORY_DEPLOYER,
  CREATE2_FACTORY_DEPLOYMENT,
} from "../sender/create2Factory.js";
export type { DeployCreate2Parameters, DeployCreate2ReturnType } from "../sender/deployCreate2.js";
export type { AuthorizationListEntry, AuthorizationRequest } from "../sender/resolveAuthorizationList.js";
export type { SendFromWalletParameters, SendFromWalletReturnType } from "../sender/sendFromWallet.js";
export type {
  SendTransactionParameters,
  SendTransactionReturnType,
  SettledTransaction,
} from "../sender/sendTransaction.js";
export type { SendWithKeyParameters, SendWithKeyReturnType } from "../sender/sendWithKey.js";
export type { TransactionWatcherStatus } from "../sender/TransactionWatcher.js";
export { type LoadSignerOptions, signerBackend } from "../signing/loadSigner.js";
export {
  type DigestSignature,
  type SignerBackend,
  type SignerBackendName,
  type SigningKey,
  signerBackendNames,
} from "../signing/SignerBackend.js";
export { type FastAccount, type ToFastAccountOptions, toFastAccount } from "../signing/toFastAccount.js";
export {
  DEFAULT_BOT_RETENTION,
  type HistoryOptions,
  type HistoryRetentionStatus,
} from "../transactions/HistoryRetention.js";
export type {
  ListTransactionsParameters,
  ListTransactionsReturnType,
} from "../transactions/listTransactions.js";
export {
  MAX_SOURCE_LENGTH,
  TRANSACTION_SOURCES,
  type TransactionSource,
} from "../transactions/TransactionSource.js";
export {
  DEFAULT_VERIFY_PAGE,
  MAX_VERIFY_PAGE,
  type TransactionMismatch,
  type TransactionMismatchKind,
  type VerifyTransactionsContext,
  type VerifyTransactionsParameters,
  type VerifyTransactionsReturnType,
  verifyTransactions,
} from "../transactions/verifyTransactions.js";
export type { WaitForTransactionReturnType } from "../transactions/waitForTransaction.js";
// Wallets: what platform.wallets answers
export type { CreateWalletParameters, CreateWalletReturnType } from "../wallets/createWallet.js";
export type { GetWalletReturnType } from "../wallets/getWallet.js";
export type { ImportWalletParameters, ImportWalletReturnType } from "../wallets/importWallet.js";
export type { ListWalletsReturnType } from "../wallets/listWallets.js";
export type { RemoveWalletReturnType } from "../wallets/removeWallet.js";
export type { CreatedWallet, ImportedWallet, WalletDetails, WalletSummary } from "../wallets/WalletShapes.js";
// Storage: the adapter interface (for adapter authors) and the in-memory default
export * from "./storage.js";
