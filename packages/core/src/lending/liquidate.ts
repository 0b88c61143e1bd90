import { type Address, formatUnits, getAddress, type Hash, parseEventLogs } from "viem";
import { lendingPoolAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { parseAddress } from "../input/parseAddress.js";
import type { LendingContext } from "./LendingContext.js";
import { type LendingSigner, resolveLendingAccount } from "./resolveLendingAccount.js";
import { parseAssetAmount, resolveLendingAsset } from "./resolveLendingAsset.js";
import { sendPoolTransaction } from "./sendPoolTransaction.js";

export type LiquidateParameters = LendingSigner & {
  borrower: string;
  /** The debt repaid: symbol or address. */
  debtToken: string;
  /** Decimal amount of `debtToken` to repay (at most 50% of the borrower's debt in it). */
  repayAmount: string;
  /** The collateral received: symbol or address. */
  collateralToken: string;
};

export type LiquidateReturnType = {
  hash: Hash;
  blockNumber: bigint;
  liquidator: Address;
  borrower: Address;
  debtToken: string;
  /** Decimal, in the debt token. */
  repaid: string;
  collateralToken: string;
  /** Collateral received (the repaid value plus the 5% bonus), decimal in the collateral token. */
  seized: string;
  seizedRaw: bigint;
};

/**
 * Liquidates an account whose health factor is below 1: repays part of its debt and receives its
 * collateral with the 5% bonus. Fails with `LENDING_NOT_LIQUIDATABLE`,
 * `LENDING_REPAY_EXCEEDS_CLOSE_FACTOR`, `LENDING_INSUFFICIENT_COLLATERAL_TO_SEIZE` or the price errors.
 *
 * @example
 * await platform.lending.liquidate({ privateKey, borrower, debtToken: "USDC", repayAmount: "500", collateralToken: "ETH" });
 */
export async function liquidate(
  ctx: LendingContext,
  params: LiquidateParameters,
): Promise<LiquidateReturnType> {
  const borrower = parseAddress(params.borrower, "borrower");
  const debt = await resolveLendingAsset(ctx, params.debtToken);
  const collateral = await resolveLendingAsset(ctx, params.collateralToken);
  const amount = parseAssetAmount(debt, params.repayAmount);
  const eth = debt.address === NATIVE_ETH_ADDRESS;
  const sent = await sendPoolTransaction(ctx, {
    account: await resolveLendingAccount(ctx, params),
    functionName: "liquidate",
    args: [borrower, debt.address, amount, collateral.address],
    ...(eth ? { value: amount } : { pulls: { token: debt.address, amount } }),
    involved: [debt.address, collateral.address],
  });
  const [event] = parseEventLogs({ abi: lendingPoolAbi, eventName: "Liquidation", logs: sent.receipt.logs });
  const seized = event?.args.seizedAmount ?? 0n;
  return {
    hash: sent.hash,
    blockNumber: sent.blockNumber,
    liquidator: sent.from,
    borrower: getAddress(borrower),
    debtToken: debt.symbol,
    repaid: formatUnits(amount, debt.decimals),
    collateralToken: collateral.symbol,
    seized: formatUnits(seized, collateral.decimals),
    seizedRaw: seized,
  };
}
