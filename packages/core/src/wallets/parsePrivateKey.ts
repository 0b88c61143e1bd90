import type { Hex } from "viem";
import { privateKeyToAddress } from "viem/accounts";
import { InvalidPrivateKeyError } from "../errors/wallets.js";

/**
 * Checks a private key from user input and returns it as lower-case `0x…` hex with its address.
 * Accepts 64 hex digits with or without the `0x` prefix (wallets export both); rejects anything
 * else, and keys outside the secp256k1 range, with `INVALID_PRIVATE_KEY`.
 *
 * @example
 * const { privateKey, address } = parsePrivateKey("ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80");
 */
export function parsePrivateKey(value: unknown) {
  if (typeof value !== "string") throw new InvalidPrivateKeyError("expected a hex string.");
  const digits = value.startsWith("0x") || value.startsWith("0X") ? value.slice(2) : value;
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new InvalidPrivateKeyError("it contains non-hex characters.");
  if (digits.length !== 64) {
    throw new InvalidPrivateKeyError(`expected 64 hex digits (32 bytes), got ${digits.length}.`);
  }
  const privateKey = `0x${digits.toLowerCase()}` as Hex;
  try {
    return { privateKey, address: privateKeyToAddress(privateKey) };
  } catch (error) {
    throw Object.assign(new InvalidPrivateKeyError("it is outside the secp256k1 key range."), {
      cause: error,
    });
  }
}
