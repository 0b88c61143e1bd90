/** Most records one `transactions.list` call returns, whatever `limit` asks. */
export const MAX_TRANSACTIONS_PAGE = 1_000;

/**
 * How many records a `transactions.list({ limit })` page holds: `limit` rounded down and kept
 * between 0 and {@link MAX_TRANSACTIONS_PAGE} (`Infinity` gives a full page, `NaN` an empty one),
 * so that every adapter pages the same way and no query asks the database for everything.
 *
 * @example
 * transactionsPageSize(50); // 50
 * transactionsPageSize(1e9); // 1000
 */
export function transactionsPageSize(limit: number): number {
  if (Number.isNaN(limit)) return 0;
  return Math.max(0, Math.min(Math.floor(limit), MAX_TRANSACTIONS_PAGE));
}
