import { type Address, getAddress, isAddress } from "viem";
import { InvalidAddressError } from "../errors/sender.js";

/**
 * Checks an address from user input and returns it checksummed. 20-byte hex with the 0x prefix;
 * a mixed-case address must carry a valid EIP-55 checksum (a typo in one would otherwise go
 * unnoticed), all lower or all upper case is accepted as is. Fails with `INVALID_ADDRESS`.
 *
 * @example
 * parseAddress("0x8943545177806ed17b9f23f0a21ee5948ecaa776", "to"); // "0x8943545177806ED17B9F23F0a21ee5948eCaa776"
 */
export function parseAddress(value: unknown, field = "to"): Address {
  if (typeof value !== "string") throw new InvalidAddressError(field, value, "expected a string.");
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    throw new InvalidAddressError(field, value, "expected 0x followed by 40 hex digits.");
  }
  // viem's strict check takes all lower case as unchecksummed; all upper case is that too (EIP-55).
  const allUpper = value.slice(2) === value.slice(2).toUpperCase();
  if (!allUpper && !isAddress(value, { strict: true })) {
    throw new InvalidAddressError(field, value, "the mixed-case checksum (EIP-55) does not match.");
  }
  return getAddress(value);
}
