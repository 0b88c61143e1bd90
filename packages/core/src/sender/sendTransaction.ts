import type { AccessList, Address, Hex, LocalAccount } from "viem";
import { isHex } from "viem";
import { InvalidTransactionError } from "../errors/bots.js";
import { parseAddress } from "../input/parseAddress.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { type EstimateTransactionGasParameters, estimateTransactionGas } from "./estimateTransactionGas.js";
import { prepareBlobs } from "./prepareBlobs.js";
import { type AuthorizationListEntry, resolveAuthorizationList } from "./resolveAuthorizationList.js";
import { resolveSigner, type SignerSource } from "./resolveSigner.js";
import type { SenderContext } from "./SenderContext.js";
import { type QueuedAuthorization, signAuthorizationList } from "./transactionRequest.js";

export type SendTransactionParameters = {
  /** Sign with this viem account (its key stays in memory, nothing is stored). */
  account?: LocalAccount | undefined;
  /** …or with this private key (32-byte hex, never stored). */
  privateKey?: string | undefined;
  /** …or from this stored wallet. Exactly one of the three. */
  fromWalletId?: number | undefined;
  /** Recipient or called contract. Leave out to deploy `data` as a contract's init code. */
  to?: string | undefined;
  /** Wei. Default: 0. */
  value?: bigint | undefined;
  /** Call data, or init code for a deployment. */
  data?: Hex | undefined;
  /** Gas limit. Default: the node's estimate + 20 % (exactly 21,000 for a plain transfer). */
  gas?: bigint | undefined;
  /**
   * EIP-2930 access list, signed into the (type 2) transaction as given and used for the gas
   * estimate: addresses and storage slots the transaction will touch, paid for up front.
   */
  accessList?: AccessList | undefined;
  /**
   * EIP-7702 authorizations: sent as a set-code transaction (type 4), after which each authorizing
   * account's code delegates to its contract. An entry is signed already (viem's
   * `signAuthorization`) or a request privnet signs — by its `account`, `privateKey` or
   * `fromWalletId`, by the sender when none is given (then with the nonce after the transaction's).
   * Needs `to`.
   */
  authorizationList?: readonly AuthorizationListEntry[] | undefined;
  /**
   * EIP-4844 blobs (up to 6 whole blobs of 131,072 bytes: viem's `toBlobs` makes them from data):
   * sent as a blob transaction (type 3) with their KZG commitments and proofs, computed here.
   * Needs `to` and a node past Cancun.
   */
  blobs?: readonly Hex[] | readonly Uint8Array[] | undefined;
  /** Max fee per blob gas, in wei. Default: twice the current blob base fee. */
  maxFeePerBlobGas?: bigint | undefined;
  /**
   * The envelope of a plain transfer, call or deployment: `"eip1559"` (type 2, the default),
   * `"eip2930"` (type 1: one gas price and an access list, empty when none is given) or `"legacy"`
   * (type 0: one gas price, EIP-155 replay protection, no access list). A type-0 or type-1
   * transaction's gas price is the fee policy's max fee, raised like it on replacement. Blobs and
   * authorizations set their own type (3, 4) and take no other.
   */
  type?: "legacy" | "eip2930" | "eip1559" | undefined;
  /** Recorded with the transaction. Default: "sdk". */
  source?: string | undefined;
  /**
   * The most the transaction may pay per gas, in wei, now and when it is replaced (a base fee
   * that passes its max fee has it replaced at once at the market fee): its max fee is brought
   * down to the cap when the fee rule asks more, and the send is refused before a nonce is taken
   * (`FEE_ABOVE_CAP`) when the base fee and the tip are above it; a replacement above it is not
   * sent (the transaction waits for the base fee to fall). Default: none.
   */
  maxFeePerGasCap?: bigint | undefined;
};

/** How a sent transaction ended: its final record and why (`confirmed`, `reverted`, `dropped: …`). */
export type SettledTransaction = { record: TransactionRecord; reason: string };

export type SendTransactionReturnType = {
  /** The history record, status `pending` (or already final on an automining node). */
  record: TransactionRecord;
  /** The address the contract gets, for a deployment; null otherwise. */
  contractAddress: Address | null;
  /** Resolves once the transaction is confirmed or failed (reverted, dropped, chain reset). */
  wait(): Promise<SettledTransaction>;
};

/**
 * Sends any transaction — a transfer, a contract call, a deployment, of type 0, 1 or 2, with blobs
 * (type 3) or authorizations (type 4) — through the address's nonce
 * manager, with the same guarantees as a transfer: consecutive nonces under the storage's lock,
 * classification of node errors, resync, higher-fee replacement of stuck transactions, gap
 * filling, and a history record (`to` is the new contract's address for a deployment). Resolves as
 * soon as the node accepted it. The gas limit is the node's estimate + 20 % unless given; a call
 * that would revert is refused before a nonce is taken (`TRANSACTION_REJECTED`).
 *
 * @example
 * const sent = await platform.sender.sendTransaction({ fromWalletId: 1, data: bytecode });
 * const { record } = await sent.wait(); // record.to === sent.contractAddress
 */
export async function sendTransaction(
  ctx: SenderContext,
  params: SendTransactionParameters,
  /** For `deployCreate2`: the call to the factory creates this contract, recorded as `to`. */
  internal: { createdAddress?: Address } = {},
): Promise<SendTransactionReturnType> {
  const { to, value, data, accessList, type } = checkParameters(params);
  const { account, signer } = await resolveSigner(ctx, params as SignerSource);

  const authorizationList =
    params.authorizationList === undefined
      ? undefined
      : await resolveAuthorizationList(ctx, params.authorizationList, account);

  // Commitments and proofs are computed here, before a nonce is taken: a slow part stays out of
  // the nonce manager's hold, and a node before Cancun is refused first.
  const blobs =
    params.blobs === undefined
      ? undefined
      : await prepareBlobs(ctx, { blobs: params.blobs, maxFeePerBlobGas: params.maxFeePerBlobGas });

  const gas =
    params.gas ?? (await estimate(ctx, account, { to, value, data, accessList, blobs, authorizationList }));
  const sent = await ctx.nonceManager(account.address).sendTransaction({
    account,
    to,
    value,
    data,
    ...(accessList === undefined ? {} : { accessList }),
    ...(authorizationList === undefined ? {} : { authorizationList }),
    ...(blobs === undefined ? {} : { blobs }),
    ...(type === "eip1559" ? {} : { gasPriceType: type }),
    gas,
    source: params.source ?? "sdk",
    signer,
    createdAddress: internal.createdAddress,
    maxFeePerGasCap: params.maxFeePerGasCap,
  });
  return {
    record: sent.record,
    contractAddress: internal.createdAddress ?? (to === undefined ? sent.record.to : null),
    wait: () =>
      sent.record.status === "pending"
        ? ctx.watcher.settled(sent.watched)
        : Promise.resolve({ record: sent.record, reason: sent.record.status }),
  };
}

/** The gas limit estimated for the transaction, with the sender's own authorizations signed for it. */
async function estimate(
  ctx: SenderContext,
  account: LocalAccount,
  fields: Omit<EstimateTransactionGasParameters, "from" | "authorizationList"> & {
    authorizationList?: readonly QueuedAuthorization[] | undefined;
  },
) {
  const { to, value, data, accessList, blobs, authorizationList } = fields;
  return estimateTransactionGas(ctx, {
    from: account.address,
    to,
    value,
    data,
    accessList,
    blobs,
    // The sender's own authorizations signed for the estimate with the nonce they will likely
    // get; the nonce manager signs them again with the transaction's real nonce.
    ...(authorizationList === undefined
      ? {}
      : {
          authorizationList: await signAuthorizationList(
            account,
            authorizationList,
            await ctx.client.getTransactionCount({ address: account.address, blockTag: "pending" }),
          ),
        }),
  });
}

/** The parameters checked before anything is read or signed; what the send goes on with. */
function checkParameters(params: SendTransactionParameters) {
  const senders = [params.account, params.privateKey, params.fromWalletId].filter((v) => v !== undefined);
  if (senders.length !== 1) {
    throw new InvalidTransactionError(
      `give exactly one of account, privateKey and fromWalletId (got ${senders.length}).`,
    );
  }
  const to = params.to === undefined ? undefined : parseAddress(params.to, "to");
  const value = params.value ?? 0n;
  if (typeof value !== "bigint" || value < 0n) {
    throw new InvalidTransactionError("`value` must be a non-negative bigint (wei).");
  }
  const data = params.data;
  if (data !== undefined && (!isHex(data, { strict: true }) || data.length % 2 !== 0)) {
    throw new InvalidTransactionError("`data` must be 0x-prefixed hex of whole bytes.");
  }
  if (to === undefined && (data === undefined || data === "0x")) {
    throw new InvalidTransactionError("a deployment (no `to`) needs the init code in `data`.");
  }
  if (params.gas !== undefined && (typeof params.gas !== "bigint" || params.gas <= 0n)) {
    throw new InvalidTransactionError("`gas` must be a positive bigint.");
  }
  const accessList = params.accessList === undefined ? undefined : parseAccessList(params.accessList);
  if (params.authorizationList !== undefined && to === undefined) {
    throw new InvalidTransactionError(
      "a set-code transaction (`authorizationList`) needs `to`; it cannot deploy.",
    );
  }
  if (params.blobs !== undefined && to === undefined) {
    throw new InvalidTransactionError("a blob transaction (`blobs`) needs `to`; it cannot deploy.");
  }
  if (params.blobs !== undefined && params.authorizationList !== undefined) {
    throw new InvalidTransactionError(
      "a transaction carries either `blobs` or an `authorizationList`, not both.",
    );
  }
  const type = params.type ?? "eip1559";
  if (type !== "eip1559" && type !== "eip2930" && type !== "legacy") {
    throw new InvalidTransactionError('`type` must be "legacy", "eip2930" or "eip1559".');
  }
  if (type !== "eip1559" && (params.blobs !== undefined || params.authorizationList !== undefined)) {
    throw new InvalidTransactionError(
      `a ${params.blobs !== undefined ? "blob" : "set-code"} transaction has its own type; leave \`type\` out.`,
    );
  }
  if (type === "legacy" && params.accessList !== undefined) {
    throw new InvalidTransactionError(
      'a legacy transaction (type 0) has no access list: use type "eip2930" or "eip1559".',
    );
  }
  const cap = params.maxFeePerGasCap;
  if (cap !== undefined && (typeof cap !== "bigint" || cap <= 0n)) {
    throw new InvalidTransactionError("`maxFeePerGasCap` must be a positive bigint (wei per gas).");
  }
  if (params.maxFeePerBlobGas !== undefined && params.blobs === undefined) {
    throw new InvalidTransactionError("`maxFeePerBlobGas` is for a blob transaction: give `blobs` too.");
  }
  return { to, value, data, accessList, type };
}

/** An access list checked entry by entry: addresses and 32-byte storage keys, as hex. */
function parseAccessList(list: unknown): AccessList {
  if (!Array.isArray(list))
    throw new InvalidTransactionError("`accessList` must be an array of { address, storageKeys }.");
  return list.map((entry, index) => {
    const { address, storageKeys } = (entry ?? {}) as { address?: unknown; storageKeys?: unknown };
    const where = `accessList[${index}]`;
    if (typeof address !== "string")
      throw new InvalidTransactionError(`${where}.address must be an address.`);
    const parsed = parseAddress(address, `${where}.address`);
    if (!Array.isArray(storageKeys))
      throw new InvalidTransactionError(`${where}.storageKeys must be an array.`);
    for (const [keyIndex, key] of storageKeys.entries()) {
      if (typeof key !== "string" || !isHex(key, { strict: true }) || key.length !== 66) {
        throw new InvalidTransactionError(`${where}.storageKeys[${keyIndex}] must be a 32-byte hex string.`);
      }
    }
    return { address: parsed, storageKeys: storageKeys as Hex[] };
  });
}
