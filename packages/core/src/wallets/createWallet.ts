import { bytesToHex } from "viem";
import { english, generateMnemonic, mnemonicToAccount } from "viem/accounts";
import type { PlatformContext } from "../context/PlatformContext.js";
import { defaultWalletName } from "./defaultWalletName.js";
import type { CreatedWallet } from "./WalletShapes.js";

export type CreateWalletParameters = {
  /** Default: "Wallet 0x1234…abcd". */
  name?: string | undefined;
};

export type CreateWalletReturnType = CreatedWallet;

/**
 * Creates a wallet from a fresh 12-word BIP-39 mnemonic (key at m/44'/60'/0'/0/0) and stores its
 * key. The mnemonic is returned this once and never stored.
 *
 * @example
 * const { id, address, mnemonic } = await platform.wallets.create({ name: "alice" });
 */
export async function createWallet(
  ctx: PlatformContext,
  params: CreateWalletParameters = {},
): Promise<CreateWalletReturnType> {
  const mnemonic = generateMnemonic(english, 128);
  const account = mnemonicToAccount(mnemonic);
  const hdKey = account.getHdKey().privateKey;
  if (!hdKey) throw new Error("The mnemonic produced no private key.");
  const privateKey = bytesToHex(hdKey);
  const stored = await ctx.storage.wallets.insert({
    name: params.name?.trim() || defaultWalletName(account.address),
    address: account.address,
    privateKey: await ctx.keyVault.seal(privateKey, account.address),
    system: false,
    createdAt: new Date().toISOString(),
  });
  // A fresh key has no history on chain: its balance is zero without asking the node.
  return {
    id: stored.id,
    name: stored.name,
    address: stored.address,
    privateKey,
    balance: 0n,
    mnemonic,
  };
}
