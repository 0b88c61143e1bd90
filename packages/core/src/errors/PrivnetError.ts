import type { ErrorCode } from "./errorCodes.js";
import { PrivnetError } from "./PrivnetErrorBase.js";
import type { PrivnetErrorOf } from "./PrivnetErrorTypes.js";

export { type ErrorCode, errorCodes } from "./errorCodes.js";
export { PrivnetError, type PrivnetErrorOptions } from "./PrivnetErrorBase.js";

/**
 * True when `error` is a {@link PrivnetError}; given a code, true only for that code, and then the
 * error is narrowed to that code's class and fields (see {@link PrivnetErrorTypes}).
 *
 * @example
 * try {
 *   await platform.lending.borrow({ privateKey, token: "USDC", amount: "1000" });
 * } catch (error) {
 *   if (isPrivnetError(error, "PRICE_STALE")) console.log(error.symbol, error.ageSeconds);
 *   else if (isPrivnetError(error)) console.log(error.code, error.shortMessage);
 *   else throw error;
 * }
 */
export function isPrivnetError<const Code extends ErrorCode>(
  error: unknown,
  code: Code,
): error is PrivnetErrorOf<Code>;
export function isPrivnetError(error: unknown): error is PrivnetError;
export function isPrivnetError(error: unknown, code?: ErrorCode): error is PrivnetError {
  return error instanceof PrivnetError && (code === undefined || error.code === code);
}
