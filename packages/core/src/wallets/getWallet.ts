import type { PlatformContext } from "../context/PlatformContext.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { StorageUnreachableError } from "../errors/storage.js";
import { WalletNotFoundError } from "../errors/wallets.js";
import type { WalletRecord } from "../storage/StorageAdapter.js";
import type { WalletDetails } from "./WalletShapes.js";

export type GetWalletReturnType = WalletDetails;

/**
 * One wallet with its balance and its private key (decrypted when encryption at rest is on).
 * Fails with `WALLET_NOT_FOUND` for an unknown id.
 *
 * @example
 * const { address, privateKey } = await platform.wallets.get(1);
 */
export async function getWallet(ctx: PlatformContext, id: number): Promise<GetWalletReturnType> {
  const wallet = await findWallet(ctx, id);
  const [privateKey, balance] = await Promise.all([
    ctx.keyVault.open(wallet.privateKey, wallet.address),
    ctx.client.getBalance({ address: wallet.address }),
  ]);
  return {
    id: wallet.id,
    name: wallet.name,
    address: wallet.address,
    balance,
    createdAt: wallet.createdAt,
    system: wallet.system,
    privateKey,
  };
}

/**
 * The stored wallet with this id, or `WALLET_NOT_FOUND` (also for ids that cannot exist). A
 * storage that fails to answer is `STORAGE_UNREACHABLE`, whatever the adapter's driver raised (a
 * dropped PostgreSQL connection can end a query with an error that carries no code).
 */
export async function findWallet(ctx: PlatformContext, id: unknown): Promise<WalletRecord> {
  const wallet =
    typeof id === "number" && Number.isSafeInteger(id) && id > 0
      ? await ctx.storage.wallets.get(id).catch((error: unknown) => {
          throw isPrivnetError(error) ? error : new StorageUnreachableError({ cause: error });
        })
      : undefined;
  if (!wallet) throw new WalletNotFoundError(id);
  return wallet;
}
