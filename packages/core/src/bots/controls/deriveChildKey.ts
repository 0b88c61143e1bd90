import { concat, type Hex, hexToBigInt, keccak256, numberToHex, stringToHex } from "viem";

/** The order of secp256k1's group: a private key is a number from 1 to this, exclusive. */
const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** The seed of a bot's wallet pool when its config gives none. */
export const DEFAULT_WALLET_SEED = "privnet";

/**
 * The private key of child wallet `index` of a bot's wallet pool:
 *
 *     keccak256(rootKey ‖ keccak256(utf8(seed)) ‖ uint32be(index))
 *
 * with `rootKey` the bot's own 32-byte private key. In the 1-in-2¹²⁸ case that the hash is not a
 * valid key (zero, or not below the curve's order), it is hashed again until it is. The same key,
 * seed and index always give the same wallet: a restarted bot (or another machine with the same
 * key) finds its pool where it left it.
 *
 * @example
 * deriveChildKey("0x…bot key…", "privnet", 0); // the pool's first wallet
 */
export function deriveChildKey(rootKey: Hex, seed: string, index: number): Hex {
  if (!Number.isSafeInteger(index) || index < 0 || index > 0xffffffff) {
    throw new RangeError(`A child wallet's index is a whole number from 0 to 2^32 - 1, got ${index}.`);
  }
  let key = keccak256(concat([rootKey, keccak256(stringToHex(seed)), numberToHex(index, { size: 4 })]));
  for (;;) {
    const value = hexToBigInt(key);
    if (value > 0n && value < SECP256K1_ORDER) return key;
    key = keccak256(key);
  }
}
