import { formatUnits } from "viem";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import type { LendingContext } from "./LendingContext.js";
import type { LendingReceipt } from "./LendingReceipt.js";
import { type LendingSigner, resolveLendingAccount } from "./resolveLendingAccount.js";
import { parseAssetAmount, resolveLendingAsset } from "./resolveLendingAsset.js";
import { sendPoolTransaction } from "./sendPoolTransaction.js";

export type LendingTransferParameters = LendingSigner & {
  /** "ETH", the platform token's symbol, "USDC", "DAI", or a listed token's address. */
  token: string;
  /** Decimal amount in whole tokens ("1.5"). */
  amount: string;
};

/**
 * Deposits collateral into the LendingPool (ETH is sent as value; an ERC20 is approved first when
 * needed). Waits for the block.
 *
 * @example
 * await platform.lending.deposit({ privateKey, token: "ETH", amount: "1" }); // or { fromWalletId: 3, … }, { account, … }
 */
export async function deposit(
  ctx: LendingContext,
  params: LendingTransferParameters,
): Promise<LendingReceipt> {
  const asset = await resolveLendingAsset(ctx, params.token);
  const amount = parseAssetAmount(asset, params.amount);
  const eth = asset.address === NATIVE_ETH_ADDRESS;
  const sent = await sendPoolTransaction(ctx, {
    account: await resolveLendingAccount(ctx, params),
    functionName: "deposit",
    args: [asset.address, amount],
    ...(eth ? { value: amount } : { pulls: { token: asset.address, amount } }),
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
