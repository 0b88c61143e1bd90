import { type Address, createWalletClient, type Hash, maxUint256, type TransactionReceipt } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { lendingPoolAbi, testTokenAbi } from "../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../contracts/platformContracts.js";
import { TransactionFailedError } from "../errors/sender.js";
import { unreachableAsTyped } from "../oracle/unreachableAsTyped.js";
import { parsePrivateKey } from "../wallets/parsePrivateKey.js";
import type { LendingContext } from "./LendingContext.js";
import { mapLendingError } from "./mapLendingError.js";

type PoolFunction = "deposit" | "withdraw" | "borrow" | "repay" | "liquidate";

export type PoolTransactionParameters = {
  privateKey: string;
  functionName: PoolFunction;
  args: readonly unknown[];
  /** ETH sent along (deposits and repayments of ETH). */
  value?: bigint;
  /** An ERC20 the pool pulls from the caller: approved first when the allowance is short. */
  pulls?: { token: Address; amount: bigint };
  /** Tokens whose prices the call reads, to name the stale one in PRICE_STALE. */
  involved: readonly Address[];
};

/**
 * Simulates one LendingPool call with the caller's key (a revert becomes a typed error before
 * anything is sent), approves an ERC20 the pool will pull when needed, sends, and waits for the
 * receipt. The key signs this call only and is never stored.
 */
export async function sendPoolTransaction(
  ctx: LendingContext,
  params: PoolTransactionParameters,
): Promise<{ hash: Hash; blockNumber: bigint; receipt: TransactionReceipt; from: Address }> {
  const { privateKey } = parsePrivateKey(params.privateKey);
  const account = privateKeyToAccount(privateKey);
  const wallet = createWalletClient({ account, chain: ctx.chain, transport: ctx.transport });
  const { addresses } = await ctx.contracts.get();
  const pull = params.pulls;
  if (pull && pull.token !== NATIVE_ETH_ADDRESS) {
    const allowance = await ctx.client.readContract({
      address: pull.token,
      abi: testTokenAbi,
      functionName: "allowance",
      args: [account.address, addresses.lendingPool],
    });
    if (allowance < pull.amount) {
      const approval = await wallet.writeContract({
        address: pull.token,
        abi: testTokenAbi,
        functionName: "approve",
        args: [addresses.lendingPool, maxUint256],
      });
      await ctx.client.waitForTransactionReceipt({ hash: approval });
    }
  }
  let request: Parameters<typeof wallet.writeContract>[0];
  try {
    const simulated = await ctx.client.simulateContract({
      account,
      address: addresses.lendingPool,
      abi: lendingPoolAbi,
      // The union of the pool's functions; each helper passes its own arguments.
      functionName: params.functionName as "deposit",
      args: params.args as [Address, bigint],
      ...(params.value ? { value: params.value } : {}),
    });
    request = simulated.request as typeof request;
  } catch (error) {
    throw unreachableAsTyped(await mapLendingError(ctx, error, params.involved).catch(() => error));
  }
  const hash = await wallet.writeContract(request);
  const receipt = await ctx.client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new TransactionFailedError(hash, "reverted on-chain");
  return { hash, blockNumber: receipt.blockNumber, receipt, from: account.address };
}
