import type { Address } from "viem";

/**
 * The address that stands for native ETH, in the LendingPool (as an asset) and in the PriceOracle
 * (as a price key): the conventional 0xEeee…EEeE placeholder.
 */
export const NATIVE_ETH_ADDRESS: Address = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

/** The assets the platform prices and lends. */
export type PlatformAsset = "eth" | "platformToken" | "usdc" | "dai";

/** Where the platform's contracts live. */
export type PlatformContractAddresses = {
  priceOracle: Address;
  lendingPool: Address;
  /** The platform's own ERC20 (default symbol PRIV, 18 decimals). */
  platformToken: Address;
  /** Test USDC, 6 decimals. */
  usdc: Address;
  /** Test DAI, 18 decimals. */
  dai: Address;
  /** The on-chain-metadata ERC721. */
  devNft: Address;
  /** One Chainlink-style (AggregatorV3Interface) feed per priced asset, 8 decimals. */
  priceFeeds: Record<PlatformAsset, Address>;
};

/** The block that included each platform contract's deployment, shaped like the addresses. */
export type PlatformContractBlocks = {
  [Name in Exclude<keyof PlatformContractAddresses, "priceFeeds">]: bigint;
} & { priceFeeds: Record<PlatformAsset, bigint> };
