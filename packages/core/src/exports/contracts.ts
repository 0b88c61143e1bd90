// Typed ABIs and creation bytecode of privnet's contracts (generated from contracts/ by
// `pnpm generate` with @wagmi/cli: do not edit generated.ts by hand, CI checks it is up to date),
// and the helper that deploys and wires them on any chain.
export {
  DEFAULT_INITIAL_PRICES,
  DEFAULT_LIQUIDITY,
  type DeployerClient,
  type DeploymentSend,
  type DeploymentTransaction,
  type DeploymentTransactionRequest,
  type DeployPlatformContractsOptions,
  type DeployPlatformContractsReturnType,
  deployPlatformContracts,
  type SentDeploymentTransaction,
} from "../contracts/deployPlatformContracts.js";
export {
  aggregatorV3InterfaceAbi,
  deployTargetAbi,
  deployTargetBytecode,
  devMultiTokenAbi,
  devMultiTokenBytecode,
  devNftAbi,
  devNftBytecode,
  gasBurnerAbi,
  gasBurnerBytecode,
  lendingPoolAbi,
  lendingPoolBytecode,
  priceFeedAdapterAbi,
  priceFeedAdapterBytecode,
  priceOracleAbi,
  priceOracleBytecode,
  setCodeDelegateAbi,
  setCodeDelegateBytecode,
  storageSpamAbi,
  storageSpamBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "../contracts/generated.js";
export {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
  type PlatformContractBlocks,
} from "../contracts/platformContracts.js";
