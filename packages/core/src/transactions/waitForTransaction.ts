import type { PlatformContext } from "../context/PlatformContext.js";
import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import { InvalidQueryError } from "../errors/sender.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

export type WaitForTransactionReturnType = TransactionEntry;

/**
 * Resolves with the history entry once it is `confirmed` or `failed` (at once if it already is).
 * Driven by the platform's `transaction` events, no polling. Fails with `INVALID_QUERY` for an
 * id that is not in the history.
 *
 * @example
 * const sent = await platform.sender.sendFromWallet({ fromWalletId: 1, to, amount: "1" });
 * const { status, blockNumber } = await platform.transactions.wait(sent.id);
 */
export async function waitForTransaction(
  ctx: PlatformContext,
  id: number,
): Promise<WaitForTransactionReturnType> {
  let listener: ((record: TransactionRecord) => void) | undefined;
  try {
    // Listen first, then read: a change between the two is not missed.
    const changed = new Promise<TransactionRecord>((resolve) => {
      listener = (record) => {
        if (record.id === id && record.status !== "pending") resolve(record);
      };
      ctx.events.on("transaction", listener);
    });
    const current = await ctx.storage.transactions.get(id);
    if (!current) throw new InvalidQueryError(`Transaction ${id} is not in the history.`);
    return toTransactionEntry(current.status === "pending" ? await changed : current);
  } finally {
    if (listener) ctx.events.off("transaction", listener);
  }
}
