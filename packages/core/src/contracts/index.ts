export {
  CONTRACTS_FUNDER_INDEX,
  CONTRACTS_OWNER_INDEX,
  type ConnectPlatformContractsParameters,
  connectPlatformContracts,
  ORACLE_UPDATER_INDEX,
  type PlatformContracts,
  type PlatformContractsOptions,
  type PlatformContractsService,
} from "./connectPlatformContracts.js";
export {
  DEFAULT_INITIAL_PRICES,
  DEFAULT_LIQUIDITY,
  type DeployerClient,
  type DeploymentTransaction,
  type DeployPlatformContractsOptions,
  type DeployPlatformContractsReturnType,
  deployPlatformContracts,
} from "./deployPlatformContracts.js";
export {
  type EnsurePlatformContractsParameters,
  type EnsurePlatformContractsReturnType,
  ensurePlatformContracts,
  PLATFORM_CONTRACTS_STATE_KEY,
  type StoredPlatformContracts,
} from "./ensurePlatformContracts.js";
export * from "./generated.js";
export {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
} from "./platformContracts.js";
