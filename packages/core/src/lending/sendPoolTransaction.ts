import {
  type Address,
  encodeFunctionData,
  type Hash,
  type LocalAccount,
  maxUint256,
  type TransactionReceipt,
} from "viem";
import { lendingPoolAbi, testTokenAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { TransactionFailedError } from "../errors/sender.js";
import { unreachableAsTyped } from "../oracle/unreachableAsTyped.js";
import { type SendTransactionParameters, sendTransaction } from "../sender/sendTransaction.js";
import type { LendingContext } from "./LendingContext.js";
import { mapLendingError } from "./mapLendingError.js";

type PoolFunction = "deposit" | "withdraw" | "borrow" | "repay" | "liquidate";

export type PoolTransactionParameters = {
  /** The signer, already resolved (see `resolveLendingAccount`). */
  account: LocalAccount;
  functionName: PoolFunction;
  args: readonly unknown[];
  /** ETH sent along (deposits and repayments of ETH). */
  value?: bigint;
  /** An ERC20 the pool pulls from the caller: approved first when the allowance is short. */
  pulls?: { token: Address; amount: bigint };
  /** Tokens whose prices the call reads, to name the stale one in PRICE_STALE. */
  involved: readonly Address[];
};

/** The history's source of every lending write. */
export const LENDING_SOURCE = "lending";

/**
 * One LendingPool call through the platform's sender: simulates the call (a revert becomes a typed
 * error before anything is sent), approves an ERC20 the pool will pull when the allowance is short
 * (waits for it; a refusal of the pool's own still comes before it), sends the call and waits until
 * it is mined. Both transactions are queued, recorded
 * (source `lending`), watched and replaced like every other send, so they share the signer's
 * nonces with its wallet sends, bots and oracle pushes without a collision.
 */
export async function sendPoolTransaction(
  ctx: LendingContext,
  params: PoolTransactionParameters,
): Promise<{ hash: Hash; blockNumber: bigint; receipt: TransactionReceipt; from: Address }> {
  const { account } = params;
  const { addresses } = await ctx.contracts.get();
  const call = {
    address: addresses.lendingPool,
    abi: lendingPoolAbi,
    // The union of the pool's functions; each helper passes its own arguments.
    functionName: params.functionName as "deposit",
    args: params.args as [Address, bigint],
  } as const;
  const simulate = async () => {
    try {
      await ctx.client.simulateContract({
        account,
        ...call,
        ...(params.value ? { value: params.value } : {}),
      });
      return undefined;
    } catch (error) {
      return unreachableAsTyped(await mapLendingError(ctx, error, params.involved).catch(() => error));
    }
  };
  const pull = params.pulls;
  let allowanceShort = false;
  if (pull && pull.token !== NATIVE_ETH_ADDRESS) {
    const allowance = await ctx.client.readContract({
      address: pull.token,
      abi: testTokenAbi,
      functionName: "allowance",
      args: [account.address, addresses.lendingPool],
    });
    allowanceShort = allowance < pull.amount;
  }
  if (allowanceShort && pull) {
    // Without the allowance the call reverts in the token's transfer; a reason of the pool's own
    // (no debt, not liquidatable, a stale price…) comes first, and is answered before the approval.
    const refusal = await simulate();
    if (isPrivnetError(refusal) && refusal.code !== "LENDING_REVERTED") throw refusal;
    await sendAndWait(ctx, {
      account,
      to: pull.token,
      data: encodeFunctionData({
        abi: testTokenAbi,
        functionName: "approve",
        args: [addresses.lendingPool, maxUint256],
      }),
    });
  }
  const refusal = await simulate();
  if (refusal !== undefined) throw refusal;
  const receipt = await sendAndWait(ctx, {
    account,
    to: addresses.lendingPool,
    data: encodeFunctionData(call),
    ...(params.value ? { value: params.value } : {}),
  });
  return { hash: receipt.transactionHash, blockNumber: receipt.blockNumber, receipt, from: account.address };
}

/** Sends through the sender and waits for the block; a revert or a drop is TRANSACTION_FAILED. */
async function sendAndWait(
  ctx: LendingContext,
  params: Omit<SendTransactionParameters, "source">,
): Promise<TransactionReceipt> {
  const sent = await sendTransaction(ctx.sender, { ...params, source: LENDING_SOURCE });
  const { record, reason } = await sent.wait();
  if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, reason);
  return ctx.client.getTransactionReceipt({ hash: record.hash });
}
