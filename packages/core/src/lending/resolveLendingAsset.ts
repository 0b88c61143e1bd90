import { type Address, getAddress, isAddress, parseUnits } from "viem";
import { testTokenAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { UnknownSymbolError } from "../errors/oracle.js";
import { InvalidAmountError } from "../errors/sender.js";
import { parseSymbol } from "../oracle/parseSymbol.js";
import type { LendingContext } from "./LendingContext.js";

export type LendingAsset = { symbol: string; address: Address; decimals: number };

/**
 * A pool asset named by symbol ("ETH", "PRIV", "USDC", "DAI", case-insensitive) or by address,
 * with its decimals (ETH: 18; a token's from its `decimals()`). Fails with `UNKNOWN_SYMBOL` for
 * another symbol.
 *
 * @example
 * const usdc = await resolveLendingAsset(ctx, "usdc"); // { symbol: "USDC", address, decimals: 6 }
 */
export async function resolveLendingAsset(ctx: LendingContext, token: string): Promise<LendingAsset> {
  const { addresses, platformTokenSymbol } = await ctx.contracts.get();
  const bySymbol: Record<string, Address> = {
    ETH: NATIVE_ETH_ADDRESS,
    [platformTokenSymbol.toUpperCase()]: addresses.platformToken,
    USDC: addresses.usdc,
    DAI: addresses.dai,
  };
  let address: Address;
  let symbol: string;
  if (isAddress(token, { strict: false })) {
    address = getAddress(token);
    symbol = Object.entries(bySymbol).find(([, known]) => known === address)?.[0] ?? address;
  } else {
    symbol = parseSymbol(token);
    const known = bySymbol[symbol];
    if (!known) throw new UnknownSymbolError(symbol);
    address = known;
  }
  if (address === NATIVE_ETH_ADDRESS) return { symbol, address, decimals: 18 };
  const decimals = await ctx.client.readContract({ address, abi: testTokenAbi, functionName: "decimals" });
  return { symbol, address, decimals };
}

/**
 * An amount of `asset` as a decimal string in whole tokens ("1.5" ETH, "100" USDC) into its
 * smallest unit. Fails with `INVALID_AMOUNT` unless positive with at most the token's decimals.
 */
export function parseAssetAmount(asset: LendingAsset, amount: unknown): bigint {
  if (typeof amount !== "string" || !/^(\d+(\.\d*)?|\.\d+)$/.test(amount.trim())) {
    throw new InvalidAmountError(amount, `not a positive decimal ${asset.symbol} amount.`);
  }
  const text = amount.trim();
  if ((text.split(".")[1] ?? "").length > asset.decimals) {
    throw new InvalidAmountError(amount, `${asset.symbol} has ${asset.decimals} decimals.`);
  }
  const units = parseUnits(text, asset.decimals);
  if (units === 0n) throw new InvalidAmountError(amount, "must be positive.");
  return units;
}
