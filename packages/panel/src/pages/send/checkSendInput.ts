import { parseAddress, parseAmount } from "@privnet/core/internal";

// The form checks with the admin API's own rules: core's parsers, which the API runs on every send,
// so the form refuses exactly what the API would refuse, with the same message.

/**
 * Undefined when `value` is a valid recipient, else why not.
 *
 * @example
 * checkAddress("0x123"); // "`toAddress` is not a valid address (\"0x123\"): expected 0x followed by 40 hex digits."
 */
export function checkAddress(value: string): string | undefined {
  return messageOf(() => parseAddress(value, "toAddress"));
}

/**
 * Undefined when `value` is a valid ETH amount, else why not.
 *
 * @example
 * checkAmount("-1"); // "The amount \"-1\" is not valid: it is negative."
 */
export function checkAmount(value: string): string | undefined {
  return messageOf(() => parseAmount(value));
}

function messageOf(parse: () => unknown): string | undefined {
  try {
    parse();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
