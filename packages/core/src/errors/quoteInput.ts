/** The longest quote of a caller's value in an error message, in characters. */
export const QUOTE_LIMIT = 40;

/**
 * A caller's value as an error message quotes it: JSON, cut to `limit` characters with "…", never
 * the whole of a large input. A value too deep to write at all (thousands of nested arrays) reads
 * "an array" or "an object" rather than overflowing the stack.
 *
 * @example
 * quoteInput("x".repeat(1_000)); // "\"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
 * quoteInput(0.5); // "0.5"
 */
export function quoteInput(value: unknown, limit = QUOTE_LIMIT): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Too deep (RangeError), a cycle or a BigInt: say what it is.
  }
  if (text === undefined) {
    if (Array.isArray(value)) return "an array";
    if (typeof value === "bigint") text = `${value}n`;
    else if (value !== null && typeof value === "object") return "an object";
    else text = String(value);
  }
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
