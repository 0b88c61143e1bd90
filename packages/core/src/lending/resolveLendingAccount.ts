import type { LocalAccount } from "viem";
import { InvalidTransactionError } from "../errors/bots.js";
import { resolveSigner, type SignerSource } from "../sender/resolveSigner.js";
import type { LendingContext } from "./LendingContext.js";

/** Who signs a lending operation: exactly one of the three, as for `platform.sender.sendTransaction`. */
export type LendingSigner = {
  /** Sign with this viem account (its key stays in memory, nothing is stored). */
  account?: LocalAccount | undefined;
  /** …or with this private key (32-byte hex, never stored). */
  privateKey?: string | undefined;
  /** …or from this stored wallet. */
  fromWalletId?: number | undefined;
};

/**
 * The account that signs a lending operation. Fails with `INVALID_TRANSACTION` unless exactly one
 * signer is given, `INVALID_PRIVATE_KEY`, `WALLET_NOT_FOUND`.
 *
 * @example
 * const account = await resolveLendingAccount(ctx, { fromWalletId: 3 });
 */
export async function resolveLendingAccount(
  ctx: LendingContext,
  signer: LendingSigner,
): Promise<LocalAccount> {
  const given = [signer.account, signer.privateKey, signer.fromWalletId].filter(
    (value) => value !== undefined,
  );
  if (given.length !== 1) {
    throw new InvalidTransactionError(
      `give exactly one of account, privateKey and fromWalletId (got ${given.length}).`,
    );
  }
  // The sender's one resolver: a key through the fast signer, a wallet through the signer cache.
  return (await resolveSigner(ctx.sender, signer as SignerSource)).account;
}
