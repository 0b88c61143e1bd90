import type { Platform } from "@privnet/core";

export type SetTokenPriceParameters = {
  /** The token's symbol (`"ETH"`, `"USDC"`, or a new one). */
  symbol: string;
  /** USD, decimal string or number. */
  price: string | number;
  /** For a new symbol: the token address to price. */
  address?: string;
};

/**
 * Writes a token's price on-chain now (the oracle simulator's `setPrice`): the next read of the
 * PriceOracle, and the lending pool, see it.
 *
 * @example
 * await setTokenPrice(platform, { symbol: "ETH", price: "1200" }); // the crash your borrower fears
 */
export function setTokenPrice(platform: Platform, params: SetTokenPriceParameters) {
  return platform.oracle.setPrice(params.symbol, params.price, params.address);
}
