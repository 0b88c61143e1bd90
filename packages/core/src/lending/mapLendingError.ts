import type { Address } from "viem";
import { lendingPoolAbi, priceOracleAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { LendingError, type LendingRevertReason, lendingRevertCodes } from "../errors/lending.js";
import { PriceNotAvailableError, PriceStaleError } from "../errors/oracle.js";
import { InvalidAmountError } from "../errors/sender.js";
import { readRevertReason } from "../sender/readRevertReason.js";
import type { LendingContext } from "./LendingContext.js";

/**
 * Turns a failed pool call into a typed error: `PRICE_STALE` / `PRICE_NOT_AVAILABLE` with the
 * token (the first of `involved`, then of the pool's assets, whose price is stale or missing) and
 * its age; the pool's own reasons as `LENDING_*` codes; "Amount must be positive" as
 * `INVALID_AMOUNT`. Anything that is not a revert is returned as it is.
 */
export async function mapLendingError(
  ctx: LendingContext,
  error: unknown,
  involved: readonly Address[] = [],
): Promise<unknown> {
  const reason = readRevertReason(error);
  if (reason === undefined) return error;
  if (reason === "Price is stale" || reason === "Price not available") {
    const { addresses, platformTokenSymbol } = await ctx.contracts.get();
    const symbols: Record<string, string> = {
      [NATIVE_ETH_ADDRESS.toLowerCase()]: "ETH",
      [addresses.platformToken.toLowerCase()]: platformTokenSymbol,
      [addresses.usdc.toLowerCase()]: "USDC",
      [addresses.dai.toLowerCase()]: "DAI",
    };
    const symbolOf = (token: Address) => symbols[token.toLowerCase()];
    const listed = await ctx.client.readContract({
      address: addresses.lendingPool,
      abi: lendingPoolAbi,
      functionName: "listedAssets",
    });
    const candidates = [...new Set([...involved, ...listed])];
    const block = await ctx.client.getBlock({ blockTag: "latest" });
    for (const token of candidates) {
      const [, timestamp, isStale] = await ctx.client.readContract({
        address: addresses.priceOracle,
        abi: priceOracleAbi,
        functionName: "getPriceInfo",
        args: [token],
      });
      if (reason === "Price not available" && timestamp === 0n)
        return new PriceNotAvailableError(token, symbolOf(token));
      if (reason === "Price is stale" && isStale && timestamp > 0n) {
        return new PriceStaleError(token, Number(block.timestamp - timestamp), symbolOf(token));
      }
    }
    return reason === "Price is stale"
      ? new PriceStaleError(involved[0] ?? addresses.priceOracle, 0)
      : new PriceNotAvailableError(involved[0] ?? addresses.priceOracle);
  }
  if (reason === "Amount must be positive") return new InvalidAmountError("0", "must be positive.");
  const code = lendingRevertCodes[reason as LendingRevertReason];
  return new LendingError(code ?? "LENDING_REVERTED", reason, { cause: error });
}
