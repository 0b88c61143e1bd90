import type { AccessList, Address, Hex, LocalAccount } from "viem";
import type { TransactionFees } from "../fees/feePolicy.js";
import type { GasPriceType, QueuedAuthorization, QueuedBlobs, QueuedRequest } from "./transactionRequest.js";

/** One transaction waiting for its nonce: a plain transfer, a contract call or a deployment. */
export type QueuedTransaction = {
  account: LocalAccount;
  /** Recipient or called contract; undefined deploys `data` as a contract's init code. */
  to: Address | undefined;
  value: bigint;
  /** Call data, or init code when `to` is undefined. */
  data?: Hex | undefined;
  /** EIP-2930 access list, signed in as given. */
  accessList?: AccessList | undefined;
  /**
   * EIP-7702 authorizations: the transaction is then a set-code one (type 4). The sender's own
   * are signed here, once the nonce is known (they take the nonces after the transaction's).
   */
  authorizationList?: readonly QueuedAuthorization[] | undefined;
  /** EIP-4844 blobs with their commitments and proofs: the transaction is then a blob one (type 3). */
  blobs?: QueuedBlobs | undefined;
  /**
   * Signed as a legacy (type 0) or EIP-2930 (type 1) transaction with one gas price, instead of
   * type 2. Never with blobs or authorizations; a legacy one has no access list.
   */
  gasPriceType?: GasPriceType | undefined;
  /** Gas limit, already decided (a transfer's 21,000, an estimate with its margin, or the caller's). */
  gas: bigint;
  source: string;
  /** A CREATE2 deployment through a factory (`to`): the contract's address, recorded as `to`, kind `deploy`. */
  createdAddress?: Address | undefined;
  /** Gets the key again for a replacement (wallet sends read it from storage). */
  signer: () => Promise<LocalAccount | undefined>;
  /**
   * The most it may pay per gas (wei), now and when replaced: priced down to it, refused
   * (`FEE_ABOVE_CAP`) before a nonce is given when the base fee and the tip are above it.
   */
  maxFeePerGasCap?: bigint | undefined;
};

/** A plain ETH transfer: the queued transaction with no data and `TRANSFER_GAS`. */
export type QueuedTransfer = Omit<
  QueuedTransaction,
  "to" | "gas" | "data" | "accessList" | "authorizationList" | "blobs" | "gasPriceType"
> & {
  to: Address;
};

/**
 * The unsigned transaction `item` is sent as at `nonce`: type 3 when it carries blobs, type 4
 * (set-code) when it carries an authorization list, type 0 or 1 when it asks for a gas price, type
 * 2 otherwise.
 */
export function queuedRequest(
  chainId: number,
  item: QueuedTransaction,
  nonce: number,
  fees: TransactionFees,
): QueuedRequest {
  const fields = {
    chainId,
    nonce,
    value: item.value,
    ...(item.data === undefined ? {} : { data: item.data }),
    ...(item.accessList === undefined ? {} : { accessList: item.accessList }),
    gas: item.gas,
    ...fees,
  };
  if (item.blobs !== undefined) {
    // A blob transaction always has a recipient (sendTransaction refuses one without).
    const { sidecars, blobVersionedHashes, maxFeePerBlobGas } = item.blobs;
    return {
      ...fields,
      type: "eip4844",
      to: item.to ?? null,
      sidecars,
      blobVersionedHashes,
      maxFeePerBlobGas,
    };
  }
  if (item.authorizationList !== undefined) {
    // A set-code transaction always has a recipient (sendTransaction refuses one without).
    return { ...fields, type: "eip7702", to: item.to, authorizationList: item.authorizationList };
  }
  if (item.gasPriceType !== undefined) {
    // One gas price, all of it paid: the max fee a type-2 transaction could pay at most, so that
    // it stays includable while the base fee rises (see the fee policy's headroom).
    const priced = {
      chainId,
      nonce,
      value: item.value,
      ...(item.data === undefined ? {} : { data: item.data }),
      ...(item.to === undefined ? {} : { to: item.to }),
      gas: item.gas,
      gasPrice: fees.maxFeePerGas,
    };
    return item.gasPriceType === "legacy"
      ? { ...priced, type: "legacy" }
      : { ...priced, type: "eip2930", accessList: item.accessList ?? [] };
  }
  return { ...fields, type: "eip1559", ...(item.to === undefined ? {} : { to: item.to }) };
}

/** How many of `item`'s authorizations are its sender's own, still to be signed with its nonces. */
export function selfAuthorizationCount(item: QueuedTransaction): number {
  return item.authorizationList?.filter((entry) => "self" in entry && entry.self).length ?? 0;
}
