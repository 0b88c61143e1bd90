import { formatUnits } from "viem";
import type { LendingTransferParameters } from "./deposit.js";
import type { LendingContext } from "./LendingContext.js";
import type { LendingReceipt } from "./LendingReceipt.js";
import { resolveLendingAccount } from "./resolveLendingAccount.js";
import { parseAssetAmount, resolveLendingAsset } from "./resolveLendingAsset.js";
import { sendPoolTransaction } from "./sendPoolTransaction.js";

/**
 * Withdraws collateral. With debt, fails with `LENDING_HEALTH_FACTOR_TOO_LOW` when the health
 * factor would drop below 1, and with `PRICE_STALE` while a price it needs is stale.
 *
 * @example
 * await platform.lending.withdraw({ privateKey, token: "ETH", amount: "0.5" });
 */
export async function withdraw(
  ctx: LendingContext,
  params: LendingTransferParameters,
): Promise<LendingReceipt> {
  const asset = await resolveLendingAsset(ctx, params.token);
  const amount = parseAssetAmount(asset, params.amount);
  const sent = await sendPoolTransaction(ctx, {
    account: await resolveLendingAccount(ctx, params),
    functionName: "withdraw",
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
