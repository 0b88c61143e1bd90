import type { LocalAccount } from "viem";
import { toFastAccount } from "../signing/toFastAccount.js";
import { findWallet } from "../wallets/getWallet.js";
import { parsePrivateKey } from "../wallets/parsePrivateKey.js";
import { toStorageError } from "./RecordWriter.js";
import type { SenderContext } from "./SenderContext.js";

/** Who signs: exactly one of a viem account, a private key (never stored) or a stored wallet. */
export type SignerSource =
  | { account: LocalAccount; privateKey?: undefined; fromWalletId?: undefined }
  | { account?: undefined; privateKey: string; fromWalletId?: undefined }
  | { account?: undefined; privateKey?: undefined; fromWalletId: number };

export type ResolvedSigner = {
  /** Signs now (the fast signer for a key or a stored wallet). */
  account: LocalAccount;
  /** Gets the key again later, for a replacement: a stored wallet is read again (it may be gone). */
  signer: () => Promise<LocalAccount | undefined>;
};

/**
 * The one place a sender's account comes from: a viem account as given, a private key through the
 * fast signer, a stored wallet through the platform's signer cache. A storage that fails while the
 * wallet is read is `STORAGE_UNREACHABLE` said as part of a send (nothing was sent).
 *
 * @example
 * const { account, signer } = await resolveSigner(ctx, { fromWalletId: 2 });
 */
export async function resolveSigner(ctx: SenderContext, source: SignerSource): Promise<ResolvedSigner> {
  if (source.fromWalletId !== undefined) {
    const wallet = await findWallet(ctx, source.fromWalletId).catch((error: unknown) => {
      throw toStorageError(error);
    });
    return {
      account: await ctx.signers.forWallet(wallet),
      signer: async () => {
        const current = await ctx.storage.wallets.get(wallet.id);
        return current && ctx.signers.forWallet(current);
      },
    };
  }
  const account = source.account ?? toFastAccount(parsePrivateKey(source.privateKey).privateKey);
  return { account, signer: async () => account };
}
