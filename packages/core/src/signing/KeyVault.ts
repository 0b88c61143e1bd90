import { gcm } from "@noble/ciphers/aes";
import { randomBytes } from "@noble/ciphers/webcrypto";
import { scryptAsync } from "@noble/hashes/scrypt";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils";
import type { Address, Hex } from "viem";
import { WalletDecryptionError, WalletLockedError } from "../errors/wallets.js";

/** Prefix of an encrypted key envelope; the version lets later releases change the scheme. */
export const KEY_ENVELOPE_PREFIX = "privnet-key:v1:";

// scrypt cost: 2^15 × 8 × 1 takes about 0.1 s in JavaScript and 32 MiB, the usual interactive choice.
const scryptParameters = { N: 2 ** 15, r: 8, p: 1, dkLen: 32 } as const;

/**
 * Seals private keys for storage and opens them again. Without a passphrase keys are stored as
 * plain `0x…` hex; with one, as `privnet-key:v1:<N>:<r>:<p>:<salt>:<iv>:<ciphertext+tag>` (scrypt
 * key derivation, AES-256-GCM, the wallet's address as associated data so that an envelope cannot
 * be moved to another wallet).
 */
export type KeyVault = {
  readonly encrypted: boolean;
  /** The value to store for `privateKey` of `address`. */
  seal(privateKey: Hex, address: Address): Promise<string>;
  /** The private key from a stored value: plain keys pass through, envelopes are decrypted. */
  open(stored: string, address: Address): Promise<Hex>;
};

/**
 * @example
 * const vault = createKeyVault("correct horse battery staple");
 * const stored = await vault.seal(privateKey, address);
 * const again = await vault.open(stored, address);
 */
export function createKeyVault(passphrase?: string): KeyVault {
  // One salt per vault: every key it seals shares one derivation, so sealing the 21 system wallets
  // costs one scrypt run, not 21. Keys derived for other salts (older envelopes) are cached too.
  const derived = new Map<string, Promise<Uint8Array>>();
  const ownSalt = bytesToHex(randomBytes(16));
  const password = passphrase === undefined ? undefined : utf8ToBytes(passphrase);

  const keyFor = (salt: string, N: number, r: number, p: number) => {
    const cacheKey = `${N}:${r}:${p}:${salt}`;
    let key = derived.get(cacheKey);
    if (!key) {
      key = scryptAsync(password as Uint8Array, hexToBytes(salt), { N, r, p, dkLen: 32 });
      derived.set(cacheKey, key);
    }
    return key;
  };

  return {
    encrypted: password !== undefined,
    async seal(privateKey, address) {
      if (password === undefined) return privateKey;
      const { N, r, p } = scryptParameters;
      const key = await keyFor(ownSalt, N, r, p);
      const iv = randomBytes(12);
      const sealed = gcm(key, iv, associatedData(address)).encrypt(hexToBytes(privateKey.slice(2)));
      return `${KEY_ENVELOPE_PREFIX}${N}:${r}:${p}:${ownSalt}:${bytesToHex(iv)}:${bytesToHex(sealed)}`;
    },
    async open(stored, address) {
      if (!stored.startsWith(KEY_ENVELOPE_PREFIX)) return stored as Hex;
      if (password === undefined) throw new WalletLockedError(address);
      const parts = stored.slice(KEY_ENVELOPE_PREFIX.length).split(":");
      const [N, r, p, salt, iv, sealed] = parts;
      if (parts.length !== 6 || !N || !r || !p || !salt || !iv || !sealed) {
        throw new WalletDecryptionError(address, "the stored envelope is malformed.");
      }
      const key = await keyFor(salt, Number(N), Number(r), Number(p));
      try {
        const plain = gcm(key, hexToBytes(iv), associatedData(address)).decrypt(hexToBytes(sealed));
        return `0x${bytesToHex(plain)}`;
      } catch (error) {
        throw new WalletDecryptionError(address, "wrong passphrase or damaged data.", error);
      }
    },
  };
}

function associatedData(address: Address) {
  return utf8ToBytes(address.toLowerCase());
}
