import { InvalidSymbolError } from "../errors/oracle.js";

/**
 * A token symbol in its canonical form: trimmed, upper case. Symbols match case-insensitively
 * ("eth" is ETH). Fails with `INVALID_SYMBOL` unless it is 1 to 11 letters or digits.
 *
 * @example
 * parseSymbol(" usdc "); // "USDC"
 */
export function parseSymbol(value: unknown): string {
  if (typeof value !== "string") throw new InvalidSymbolError(value);
  const symbol = value.trim().toUpperCase();
  if (!/^[A-Z0-9]{1,11}$/.test(symbol)) throw new InvalidSymbolError(value);
  return symbol;
}
