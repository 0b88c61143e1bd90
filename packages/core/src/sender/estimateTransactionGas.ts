import type { AccessList, Address, Hex, SignedAuthorizationList } from "viem";
import { BaseError } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { InsufficientFundsError, TransactionRejectedError } from "../errors/sender.js";
import { TRANSFER_GAS } from "../fees/transferGas.js";
import { classifyNodeError } from "./classifyNodeError.js";

export type EstimateTransactionGasParameters = {
  from: Address;
  to?: Address | undefined;
  value: bigint;
  data?: Hex | undefined;
  /** Estimated with it: each address and slot listed changes what the transaction costs. */
  accessList?: AccessList | undefined;
  /** EIP-7702 authorizations, applied before the call is estimated (it may call delegated code). */
  authorizationList?: SignedAuthorizationList | undefined;
  /** A blob transaction's versioned hashes and blob fee (its code may read them with BLOBHASH). */
  blobs?: { blobVersionedHashes: readonly Hex[]; maxFeePerBlobGas: bigint } | undefined;
};

/** Margin on estimates of calls and deployments: 20 %, for state that changes before inclusion. */
export const GAS_ESTIMATE_MARGIN_PERCENT = 20n;

/**
 * The gas limit a transaction is sent with when the caller gives none: the node's estimate plus
 * {@link GAS_ESTIMATE_MARGIN_PERCENT} (a plain transfer's exact 21,000 needs none). A call that
 * would revert is refused here, before any nonce is taken: `TRANSACTION_REJECTED` with the node's
 * words; `INSUFFICIENT_FUNDS` when the value is above the balance; `CHAIN_UNREACHABLE`.
 *
 * @example
 * const gas = await estimateTransactionGas(ctx, { from, to: token, value: 0n, data });
 */
export async function estimateTransactionGas(
  ctx: PlatformContext,
  params: EstimateTransactionGasParameters,
): Promise<bigint> {
  let estimate: bigint;
  try {
    estimate = await ctx.client.estimateGas({
      account: params.from,
      ...(params.to === undefined ? {} : { to: params.to }),
      value: params.value,
      ...(params.data === undefined ? {} : { data: params.data }),
      ...(params.accessList === undefined ? {} : { accessList: params.accessList }),
      ...(params.authorizationList === undefined ? {} : { authorizationList: params.authorizationList }),
      ...(params.blobs === undefined
        ? {}
        : {
            blobVersionedHashes: params.blobs.blobVersionedHashes,
            maxFeePerBlobGas: params.blobs.maxFeePerBlobGas,
          }),
      // viem's types take blob fields only with a type-3 shape; the node reads them from the request.
    } as never);
  } catch (error) {
    const kind = classifyNodeError(error);
    if (kind === "unreachable") throw new ChainUnreachableError({ cause: error });
    if (kind === "insufficient-funds") {
      const balance = await ctx.client.getBalance({ address: params.from }).catch(() => 0n);
      throw new InsufficientFundsError(params.from, balance, params.value);
    }
    const reason = error instanceof BaseError ? error.shortMessage : String(error);
    throw new TransactionRejectedError(`gas estimation failed: ${reason}`, { cause: error });
  }
  if (estimate === TRANSFER_GAS && params.data === undefined && !params.accessList?.length) return estimate;
  return estimate + (estimate * GAS_ESTIMATE_MARGIN_PERCENT + 99n) / 100n;
}
