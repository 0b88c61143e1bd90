import { formatUnits, parseEventLogs } from "viem";
import { lendingPoolAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { LendingError } from "../errors/lending.js";
import type { LendingTransferParameters } from "./deposit.js";
import type { LendingContext } from "./LendingContext.js";
import type { LendingReceipt } from "./LendingReceipt.js";
import { resolveLendingAccount } from "./resolveLendingAccount.js";
import { parseAssetAmount, resolveLendingAsset } from "./resolveLendingAsset.js";
import { sendPoolTransaction } from "./sendPoolTransaction.js";

/**
 * Repays debt; `amount: "max"` repays all of it. Answers with the amount actually repaid (at most
 * the debt). Fails with `LENDING_NO_DEBT` without debt in that token.
 *
 * @example
 * await platform.lending.repay({ privateKey, token: "USDC", amount: "max" });
 */
export async function repay(ctx: LendingContext, params: LendingTransferParameters): Promise<LendingReceipt> {
  const asset = await resolveLendingAsset(ctx, params.token);
  const account = await resolveLendingAccount(ctx, params);
  let amount: bigint;
  if (params.amount === "max") {
    const { addresses } = await ctx.contracts.get();
    const user = account.address;
    amount = await ctx.client.readContract({
      address: addresses.lendingPool,
      abi: lendingPoolAbi,
      functionName: "debtOf",
      args: [user, asset.address],
    });
    if (amount === 0n) throw new LendingError("LENDING_NO_DEBT", "No debt to repay");
  } else {
    amount = parseAssetAmount(asset, params.amount);
  }
  const eth = asset.address === NATIVE_ETH_ADDRESS;
  const sent = await sendPoolTransaction(ctx, {
    account,
    functionName: "repay",
    args: [asset.address, amount],
    ...(eth ? { value: amount } : { pulls: { token: asset.address, amount } }),
    involved: [asset.address],
  });
  const [event] = parseEventLogs({ abi: lendingPoolAbi, eventName: "Repay", logs: sent.receipt.logs });
  const repaid = event?.args.amount ?? amount;
  return {
    hash: sent.hash,
    blockNumber: sent.blockNumber,
    from: sent.from,
    token: asset.symbol,
    amount: formatUnits(repaid, asset.decimals),
  };
}
