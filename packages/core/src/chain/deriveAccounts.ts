import { mnemonicToSeedSync } from "@scure/bip39";
import { type Address, type Hex, toHex } from "viem";
import { HDKey, privateKeyToAddress } from "viem/accounts";

/**
 * The key at m/44'/60'/0'/0 of the last mnemonic used: the seed (2,048 rounds of PBKDF2) and the
 * four levels above an account cost far more than the account itself, and a platform derives
 * from the same (system) mnemonic many times while it starts (system wallets, bots, contracts).
 */
let parent: { mnemonic: string; key: HDKey } | undefined;

export type DerivedAccount = {
  /** Index in m/44'/60'/0'/0/<index>. */
  index: number;
  /** Checksummed. */
  address: Address;
  privateKey: Hex;
};

/**
 * Derives accounts of `mnemonic` on the standard Ethereum path m/44'/60'/0'/0/<index>, for each
 * index in `indexes`. The seed and the path above the index are computed once for the last
 * mnemonic used.
 *
 * @example
 * const [first] = deriveAccounts(SYSTEM_MNEMONIC, [0]);
 */
export function deriveAccounts(mnemonic: string, indexes: Iterable<number>): DerivedAccount[] {
  if (parent?.mnemonic !== mnemonic) {
    parent = { mnemonic, key: HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive("m/44'/60'/0'/0") };
  }
  const accounts: DerivedAccount[] = [];
  for (const index of indexes) {
    const key = parent.key.deriveChild(index).privateKey;
    if (!key) throw new Error(`No private key at index ${index}.`);
    const privateKey = toHex(key);
    accounts.push({ index, address: privateKeyToAddress(privateKey), privateKey });
  }
  return accounts;
}

/** The indexes 0 … count − 1. */
export function firstIndexes(count: number): number[] {
  return Array.from({ length: count }, (_, index) => index);
}
