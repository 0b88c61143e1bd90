import type { Abi, Address } from "viem";
import type { StoredPlatformContracts } from "./ensurePlatformContracts.js";
import { devNftAbi, lendingPoolAbi, priceFeedAdapterAbi, priceOracleAbi, testTokenAbi } from "./generated.js";
import type { PlatformAsset, PlatformContractAddresses } from "./platformContracts.js";

/** The Solidity contracts the platform deploys; each ABI ships as `@privnet/core/abi/<name>.json`. */
export type PlatformContractName =
  | "PriceOracle"
  | "LendingPool"
  | "TestToken"
  | "DevNFT"
  | "PriceFeedAdapter";

const abis: Record<PlatformContractName, Abi> = {
  PriceOracle: priceOracleAbi,
  LendingPool: lendingPoolAbi,
  TestToken: testTokenAbi,
  DevNFT: devNftAbi,
  PriceFeedAdapter: priceFeedAdapterAbi,
};

/** One deployed platform contract: what a user of viem, ethers or cast needs to find and call it. */
export type PlatformContractInfo = {
  /**
   * What it is to privnet: "PriceOracle", "LendingPool", the platform token's symbol ("PRIV"),
   * "USDC", "DAI", "DevNFT", or a feed's description ("ETH / USD").
   */
  name: string;
  /** The Solidity contract, also the name of its ABI file in `@privnet/core/abi/`. */
  contract: PlatformContractName;
  address: Address;
  /**
   * The block that included its deployment: scan its events from there. For a deployment stored
   * by a privnet that did not keep each contract's block: the deployment's last block.
   */
  blockNumber: bigint;
  abi: Abi;
};

/**
 * Every contract of a stored deployment, in deployment order: PriceOracle, the platform token,
 * USDC, DAI, DevNFT, LendingPool, then one feed per asset (ETH, the platform token, USDC, DAI).
 *
 * @example
 * const contracts = listPlatformContracts(deployment, "PRIV");
 * const pool = contracts.find((contract) => contract.name === "LendingPool");
 */
export function listPlatformContracts(
  deployment: StoredPlatformContracts,
  platformTokenSymbol: string,
): PlatformContractInfo[] {
  const { addresses, blockNumbers } = deployment;
  const at = (stored: string | undefined) => BigInt(stored ?? deployment.blockNumber);
  const own = (
    name: string,
    contract: PlatformContractName,
    key: Exclude<keyof PlatformContractAddresses, "priceFeeds">,
  ): PlatformContractInfo => ({
    name,
    contract,
    address: addresses[key],
    blockNumber: at(blockNumbers?.[key]),
    abi: abis[contract],
  });
  const feed = (symbol: string, asset: PlatformAsset): PlatformContractInfo => ({
    name: `${symbol} / USD`,
    contract: "PriceFeedAdapter",
    address: addresses.priceFeeds[asset],
    blockNumber: at(blockNumbers?.priceFeeds[asset]),
    abi: abis.PriceFeedAdapter,
  });
  return [
    own("PriceOracle", "PriceOracle", "priceOracle"),
    own(platformTokenSymbol, "TestToken", "platformToken"),
    own("USDC", "TestToken", "usdc"),
    own("DAI", "TestToken", "dai"),
    own("DevNFT", "DevNFT", "devNft"),
    own("LendingPool", "LendingPool", "lendingPool"),
    feed("ETH", "eth"),
    feed(platformTokenSymbol, "platformToken"),
    feed("USDC", "usdc"),
    feed("DAI", "dai"),
  ];
}
