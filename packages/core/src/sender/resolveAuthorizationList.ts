import type { LocalAccount, SignedAuthorization } from "viem";
import { isAddressEqual, isHex } from "viem";
import { InvalidTransactionError } from "../errors/bots.js";
import { parseAddress } from "../input/parseAddress.js";
import { resolveSigner, type SignerSource } from "./resolveSigner.js";
import type { SenderContext } from "./SenderContext.js";
import type { QueuedAuthorization } from "./transactionRequest.js";

/**
 * An EIP-7702 authorization for privnet to sign: the account named here (the sender when none is)
 * delegates its code to `contractAddress` (alias `address`).
 */
export type AuthorizationRequest = {
  /** The contract whose code the account takes on. */
  contractAddress?: string | undefined;
  /** Same as `contractAddress` (viem's name for it). */
  address?: string | undefined;
  /** Default: the platform's chain. 0 authorizes on every chain. */
  chainId?: number | undefined;
  /**
   * The authorizing account's nonce. Default: its next one — for the sender itself, the one after
   * the transaction's (the transaction raises it first), decided when the transaction gets its nonce.
   */
  nonce?: number | undefined;
  /** Signs with this viem account… */
  account?: LocalAccount | undefined;
  /** …or this private key (never stored)… */
  privateKey?: string | undefined;
  /** …or this stored wallet. None of the three: the transaction's sender signs it. */
  fromWalletId?: number | undefined;
};

/** An entry of `authorizationList`: signed already (viem's `signAuthorization`), or for privnet to sign. */
export type AuthorizationListEntry = SignedAuthorization | AuthorizationRequest;

/**
 * Checks every entry of an authorization list and signs the requests, each with its own account
 * (the fast signer for keys and wallets). Entries of the sender itself without a nonce stay
 * unsigned ({@link QueuedAuthorization}): their nonce follows the transaction's, which only the
 * nonce manager knows. `INVALID_TRANSACTION` (`INVALID_ADDRESS`, `INVALID_PRIVATE_KEY`,
 * `WALLET_NOT_FOUND`) before anything is sent.
 *
 * @example
 * const list = await resolveAuthorizationList(ctx, [{ contractAddress: delegate, privateKey }], sender);
 */
export async function resolveAuthorizationList(
  ctx: SenderContext,
  list: unknown,
  sender: LocalAccount,
): Promise<QueuedAuthorization[]> {
  if (!Array.isArray(list) || list.length === 0) {
    throw new InvalidTransactionError("`authorizationList` must be a non-empty array of authorizations.");
  }
  const resolved: QueuedAuthorization[] = [];
  for (const [index, entry] of list.entries()) {
    const where = `authorizationList[${index}]`;
    if (typeof entry !== "object" || entry === null)
      throw new InvalidTransactionError(`${where} must be an object.`);
    resolved.push(
      isSigned(entry)
        ? checkSigned(entry, where)
        : await signRequest(ctx, entry as AuthorizationRequest, sender, where),
    );
  }
  return resolved;
}

function isSigned(entry: object): entry is SignedAuthorization {
  return "r" in entry && "s" in entry;
}

function checkSigned(entry: SignedAuthorization, where: string): SignedAuthorization {
  const address = parseAddress(String(entry.address), `${where}.address`);
  checkUint(entry.chainId, `${where}.chainId`);
  checkUint(entry.nonce, `${where}.nonce`);
  for (const field of ["r", "s"] as const) {
    if (!isHex(entry[field], { strict: true }))
      throw new InvalidTransactionError(`${where}.${field} must be hex.`);
  }
  if (entry.yParity === undefined && entry.v === undefined) {
    throw new InvalidTransactionError(`${where} needs its yParity.`);
  }
  return { ...entry, address };
}

async function signRequest(
  ctx: SenderContext,
  entry: AuthorizationRequest,
  sender: LocalAccount,
  where: string,
): Promise<QueuedAuthorization> {
  if (entry.contractAddress !== undefined && entry.address !== undefined) {
    throw new InvalidTransactionError(`${where}: give contractAddress or address, not both.`);
  }
  const target = entry.contractAddress ?? entry.address;
  if (typeof target !== "string") throw new InvalidTransactionError(`${where}.contractAddress is required.`);
  const address = parseAddress(target, `${where}.contractAddress`);
  const chainId = entry.chainId ?? ctx.chain.id;
  checkUint(chainId, `${where}.chainId`);
  if (entry.nonce !== undefined) checkUint(entry.nonce, `${where}.nonce`);
  const signers = [entry.account, entry.privateKey, entry.fromWalletId].filter((v) => v !== undefined);
  if (signers.length > 1) {
    throw new InvalidTransactionError(`${where}: give at most one of account, privateKey and fromWalletId.`);
  }
  const account = await authorizingAccount(ctx, entry, sender);
  if (!account.signAuthorization)
    throw new InvalidTransactionError(`${where}: the account cannot sign authorizations.`);
  const self = isAddressEqual(account.address, sender.address);
  if (self && entry.nonce === undefined) return { address, chainId, self: true };
  const nonce =
    entry.nonce ?? (await ctx.client.getTransactionCount({ address: account.address, blockTag: "pending" }));
  return account.signAuthorization({ address, chainId, nonce });
}

async function authorizingAccount(
  ctx: SenderContext,
  entry: AuthorizationRequest,
  sender: LocalAccount,
): Promise<LocalAccount> {
  if (entry.account === undefined && entry.privateKey === undefined && entry.fromWalletId === undefined)
    return sender;
  return (await resolveSigner(ctx, entry as SignerSource)).account;
}

function checkUint(value: unknown, where: string): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidTransactionError(`${where} must be a non-negative integer.`);
  }
}
