import type { PlatformContext } from "../context/PlatformContext.js";
import { WalletExistsError } from "../errors/storage.js";
import { defaultWalletName } from "./defaultWalletName.js";
import { parsePrivateKey } from "./parsePrivateKey.js";
import type { ImportedWallet } from "./WalletShapes.js";

export type ImportWalletParameters = {
  /** Default: "Wallet 0x1234…abcd". */
  name?: string | undefined;
  /** 32-byte hex, with or without 0x. */
  privateKey: string;
};

export type ImportWalletReturnType = ImportedWallet;

/**
 * Stores an existing private key as a wallet. Fails with `INVALID_PRIVATE_KEY` for a malformed key
 * and `WALLET_EXISTS` when its address is already stored.
 *
 * @example
 * const { id, address, balance } = await platform.wallets.import({ privateKey: "0x…" });
 */
export async function importWallet(
  ctx: PlatformContext,
  params: ImportWalletParameters,
): Promise<ImportWalletReturnType> {
  const { privateKey, address } = parsePrivateKey(params.privateKey);
  if (await ctx.storage.wallets.getByAddress(address)) throw new WalletExistsError(address);
  const balance = await ctx.client.getBalance({ address });
  // The adapter refuses a duplicate address too, which covers an import racing this one.
  const stored = await ctx.storage.wallets.insert({
    name: params.name?.trim() || defaultWalletName(address),
    address,
    privateKey: await ctx.keyVault.seal(privateKey, address),
    system: false,
    createdAt: new Date().toISOString(),
  });
  return { id: stored.id, name: stored.name, address: stored.address, balance };
}
