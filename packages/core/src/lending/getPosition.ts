import { type Address, formatEther, maxUint256 } from "viem";
import { lendingPoolAbi } from "../contracts/generated.js";
import { parseAddress } from "../input/parseAddress.js";
import type { LendingContext } from "./LendingContext.js";
import { mapLendingError } from "./mapLendingError.js";

export type LendingPosition = {
  user: Address;
  /** USD, decimal string. */
  collateralUSD: string;
  /** USD, decimal string. */
  debtUSD: string;
  /** How much more USD it may borrow under the 70% loan-to-value limit. */
  borrowableUSD: string;
  /** Collateral × 0.75 / debt as a decimal string ("1.071428571428571428"); "Infinity" without debt. */
  healthFactor: string;
  /** The pool's 1e18-scaled value; `maxUint256` without debt. */
  healthFactorRaw: bigint;
  /** Health factor below 1: anyone may liquidate part of the debt. */
  liquidatable: boolean;
};

/**
 * An account's position in the pool, valued at the oracle's prices. Fails with `PRICE_STALE` /
 * `PRICE_NOT_AVAILABLE` when a price of an asset it holds is stale or missing (the pool refuses
 * to value it then).
 *
 * @example
 * const { healthFactor, liquidatable } = await platform.lending.position(alice.address);
 */
export async function getPosition(ctx: LendingContext, user: string): Promise<LendingPosition> {
  const address = parseAddress(user, "user");
  const { addresses } = await ctx.contracts.get();
  let data: readonly [bigint, bigint, bigint, bigint];
  try {
    data = await ctx.client.readContract({
      address: addresses.lendingPool,
      abi: lendingPoolAbi,
      functionName: "accountData",
      args: [address],
    });
  } catch (error) {
    throw await mapLendingError(ctx, error);
  }
  const [collateralUSD, debtUSD, healthFactorRaw, borrowableUSD] = data;
  return {
    user: address,
    collateralUSD: formatEther(collateralUSD),
    debtUSD: formatEther(debtUSD),
    borrowableUSD: formatEther(borrowableUSD),
    healthFactor: healthFactorRaw === maxUint256 ? "Infinity" : formatEther(healthFactorRaw),
    healthFactorRaw,
    liquidatable: healthFactorRaw < 10n ** 18n,
  };
}
