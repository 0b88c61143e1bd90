export {
  type ConnectPlatformContractsParameters,
  connectPlatformContracts,
  type PlatformContracts,
  type PlatformContractsOptions,
  type PlatformContractsService,
} from "./connectPlatformContracts.js";
export { type ContractActions, type ContractActionsContext, contractActions } from "./contractActions.js";
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
  type StoredBlocks,
  type StoredPlatformContracts,
} from "./ensurePlatformContracts.js";
export * from "./generated.js";
export {
  listPlatformContracts,
  type PlatformContractInfo,
  type PlatformContractName,
} from "./listPlatformContracts.js";
export {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
  type PlatformContractBlocks,
} from "./platformContracts.js";
