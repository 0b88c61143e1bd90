import type { LocalAccount } from "viem";
import type { KeyVault } from "../signing/KeyVault.js";
import { toFastAccount } from "../signing/toFastAccount.js";
import type { WalletRecord } from "../storage/StorageAdapter.js";

/** Signing accounts of stored wallets, opened once and reused. */
export type WalletSigners = {
  /** The account that signs for `wallet`; decrypts its key on first use. */
  forWallet(wallet: WalletRecord): Promise<LocalAccount>;
};

/**
 * Keeps the signing account (libsecp256k1 through {@link toFastAccount}) of recently used wallets so that a burst of sends from one wallet
 * decrypts its key and derives its public key once, not per transfer (both cost far more than
 * signing). Keyed by the stored key value, so a removed and re-imported wallet is opened afresh.
 * At most `limit` accounts are kept, least recently used dropped first.
 *
 * @example
 * const signers = createWalletSigners(keyVault);
 * const account = await signers.forWallet(wallet);
 */
export function createWalletSigners(keyVault: KeyVault, limit = 1_024): WalletSigners {
  const accounts = new Map<string, Promise<LocalAccount>>();
  return {
    forWallet(wallet) {
      const key = `${wallet.address}:${wallet.privateKey}`;
      let account = accounts.get(key);
      if (account) {
        accounts.delete(key); // re-inserted below: most recently used last
      } else {
        account = keyVault
          .open(wallet.privateKey, wallet.address)
          .then((privateKey) => toFastAccount(privateKey));
        // A failed open (wrong passphrase) is not kept: the next call tries again.
        account.catch(() => accounts.delete(key));
      }
      accounts.set(key, account);
      if (accounts.size > limit) accounts.delete(accounts.keys().next().value as string);
      return account;
    },
  };
}
