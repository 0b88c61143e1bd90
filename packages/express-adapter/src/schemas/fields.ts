import { parseAddress, parseAmount, parsePrivateKey } from "@privnet/core/internal";
import { checkedByCore } from "@privnet/http";
import { z } from "zod";

// Fields shared by several routes: outputs as the SDK returns them, inputs checked by core's own
// parsers so that the API and the SDK agree on what is valid.

/** ISO 8601 UTC with milliseconds, e.g. 2026-11-22T08:00:00.000Z. */
export const isoTimestamp = z.iso.datetime({ precision: 3 }).describe("ISO 8601 UTC with milliseconds.");

/** A checksummed address in an answer. */
export const addressOutput = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .describe("EIP-55 checksummed address.");

/** Decimal ETH in an answer, e.g. "1.5". */
export const ethOutput = z
  .string()
  .regex(/^\d+(\.\d{1,18})?$/)
  .describe('Decimal ETH, e.g. "1.5".');

export const privateKeyOutput = z
  .string()
  .regex(/^0x[0-9a-f]{64}$/)
  .describe("32-byte private key, lower-case hex with 0x.");

/** Decimal ETH amount to send: positive, at most 18 decimals, a string. */
export const amountInput = (field: string) =>
  checkedByCore(parseAmount, {
    type: "string",
    pattern: "^\\d+(\\.\\d{1,18})?$",
    description: `${field}: decimal ETH as a string, positive, at most 18 decimals (numbers are refused: they lose precision).`,
    examples: ["0.25"],
  });

/** An address from the client: 0x + 40 hex; mixed case must carry a valid EIP-55 checksum. */
export const addressInput = (field: string) =>
  checkedByCore((value) => parseAddress(value, field), {
    type: "string",
    pattern: "^0x[0-9a-fA-F]{40}$",
    description: "0x and 40 hex digits; a mixed-case address must carry a valid EIP-55 checksum.",
    examples: ["0x8943545177806ED17B9F23F0a21ee5948eCaa776"],
  });

/** A private key from the client: 64 hex digits, 0x optional. */
export const privateKeyInput = checkedByCore(parsePrivateKey, {
  type: "string",
  pattern: "^(0[xX])?[0-9a-fA-F]{64}$",
  description: "32-byte private key: 64 hex digits, with or without 0x. Never stored by send-direct.",
});

/** A wallet id in a JSON body: a positive integer. */
export const walletIdInput = z
  .int({
    error: (issue) =>
      issue.input === undefined ? "is required" : "must be a wallet id (a positive integer)",
  })
  .positive({ error: "must be a wallet id (a positive integer)" })
  .describe("Id of a stored wallet.");

/** A wallet id in the path: digits only, a safe positive integer. */
export const walletIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: "must be a wallet id (a positive integer)" })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: "must be a wallet id (a positive integer)" })
    .describe("Wallet id."),
});

/** A wallet name: optional, trimmed, at most 100 characters; empty gives the default name. */
export const walletNameInput = z
  .string({ error: "must be a string" })
  .max(100, { error: "must be at most 100 characters" })
  .optional()
  .describe('Display name. Default: "Wallet 0x1234…abcd".');

/** A query parameter that is a positive safe integer (`limit`, `before`), refused with `must be ${what}`. */
export const positiveIntegerQuery = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: `must be ${what}` })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: `must be ${what}` });
