import type { PlatformContext } from "../context/PlatformContext.js";
import { WalletNotFoundError } from "../errors/wallets.js";

export type RemoveWalletReturnType = { success: true };

/**
 * Deletes a stored wallet (its history stays). Fails with `WALLET_NOT_FOUND` for an unknown id.
 * A removed system wallet is registered again on the next start.
 *
 * @example
 * await platform.wallets.remove(3); // { success: true }
 */
export async function removeWallet(ctx: PlatformContext, id: number): Promise<RemoveWalletReturnType> {
  const removed =
    typeof id === "number" && Number.isSafeInteger(id) && id > 0
      ? await ctx.storage.wallets.remove(id)
      : false;
  if (!removed) throw new WalletNotFoundError(id);
  return { success: true };
}
