import type { GuardedContext } from "../context/OperationGuard.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { type CreateWalletParameters, createWallet } from "./createWallet.js";
import { getWallet } from "./getWallet.js";
import { type ImportWalletParameters, importWallet } from "./importWallet.js";
import { listWallets } from "./listWallets.js";
import { removeWallet } from "./removeWallet.js";

/** What `platform.wallets` needs: the platform's storage, key vault and events. */
export type WalletActionsContext = GuardedContext & PlatformContext;

/** `platform.wallets`: create, import, list, read and remove the platform's wallets. */
export function walletActions(ctx: WalletActionsContext) {
  return {
    /** Creates a wallet with a new random key; see {@link createWallet}. */
    create: (params?: CreateWalletParameters) => ctx.guard(() => createWallet(ctx, params)),
    /** Stores a wallet for a private key you have; see {@link importWallet}. */
    import: (params: ImportWalletParameters) => ctx.guard(() => importWallet(ctx, params)),
    /** Every wallet with its balances; see {@link listWallets}. */
    list: () => ctx.guard(() => listWallets(ctx)),
    /** One wallet by id, with its balances; see {@link getWallet}. */
    get: (id: number) => ctx.guard(() => getWallet(ctx, id)),
    /** Removes a wallet; see {@link removeWallet}. */
    remove: (id: number) => ctx.guard(() => removeWallet(ctx, id)),
  };
}

/** The operations of `platform.wallets`. */
export type WalletActions = ReturnType<typeof walletActions>;
