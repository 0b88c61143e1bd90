import { formatUnits, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { lendingPoolAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { LendingError } from "../errors/lending.js";
import { parsePrivateKey } from "../wallets/parsePrivateKey.js";
import type { LendingTransferParameters } from "./deposit.js";
import type { LendingContext } from "./LendingContext.js";
import type { LendingReceipt } from "./LendingReceipt.js";
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
  let amount: bigint;
  if (params.amount === "max") {
    const { addresses } = await ctx.contracts.get();
    const user = privateKeyToAccount(parsePrivateKey(params.privateKey).privateKey).address;
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
    privateKey: params.privateKey,
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
