import type { PlatformContext } from "../context/PlatformContext.js";
import { readBalances } from "./readBalances.js";
import type { WalletSummary } from "./WalletShapes.js";

export type ListWalletsReturnType = WalletSummary[];

/**
 * Every stored wallet, oldest first, with its balance; no private keys. All balances are read in
 * one JSON-RPC round trip (see {@link readBalances}).
 *
 * @example
 * for (const wallet of await platform.wallets.list()) console.log(wallet.name, wallet.balance);
 */
export async function listWallets(ctx: PlatformContext): Promise<ListWalletsReturnType> {
  const wallets = await ctx.storage.wallets.list();
  const balances = await readBalances(
    ctx.client,
    wallets.map((wallet) => wallet.address),
  );
  return wallets.map((wallet, index) => ({
    id: wallet.id,
    name: wallet.name,
    address: wallet.address,
    balance: balances[index] ?? 0n,
    createdAt: wallet.createdAt,
    system: wallet.system,
  }));
}
