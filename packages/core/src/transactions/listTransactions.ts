import type { PlatformContext } from "../context/PlatformContext.js";
import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import { InvalidQueryError } from "../errors/sender.js";
import { parseAddress } from "../input/parseAddress.js";
import { MAX_TRANSACTIONS_PAGE } from "../storage/memoryStorage.js";
import { isTransactionKind, TRANSACTION_KINDS, type TransactionKind } from "../storage/TransactionKind.js";
import { MAX_SOURCE_LENGTH } from "./TransactionSource.js";

/** Entries one `transactions.list()` returns when no `limit` is given. */
export const DEFAULT_HISTORY_LIMIT = 100;

export type ListTransactionsParameters = {
  /** 1 … 1000. Default: 100. */
  limit?: number | undefined;
  /** Cursor: only entries with an id lower than this (pass the last id of the previous page). */
  before?: number | undefined;
  /** Only transactions sent from or to this address. */
  address?: string | undefined;
  /**
   * Only transactions with exactly this `source`: what sent them — `oracle`, `lending`,
   * `deployment`, `funding`, `bot-funding`, a bot's name, `api`, `sdk`, or a caller's own source
   * (see `TRANSACTION_SOURCES`).
   */
  source?: string | undefined;
  /** Only transactions of this kind: `transfer`, `call`, `deploy`, `blob` or `set-code`. */
  kind?: TransactionKind | undefined;
};

export type ListTransactionsReturnType = TransactionEntry[];

/**
 * The transaction history, newest first: the latest 100 by default, with optional `limit`, cursor
 * (`before`), `address` and `source` filters. Bad parameters fail with `INVALID_QUERY` /
 * `INVALID_ADDRESS`.
 *
 * @example
 * const page = await platform.transactions.list({ limit: 20 });
 * const pushes = await platform.transactions.list({ source: "oracle" });
 * const deployments = await platform.transactions.list({ kind: "deploy" });
 * const next = await platform.transactions.list({ limit: 20, before: page.at(-1)?.id });
 */
export async function listTransactions(
  ctx: PlatformContext,
  params: ListTransactionsParameters = {},
): Promise<ListTransactionsReturnType> {
  const limit = params.limit ?? DEFAULT_HISTORY_LIMIT;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_TRANSACTIONS_PAGE) {
    throw new InvalidQueryError(
      `\`limit\` must be an integer from 1 to ${MAX_TRANSACTIONS_PAGE}, got ${limit}.`,
    );
  }
  if (params.before !== undefined && (!Number.isSafeInteger(params.before) || params.before < 1)) {
    throw new InvalidQueryError(`\`before\` must be a positive integer id, got ${params.before}.`);
  }
  const source = params.source;
  if (
    source !== undefined &&
    (typeof source !== "string" || source.length === 0 || source.length > MAX_SOURCE_LENGTH)
  ) {
    throw new InvalidQueryError(`\`source\` must be a string of 1 to ${MAX_SOURCE_LENGTH} characters.`);
  }
  const kind = params.kind;
  if (kind !== undefined && !isTransactionKind(kind)) {
    throw new InvalidQueryError(
      `\`kind\` must be one of ${TRANSACTION_KINDS.join(", ")}, got ${JSON.stringify(shortened(String(kind)))}.`,
    );
  }
  const records = await ctx.storage.transactions.list({
    limit,
    ...(params.before === undefined ? {} : { before: params.before }),
    ...(params.address === undefined ? {} : { address: parseAddress(params.address, "address") }),
    ...(source === undefined ? {} : { source }),
    ...(kind === undefined ? {} : { kind }),
  });
  return records.map(toTransactionEntry);
}

/** The caller's text as an error message quotes it: cut when long, never echoed whole. */
function shortened(text: string): string {
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}
