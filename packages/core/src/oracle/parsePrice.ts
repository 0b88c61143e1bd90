import { formatEther, maxUint128, parseEther } from "viem";
import { InvalidPriceError } from "../errors/oracle.js";

/**
 * Reads a USD price given as a decimal string ("1999.5") or a number (1999.5) into the oracle's
 * 1e18-scaled integer. Fails with `INVALID_PRICE` for zero, a negative, not a number, more than 18
 * decimals, an exponent, or more than the contract stores (uint128).
 *
 * @example
 * parsePrice("2000.25"); // 2000250000000000000000n
 */
export function parsePrice(value: unknown): bigint {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new InvalidPriceError(value, "not a finite number.");
    text = String(value);
  } else if (typeof value === "string") {
    text = value.trim();
  } else {
    throw new InvalidPriceError(value, "not a number or a decimal string.");
  }
  if (text.startsWith("-")) throw new InvalidPriceError(value, "must be positive.");
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(text)) throw new InvalidPriceError(value, "not a decimal number.");
  const decimals = text.split(".")[1] ?? "";
  if (decimals.length > 18) throw new InvalidPriceError(value, "more than 18 decimals.");
  const wei = parseEther(text);
  if (wei === 0n) throw new InvalidPriceError(value, "must be positive.");
  if (wei > maxUint128)
    throw new InvalidPriceError(value, `more than the oracle stores (${formatEther(maxUint128)}).`);
  return wei;
}

/** A simulated price (USD, float) as the oracle's integer, to 8 decimals and never below 1e-8. */
export function priceFromNumber(price: number): bigint {
  const wei = parseEther(price.toFixed(8));
  return wei > 0n ? wei : 10n ** 10n;
}
