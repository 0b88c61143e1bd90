import { bytesToHex } from "viem";
import type { DigestSignature } from "./SignerBackend.js";

/**
 * libsecp256k1's answer — a 64-byte compact signature (r ‖ s) and a recovery id — as viem's parts.
 * Ethereum keeps the id's low bit only (ids 2 and 3 need an r above the curve order: never seen).
 *
 * @example
 * const { r, s, yParity } = fromCompactSignature(signature, recid);
 */
export function fromCompactSignature(signature: Uint8Array, recovery: number): DigestSignature {
  return {
    r: bytesToHex(signature.subarray(0, 32)),
    s: bytesToHex(signature.subarray(32, 64)),
    yParity: (recovery & 1) as 0 | 1,
  };
}
