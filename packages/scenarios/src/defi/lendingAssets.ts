import { NATIVE_ETH_ADDRESS, type PlatformContracts } from "@privnet/core";
import type { Address } from "viem";

/** The assets the DeFi scenarios name in their configs: "PRIV" is the platform token, whatever its symbol. */
export const LENDING_SCENARIO_ASSETS = ["ETH", "USDC", "DAI", "PRIV"] as const;

/** An asset as the scenarios' configs name it. */
export type LendingScenarioAsset = (typeof LENDING_SCENARIO_ASSETS)[number];

/** The address of `asset` in the platform's deployment (ETH: the pool's 0xEeee…EEeE placeholder). */
export function lendingAssetAddress(contracts: PlatformContracts, asset: LendingScenarioAsset): Address {
  const { addresses } = contracts;
  switch (asset) {
    case "ETH":
      return NATIVE_ETH_ADDRESS;
    case "USDC":
      return addresses.usdc;
    case "DAI":
      return addresses.dai;
    case "PRIV":
      return addresses.platformToken;
  }
}
