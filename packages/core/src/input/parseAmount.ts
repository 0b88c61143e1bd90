import { parseEther } from "viem";
import { InvalidAmountError } from "../errors/sender.js";

/**
 * Checks an ETH amount from user input and returns it in wei. A positive decimal string with at
 * most 18 decimals: no sign, no exponent, no spaces, not zero. Numbers are refused because a
 * JavaScript number cannot hold every amount exactly. Fails with `INVALID_AMOUNT`.
 *
 * @example
 * parseAmount("0.25"); // 250000000000000000n
 */
export function parseAmount(value: unknown): bigint {
  if (typeof value !== "string") {
    throw new InvalidAmountError(value, 'expected a decimal string such as "0.25" (numbers lose precision).');
  }
  if (/^-/.test(value.trim())) throw new InvalidAmountError(value, "it is negative.");
  if (/[eE]/.test(value)) throw new InvalidAmountError(value, "exponent notation is not accepted.");
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new InvalidAmountError(value, "expected digits with an optional decimal point.");
  if ((match[2]?.length ?? 0) > 18) {
    throw new InvalidAmountError(value, "ETH has 18 decimals; the amount has more.");
  }
  const wei = parseEther(value);
  if (wei === 0n) throw new InvalidAmountError(value, "it is zero.");
  return wei;
}
