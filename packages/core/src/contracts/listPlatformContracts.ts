import type { Abi, Address } from "viem";
import type { StoredPlatformContracts } from "./ensurePlatformContracts.js";
import { devNftAbi, lendingPoolAbi, priceFeedAdapterAbi, priceOracleAbi, testTokenAbi } from "./generated.js";
import type { PlatformAsset } from "./platformContracts.js";

/** The Solidity contracts the platform deploys; each ABI ships as `@privnet/core/abi/<name>.json`. */
export type PlatformContractName =
  | "PriceOracle"
  | "LendingPool"
  | "TestToken"
  | "DevNFT"
  | "PriceFeedAdapter";

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
  const fallback = BigInt(deployment.blockNumber);
  const at = (stored: string | undefined) => (stored === undefined ? fallback : BigInt(stored));
  const symbols: Record<PlatformAsset, string> = {
    eth: "ETH",
    platformToken: platformTokenSymbol,
    usdc: "USDC",
    dai: "DAI",
  };
  const feeds = (["eth", "platformToken", "usdc", "dai"] as const).map(
    (asset): PlatformContractInfo => ({
      name: `${symbols[asset]} / USD`,
      contract: "PriceFeedAdapter",
      address: addresses.priceFeeds[asset],
      blockNumber: at(blockNumbers?.priceFeeds[asset]),
      abi: priceFeedAdapterAbi,
    }),
  );
  return [
    {
      name: "PriceOracle",
      contract: "PriceOracle",
      address: addresses.priceOracle,
      blockNumber: at(blockNumbers?.priceOracle),
      abi: priceOracleAbi,
    },
    {
      name: platformTokenSymbol,
      contract: "TestToken",
      address: addresses.platformToken,
      blockNumber: at(blockNumbers?.platformToken),
      abi: testTokenAbi,
    },
    {
      name: "USDC",
      contract: "TestToken",
      address: addresses.usdc,
      blockNumber: at(blockNumbers?.usdc),
      abi: testTokenAbi,
    },
    {
      name: "DAI",
      contract: "TestToken",
      address: addresses.dai,
      blockNumber: at(blockNumbers?.dai),
      abi: testTokenAbi,
    },
    {
      name: "DevNFT",
      contract: "DevNFT",
      address: addresses.devNft,
      blockNumber: at(blockNumbers?.devNft),
      abi: devNftAbi,
    },
    {
      name: "LendingPool",
      contract: "LendingPool",
      address: addresses.lendingPool,
      blockNumber: at(blockNumbers?.lendingPool),
      abi: lendingPoolAbi,
    },
    ...feeds,
  ];
}
