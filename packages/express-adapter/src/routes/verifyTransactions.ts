import { MAX_VERIFY_PAGE, type VerifyTransactionsReturnType } from "@privnet/core";
import { defineRoute } from "@privnet/http";
import { z } from "zod";
import { addressOutput, positiveIntegerQuery } from "../schemas/fields.js";

const transactionHash = z.string().regex(/^0x[0-9a-f]{64}$/);

export const verifyTransactionsQuery = z.object({
  limit: positiveIntegerQuery(`an integer from 1 to ${MAX_VERIFY_PAGE}`)
    .refine((limit) => limit <= MAX_VERIFY_PAGE, { error: `must be an integer from 1 to ${MAX_VERIFY_PAGE}` })
    .optional()
    .describe(`History entries to check, newest first, 1 to ${MAX_VERIFY_PAGE}. Default 1000.`),
  before: positiveIntegerQuery("a positive integer id")
    .optional()
    .describe("Cursor: check only entries with a lower id (pass the previous answer's `next_cursor`)."),
});

export const transactionMismatch = z
  .object({
    id: z.int().positive(),
    tx_hash: transactionHash,
    from_address: addressOutput,
    nonce: z.int().nonnegative(),
    status: z.enum(["pending", "confirmed", "failed"]).describe("What the history says."),
    block_number: z.int().nonnegative().nullable().describe("The block the history names."),
    kind: z
      .enum(["no-receipt", "reverted", "other-block", "same-nonce", "mined-but-failed"])
      .describe(
        "`no-receipt`: confirmed, but the chain has no receipt; `reverted`: confirmed, but its receipt says it reverted; `other-block`: confirmed at another block than its receipt's; `same-nonce`: another entry of the sender is confirmed at this nonce; `mined-but-failed`: failed, but on chain with status 1.",
      ),
    detail: z.string().describe("The chain's side, in words."),
  })
  .meta({ id: "TransactionMismatch" });

export const verifyReport = z
  .object({
    checked: z.int().nonnegative().describe("Entries looked at (pending ones are not checked)."),
    mismatches: z.array(transactionMismatch),
    next_cursor: z
      .int()
      .positive()
      .nullable()
      .describe("Pass as `before` to check the next, older page; null once the oldest entry was checked."),
  })
  .meta({ id: "VerifyReport" });

function toVerifyReportBody(report: VerifyTransactionsReturnType): z.input<typeof verifyReport> {
  return {
    checked: report.checked,
    mismatches: report.mismatches.map((mismatch) => ({
      id: mismatch.id,
      tx_hash: mismatch.hash,
      from_address: mismatch.from,
      nonce: mismatch.nonce,
      status: mismatch.status,
      block_number: mismatch.blockNumber === null ? null : Number(mismatch.blockNumber),
      kind: mismatch.kind,
      detail: mismatch.detail,
    })),
    next_cursor: report.nextCursor,
  };
}

export const verifyTransactions = defineRoute({
  method: "get",
  path: "/transactions/verify",
  operationId: "verifyTransactions",
  summary: "Compare the history with the chain",
  description:
    "Checks one page of the history, newest first: every confirmed entry has its receipt with status 1 in the block it names, no two entries of a sender are confirmed at one nonce, and no failed entry is on chain. Answers what the chain contradicts; page through a long history with `before`.",
  tag: "transactions",
  query: verifyTransactionsQuery,
  response: verifyReport,
  errors: {
    400: "`limit` or `before` is malformed (VALIDATION_FAILED).",
    503: "The chain or the database does not answer.",
  },
  handler: async ({ platform, query }) =>
    toVerifyReportBody(
      await platform.transactions.verify({
        ...(query.limit === undefined ? {} : { limit: query.limit }),
        ...(query.before === undefined ? {} : { before: query.before }),
      }),
    ),
});
