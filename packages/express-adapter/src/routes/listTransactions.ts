import {
  InvalidQueryError,
  isTransactionKind,
  MAX_SOURCE_LENGTH,
  TRANSACTION_KINDS,
  TRANSACTION_SOURCES,
} from "@privnet/core";
import { defineRoute } from "@privnet/http";
import { BUILTIN_SCENARIO_NAMES as BUILTIN_BOT_NAMES } from "@privnet/scenarios";
import { z } from "zod";
import { addressInput, positiveIntegerQuery } from "../schemas/fields.js";
import { toTransactionEntryBody, transactionEntry } from "../schemas/transactions.js";

/** The admin API answers at most this many history entries per request. */
export const MAX_HISTORY_PAGE = 100;

export const listTransactionsQuery = z.object({
  limit: positiveIntegerQuery(`an integer from 1 to ${MAX_HISTORY_PAGE}`)
    .refine((limit) => limit <= MAX_HISTORY_PAGE, {
      error: `must be an integer from 1 to ${MAX_HISTORY_PAGE}`,
    })
    .optional()
    .describe(`Entries to return, 1 to ${MAX_HISTORY_PAGE}. Default ${MAX_HISTORY_PAGE}.`),
  before: positiveIntegerQuery("a positive integer id")
    .optional()
    .describe("Cursor: only entries with a lower id (pass the last id of the previous page)."),
  address: addressInput("address").optional().describe("Only transactions sent from or to this address."),
  source: z
    .string()
    .min(1, { error: "must not be empty" })
    .max(MAX_SOURCE_LENGTH, { error: `must be at most ${MAX_SOURCE_LENGTH} characters` })
    .optional()
    .describe(
      `Only transactions sent by this: ${Object.entries(TRANSACTION_SOURCES)
        .map(([source, what]) => `\`${source}\` (${what})`)
        .join(
          ", ",
        )}, or a bot's name (${BUILTIN_BOT_NAMES.map((name) => `\`${name}\``).join(", ")}, a custom bot's). Anything else is 400.`,
    ),
  kind: z
    .string()
    .optional()
    .describe(
      `Only transactions of this kind: ${TRANSACTION_KINDS.map((kind) => `\`${kind}\``).join(", ")}. Anything else is 400.`,
    ),
});

export const listTransactions = defineRoute({
  method: "get",
  path: "/transactions",
  operationId: "listTransactions",
  summary: "Transaction history, newest first",
  description: `At most ${MAX_HISTORY_PAGE} entries; page with \`before\`; filter by \`address\`, by what sent them (\`source\`) and by what they do (\`kind\`).`,
  tag: "transactions",
  query: listTransactionsQuery,
  response: z.array(transactionEntry),
  errors: {
    400: "`limit`, `before` or `address` is malformed (VALIDATION_FAILED, INVALID_ADDRESS), or `source` is not a known source (INVALID_QUERY).",
    503: "The database does not answer.",
  },
  handler: async ({ platform, query }) => {
    const { source } = query;
    if (
      source !== undefined &&
      !Object.hasOwn(TRANSACTION_SOURCES, source) &&
      !platform.bots.names().includes(source)
    ) {
      throw new InvalidQueryError(
        `\`source\` must be one of ${[...Object.keys(TRANSACTION_SOURCES), ...platform.bots.names()].join(", ")}; got ${JSON.stringify(shortened(source))}.`,
      );
    }
    const { kind } = query;
    if (kind !== undefined && !isTransactionKind(kind)) {
      throw new InvalidQueryError(
        `\`kind\` must be one of ${TRANSACTION_KINDS.join(", ")}; got ${JSON.stringify(shortened(kind))}.`,
      );
    }
    const entries = await platform.transactions.list({
      limit: query.limit ?? MAX_HISTORY_PAGE,
      ...(query.before === undefined ? {} : { before: query.before }),
      ...(query.address === undefined ? {} : { address: query.address }),
      ...(source === undefined ? {} : { source }),
      ...(kind === undefined ? {} : { kind }),
    });
    return entries.map(toTransactionEntryBody);
  },
});

/** The caller's text as an error message quotes it: cut when long, never echoed whole. */
function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
