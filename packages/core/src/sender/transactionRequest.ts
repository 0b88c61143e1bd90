import type {
  SignedAuthorization,
  TransactionSerializableEIP1559,
  TransactionSerializableEIP2930,
  TransactionSerializableEIP4844,
  TransactionSerializableEIP7702,
  TransactionSerializableLegacy,
} from "viem";
import {
  type Address,
  type BlobSidecars,
  concatHex,
  fromRlp,
  type Hash,
  type Hex,
  keccak256,
  type LocalAccount,
  toRlp,
} from "viem";
import { InvalidTransactionError } from "../errors/bots.js";
import type { TransactionFees } from "../fees/feePolicy.js";

/**
 * The unsigned fields of every transaction the platform signs: type 2 (transfers, calls,
 * deployments), type 4 (set-code, with its signed authorization list), type 3 (blobs), and, when
 * asked for, type 0 (legacy) and type 1 (EIP-2930, with an access list). The watcher keeps it to
 * sign a replacement with the same fields; its `type` tells which kind it is.
 */
export type TransactionRequest =
  | TransactionSerializableLegacy
  | TransactionSerializableEIP2930
  | TransactionSerializableEIP1559
  | TransactionSerializableEIP7702
  | TransactionSerializableEIP4844;

/** The types signed with one `gasPrice` instead of the two EIP-1559 fees. */
export type GasPriceType = "legacy" | "eip2930";

/** Whether `request` is priced with one gas price (type 0 or 1). */
export function isGasPriced(
  request: TransactionRequest,
): request is TransactionSerializableLegacy | TransactionSerializableEIP2930 {
  return request.type === "legacy" || request.type === "eip2930";
}

/**
 * The fees a request (or a parsed signed transaction) was sent with, as the two EIP-1559 fields:
 * a gas price counts as both (all of it may go to the producer). Undefined when it has none.
 *
 * @example
 * const fees = requestFees(parseTransaction(serialized));
 */
export function requestFees(request: {
  gasPrice?: bigint | undefined;
  maxFeePerGas?: bigint | undefined;
  maxPriorityFeePerGas?: bigint | undefined;
}): TransactionFees | undefined {
  if (request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined)
    return { maxFeePerGas: request.maxFeePerGas, maxPriorityFeePerGas: request.maxPriorityFeePerGas };
  if (request.gasPrice !== undefined)
    return { maxFeePerGas: request.gasPrice, maxPriorityFeePerGas: request.gasPrice };
  return undefined;
}

/**
 * The blobs of a type-3 transaction, computed before it is queued: the sidecars (blob,
 * commitment, proof) sent with it, the versioned hashes it signs, and its max fee per blob gas.
 */
export type QueuedBlobs = {
  sidecars: BlobSidecars<Hex>;
  blobVersionedHashes: readonly Hex[];
  maxFeePerBlobGas: bigint;
};

/**
 * The hash of a signed transaction as `eth_sendRawTransaction` takes it. A blob transaction is sent
 * wrapped with its sidecars (`0x03 || rlp([body, blobs, commitments, proofs])`), but its hash
 * covers the body alone (`keccak256(0x03 || rlp(body))`).
 *
 * @example
 * const hash = transactionHash(await account.signTransaction(request));
 */
export function transactionHash(serialized: Hex): Hash {
  if (!serialized.startsWith("0x03")) return keccak256(serialized);
  const fields = fromRlp(`0x${serialized.slice(4)}`, "hex");
  const wrapped = Array.isArray(fields[0]);
  if (!wrapped) return keccak256(serialized);
  return keccak256(concatHex(["0x03", toRlp(fields[0] as Hex[])]));
}

/**
 * An authorization of the sender itself that is signed only once its transaction has a nonce:
 * the sender's nonce is raised by the transaction before the authorization is checked, so the
 * authorization carries the transaction's nonce + 1 (+ 1 for each self authorization before it).
 */
export type SelfAuthorization = { address: Address; chainId: number; self: true };

/** An entry of a queued authorization list: signed already, or the sender's own, signed with its nonce. */
export type QueuedAuthorization = SignedAuthorization | SelfAuthorization;

/** A {@link TransactionRequest} whose authorization list may still hold the sender's own, unsigned. */
export type QueuedRequest =
  | TransactionSerializableLegacy
  | TransactionSerializableEIP2930
  | TransactionSerializableEIP1559
  | TransactionSerializableEIP4844
  | (Omit<TransactionSerializableEIP7702, "authorizationList"> & {
      authorizationList: readonly QueuedAuthorization[];
    });

/**
 * Signs the sender's own authorizations of `request` with the nonces after the transaction's:
 * the transaction's nonce + 1 for the first, + 2 for the next. Other requests come back as they are.
 *
 * @example
 * const signable = await signSelfAuthorizations(account, request);
 */
export async function signSelfAuthorizations(
  account: LocalAccount,
  request: QueuedRequest,
): Promise<TransactionRequest> {
  // Only a set-code request carries the sender's own authorizations; the others are signable as they are.
  if (request.type !== "eip7702") return request as TransactionRequest;
  const authorizationList = await signAuthorizationList(
    account,
    request.authorizationList,
    request.nonce ?? 0,
  );
  return { ...request, authorizationList };
}

/**
 * `list` with the sender's own entries signed by `account` for a transaction at `transactionNonce`
 * (the first at `transactionNonce + 1`, the next at `+ 2`, …); signed entries are kept as they are.
 */
export function signAuthorizationList(
  account: LocalAccount,
  list: readonly QueuedAuthorization[],
  transactionNonce: number,
): Promise<SignedAuthorization[]> {
  let nonce = transactionNonce;
  return Promise.all(
    list.map(async (entry) => {
      if (!("self" in entry)) return entry;
      if (!account.signAuthorization) {
        throw new InvalidTransactionError("the sending account cannot sign an authorization.");
      }
      nonce += 1;
      return account.signAuthorization({ address: entry.address, chainId: entry.chainId, nonce });
    }),
  );
}
