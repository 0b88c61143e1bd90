import { mnemonicToSeedSync } from "@scure/bip39";
import { type Address, type Hex, toHex } from "viem";
import { HDKey, privateKeyToAddress } from "viem/accounts";

export type DerivedAccount = {
  /** Index in m/44'/60'/0'/0/<index>. */
  index: number;
  /** Checksummed. */
  address: Address;
  privateKey: Hex;
};

/**
 * Derives accounts of `mnemonic` on the standard Ethereum path m/44'/60'/0'/0/<index>, for each
 * index in `indexes`. The seed is computed once for all of them.
 *
 * @example
 * const [first] = deriveAccounts(SYSTEM_MNEMONIC, [0]);
 */
export function deriveAccounts(mnemonic: string, indexes: Iterable<number>): DerivedAccount[] {
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const accounts: DerivedAccount[] = [];
  for (const index of indexes) {
    const key = root.derive(`m/44'/60'/0'/0/${index}`).privateKey;
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
