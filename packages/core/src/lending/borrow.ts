import { formatUnits } from "viem";
import type { LendingTransferParameters } from "./deposit.js";
import type { LendingContext } from "./LendingContext.js";
import type { LendingReceipt } from "./LendingReceipt.js";
import { resolveLendingAccount } from "./resolveLendingAccount.js";
import { parseAssetAmount, resolveLendingAsset } from "./resolveLendingAsset.js";
import { sendPoolTransaction } from "./sendPoolTransaction.js";

/**
 * Borrows from the pool's reserve. Fails with `LENDING_BORROW_EXCEEDS_LTV` beyond 70% of the
 * collateral's value, `LENDING_INSUFFICIENT_LIQUIDITY` beyond the reserve, `PRICE_STALE` /
 * `PRICE_NOT_AVAILABLE` when a price it needs is stale or missing.
 *
 * @example
 * await platform.lending.borrow({ privateKey, token: "USDC", amount: "1000" });
 */
export async function borrow(
  ctx: LendingContext,
  params: LendingTransferParameters,
): Promise<LendingReceipt> {
  const asset = await resolveLendingAsset(ctx, params.token);
  const amount = parseAssetAmount(asset, params.amount);
  const sent = await sendPoolTransaction(ctx, {
    account: await resolveLendingAccount(ctx, params),
    functionName: "borrow",
    args: [asset.address, amount],
    involved: [asset.address],
  });
  return {
    hash: sent.hash,
    blockNumber: sent.blockNumber,
    from: sent.from,
    token: asset.symbol,
    amount: formatUnits(amount, asset.decimals),
  };
}
