import { type Address, isAddress, parseEther, parseUnits } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";
import type { PlatformAsset } from "./platformContracts.js";
import type { DeploymentSend } from "./sendDeployment.js";

export type DeployPlatformContractsOptions = {
  /** The platform's ERC20. Default: "Privnet Token", "PRIV", 1,000,000 tokens (18 decimals) to the deployer. */
  platformToken?: { name?: string; symbol?: string; initialSupply?: bigint };
  /**
   * Prices written to the oracle at deploy (USD × 1e18), so the pool works at once. Default: ETH
   * 2000, platform token 1, USDC 1, DAI 1. `false` writes none.
   */
  initialPrices?: false | Partial<Record<PlatformAsset, bigint>>;
  /**
   * What the lending pool may lend, in each asset's smallest unit, funded by the deployer. USDC and
   * DAI are minted for it. Default: 1,000 ETH, 100,000 platform tokens, 1,000,000 USDC, 1,000,000 DAI.
   */
  liquidity?: Partial<Record<PlatformAsset, bigint>>;
  /** Accounts granted the oracle's updater right (e.g. the price simulator's key). Default: none. */
  updaters?: readonly Address[];
  /**
   * Sends each transaction of the deployment. Default: straight from the wallet client, with
   * consecutive nonces and the platform's fee policy. The platform passes its sender here, so that
   * its deployment is queued, recorded and watched like every other write (source `deployment`).
   */
  send?: DeploymentSend | undefined;
};

export const DEFAULT_INITIAL_PRICES: Record<PlatformAsset, bigint> = {
  eth: parseEther("2000"),
  platformToken: parseEther("1"),
  usdc: parseEther("1"),
  dai: parseEther("1"),
};

export const DEFAULT_LIQUIDITY: Record<PlatformAsset, bigint> = {
  eth: parseEther("1000"),
  platformToken: parseEther("100000"),
  usdc: parseUnits("1000000", 6),
  dai: parseEther("1000000"),
};

/** The options of {@link deployPlatformContracts} with their defaults, checked. */
export type ResolvedDeployOptions = {
  platformToken: { name: string; symbol: string; initialSupply: bigint };
  initialPrices: false | Partial<Record<PlatformAsset, bigint>>;
  liquidity: Record<PlatformAsset, bigint>;
  updaters: readonly Address[];
};

/**
 * The options with their defaults, checked before anything is sent: `INVALID_OPTIONS` for a wrong one.
 *
 * @example
 * const { platformToken, liquidity } = resolveDeployOptions({ platformToken: { symbol: "ACME" } });
 */
export function resolveDeployOptions(options: DeployPlatformContractsOptions): ResolvedDeployOptions {
  const platformToken = {
    name: options.platformToken?.name ?? "Privnet Token",
    symbol: options.platformToken?.symbol ?? "PRIV",
    initialSupply: options.platformToken?.initialSupply ?? parseEther("1000000"),
  };
  if (!platformToken.name.trim()) throw new InvalidOptionsError("platformToken.name must not be empty.");
  if (!/^[A-Za-z0-9]{1,11}$/.test(platformToken.symbol)) {
    throw new InvalidOptionsError(
      `platformToken.symbol must be 1 to 11 letters or digits, got "${platformToken.symbol}".`,
    );
  }
  if (platformToken.initialSupply < 0n)
    throw new InvalidOptionsError("platformToken.initialSupply must not be negative.");

  const initialPrices =
    options.initialPrices === false ? false : { ...DEFAULT_INITIAL_PRICES, ...options.initialPrices };
  if (initialPrices) {
    for (const [asset, price] of Object.entries(initialPrices)) {
      if (price <= 0n) throw new InvalidOptionsError(`initialPrices.${asset} must be positive (USD × 1e18).`);
    }
  }

  const liquidity = { ...DEFAULT_LIQUIDITY, ...options.liquidity };
  for (const [asset, amount] of Object.entries(liquidity)) {
    if (amount < 0n) throw new InvalidOptionsError(`liquidity.${asset} must not be negative.`);
  }
  if (liquidity.platformToken > platformToken.initialSupply) {
    throw new InvalidOptionsError(
      "liquidity.platformToken exceeds platformToken.initialSupply: the deployer cannot fund it.",
    );
  }

  const updaters = options.updaters ?? [];
  for (const updater of updaters) {
    if (!isAddress(updater)) throw new InvalidOptionsError(`updaters: "${updater}" is not an address.`);
  }
  return { platformToken, initialPrices, liquidity, updaters };
}
