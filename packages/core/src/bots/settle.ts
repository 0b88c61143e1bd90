import { TransactionFailedError } from "../errors/sender.js";
import type { SendTransactionReturnType } from "../sender/sendTransaction.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import type { BotTransaction } from "./BotDefinition.js";

/** A send under way or done, or nothing to send (undefined), as `settle` takes them. */
export type SettleInput =
  | SendTransactionReturnType
  | Promise<SendTransactionReturnType | undefined>
  | undefined;

/**
 * Waits until every send of `sends` is confirmed, and answers their records (in order, the
 * undefined ones left out): what a bot's setup does after sending what its ticks need (approvals,
 * deposits, seeded pools). One that failed (reverted, dropped) fails it with `TRANSACTION_FAILED`,
 * saying `what` was under way; a send that was refused fails it with that refusal.
 *
 * @example
 * await settle([ctx.send(approve), allowance > 0n ? undefined : ctx.send(deposit)], "preparing the float");
 */
export async function settle(sends: readonly SettleInput[], what: string): Promise<TransactionRecord[]> {
  const sent = await Promise.all(sends);
  const settled = await Promise.all(sent.map((one) => one?.wait()));
  const records: TransactionRecord[] = [];
  for (const result of settled) {
    if (!result) continue;
    if (result.record.status !== "confirmed") {
      throw new TransactionFailedError(result.record.hash, `${what}: ${result.reason}`);
    }
    records.push(result.record);
  }
  return records;
}

/**
 * Sends each of `transactions` (undefined: nothing to send) at once through `sender` — a bot's
 * context, or its `root` to send as the bot's own key — and waits until all are confirmed; see
 * {@link settle}.
 *
 * @example
 * await sendAll(ctx, tokens.map((token) => ({ to: token, data: approveRouter })), "approving the router");
 */
export function sendAll(
  sender: { send(transaction: BotTransaction): Promise<SendTransactionReturnType> },
  transactions: readonly (BotTransaction | undefined)[],
  what: string,
): Promise<TransactionRecord[]> {
  return settle(
    transactions.map((transaction) => (transaction ? sender.send(transaction) : undefined)),
    what,
  );
}
