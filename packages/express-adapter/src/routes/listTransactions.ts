import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { addressInput } from "../schemas/fields.js";
import { transactionEntry } from "../schemas/transactions.js";

/** The admin API answers at most this many history entries per request. */
export const MAX_HISTORY_PAGE = 100;

const positiveInteger = (what: string) =>
  z
    .string()
    .regex(/^[1-9]\d{0,15}$/, { error: `must be ${what}` })
    .transform(Number)
    .refine(Number.isSafeInteger, { error: `must be ${what}` });

export const listTransactionsQuery = z.object({
  limit: positiveInteger(`an integer from 1 to ${MAX_HISTORY_PAGE}`)
    .refine((limit) => limit <= MAX_HISTORY_PAGE, {
      error: `must be an integer from 1 to ${MAX_HISTORY_PAGE}`,
    })
    .optional()
    .describe(`Entries to return, 1 to ${MAX_HISTORY_PAGE}. Default ${MAX_HISTORY_PAGE}.`),
  before: positiveInteger("a positive integer id")
    .optional()
    .describe("Cursor: only entries with a lower id (pass the last id of the previous page)."),
  address: addressInput("address").optional().describe("Only transactions sent from or to this address."),
});

export const listTransactions = defineRoute({
  method: "get",
  path: "/transactions",
  operationId: "listTransactions",
  summary: "Transaction history, newest first",
  description: `At most ${MAX_HISTORY_PAGE} entries; page with \`before\`.`,
  tag: "transactions",
  query: listTransactionsQuery,
  response: z.array(transactionEntry),
  errors: {
    400: "`limit`, `before` or `address` is malformed (VALIDATION_FAILED, INVALID_ADDRESS).",
    503: "The database does not answer.",
  },
  handler: ({ platform, query }) =>
    platform.transactions.list({
      limit: query.limit ?? MAX_HISTORY_PAGE,
      ...(query.before === undefined ? {} : { before: query.before }),
      ...(query.address === undefined ? {} : { address: query.address }),
    }),
});
