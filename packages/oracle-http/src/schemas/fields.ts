import { parsePrice, parseSymbol } from "@privnet/core/internal";
import { checkedByCore } from "@privnet/http";
import { z } from "zod";

// Fields shared by the oracle's routes. Inputs are checked by core's own parsers, so that the API
// and the SDK accept exactly the same values and refuse the rest with the same code and message.

export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .describe("Checksummed address (ETH: 0xEeee…EEeE).");

export const decimalPrice = z
  .string()
  .regex(/^\d+(\.\d{1,18})?$/)
  .describe('USD, decimal string, e.g. "1999.87".');

/** Unix seconds, an integer. */
export const unixSeconds = z.int().nonnegative();

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T08:00:00.000Z. */
export const isoTimestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds.");

export const symbolInput = checkedByCore(parseSymbol, {
  type: "string",
  pattern: "^\\s*[A-Za-z0-9]{1,11}\\s*$",
  description: 'Token symbol, 1 to 11 letters or digits, case-insensitive: "ETH", "PRIV", "USDC", "DAI", …',
  examples: ["ETH"],
});

export const symbolParams = z.object({ symbol: symbolInput });

export const priceInput = checkedByCore<string | number>(parsePrice, {
  type: ["string", "number"],
  description: 'Positive USD price, at most 18 decimals: "2500.5" or 2500.5.',
  examples: ["2500.5"],
});

/** A price key given with set-price: any 0x + 40 hex address, as core's `setPrice` takes it. */
export const addressInput = z
  .string({ error: "must be a string" })
  .nullable()
  .optional()
  .describe(
    "Price key of a new symbol. Default: keccak256('privnet:oracle:' + SYMBOL), last 20 bytes. A known symbol keeps its own.",
  );
