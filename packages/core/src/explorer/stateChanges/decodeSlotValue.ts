import { getAddress, type Hex, hexToString } from "viem";
import type { SlotPart } from "./nameStorageSlots.js";

/**
 * A variable's value read out of its slot's 32-byte word, as text by its type: integers and enums
 * in decimal, addresses checksummed, `true`/`false`, fixed bytes as hex, a short string quoted (a
 * long one: its length), anything else as the raw hex of its bytes.
 *
 * @example
 * decodeSlotValue(word, { name: "owner", type: { label: "address", … }, offset: 0, size: 20 }); // "0xAb…"
 */
export function decodeSlotValue(word: Hex, part: SlotPart): string {
  const whole = BigInt(word);
  const { label, encoding } = part.type;
  if (encoding === "bytes") return shortBytes(whole, label === "string");
  const bits = BigInt(part.size * 8);
  const value = (whole >> BigInt(part.offset * 8)) & ((1n << bits) - 1n);
  if (label === "address" || label === "address payable" || label.startsWith("contract ")) {
    return getAddress(`0x${value.toString(16).padStart(40, "0")}`);
  }
  if (label === "bool") return value === 0n ? "false" : "true";
  if (/^uint\d*$/.test(label) || label.startsWith("enum ")) return value.toString();
  if (/^int\d*$/.test(label)) {
    return (value >= 1n << (bits - 1n) ? value - (1n << bits) : value).toString();
  }
  return `0x${value.toString(16).padStart(part.size * 2, "0")}`;
}

/** Solidity's `bytes`/`string` slot: short data (≤ 31 bytes) with its length × 2 in the low byte, else length × 2 + 1. */
function shortBytes(whole: bigint, text: boolean): string {
  if ((whole & 1n) === 1n) return `(${(whole - 1n) / 2n} bytes)`;
  const length = Number((whole & 0xffn) / 2n);
  const data = `0x${whole
    .toString(16)
    .padStart(64, "0")
    .slice(0, length * 2)}` as Hex;
  return text ? JSON.stringify(hexToString(data)) : data;
}
