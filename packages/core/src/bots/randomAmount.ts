import { parseUnits } from "viem";
import type { AmountRange } from "./BotConfig.js";

/**
 * `amount` in the smallest unit, or, when `range` is set, a uniformly random amount between its
 * ends (inclusive), in steps of the smallest unit.
 *
 * @example
 * randomAmount("0.01", { min: "0.001", max: "0.1" }, 18); // e.g. 42_317_000_000_000_000n
 */
export function randomAmount(amount: string, range: AmountRange | null, decimals: number): bigint {
  if (!range) return parseUnits(amount, decimals);
  const min = parseUnits(range.min, decimals);
  const max = parseUnits(range.max, decimals);
  const span = max - min + 1n;
  // 64 random bits, reduced into the span: the bias is negligible for a traffic generator.
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  const random = (BigInt(high) << 32n) | BigInt(low);
  return min + (random % span);
}
