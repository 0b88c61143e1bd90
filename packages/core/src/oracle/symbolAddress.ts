import { type Address, getAddress, keccak256, stringToBytes } from "viem";

/**
 * The price key of a symbol that has no token contract: the last 20 bytes of
 * keccak256("privnet:oracle:" + SYMBOL), checksummed. Deterministic, so every process and every
 * restart agrees on it, and the prefix keeps it apart from any real contract address.
 *
 * @example
 * symbolAddress("WBTC"); // the same address everywhere
 */
export function symbolAddress(symbol: string): Address {
  const hash = keccak256(stringToBytes(`privnet:oracle:${symbol.toUpperCase()}`));
  return getAddress(`0x${hash.slice(-40)}`);
}
