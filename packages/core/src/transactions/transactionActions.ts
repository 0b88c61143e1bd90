import type { GuardedContext } from "../context/OperationGuard.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { TransactionWatcher } from "../sender/TransactionWatcher.js";
import type { HistoryRetention } from "./HistoryRetention.js";
import { type ListTransactionsParameters, listTransactions } from "./listTransactions.js";
import { type VerifyTransactionsParameters, verifyTransactions } from "./verifyTransactions.js";
import { waitForTransaction } from "./waitForTransaction.js";

/** What `platform.transactions` needs: the storage and events, and the watcher that settles sends. */
export type TransactionActionsContext = GuardedContext &
  PlatformContext & { readonly watcher: TransactionWatcher; readonly retention: HistoryRetention };

/** `platform.transactions`: the history, newest first, and the status of what was sent. */
export function transactionActions(ctx: TransactionActionsContext) {
  return {
    /** The history, newest first, with cursor paging; see {@link listTransactions}. */
    list: (params?: ListTransactionsParameters) => ctx.guard(() => listTransactions(ctx, params)),
    /** Resolves once the entry is confirmed or failed. */
    wait: (id: number) => ctx.guard(() => waitForTransaction(ctx, id)),
    /**
     * Compares a page of the history with the chain (confirmed records have their receipt, status
     * 1, at their block; one confirmed record per nonce; no failed record mined); see
     * {@link verifyTransactions}.
     */
    verify: (params?: VerifyTransactionsParameters) => ctx.guard(() => verifyTransactions(ctx, params)),
    /** The watcher that settles sent transactions: how many it follows, its failed polls of the node. */
    watcherStatus: () => ctx.watcher.status(),
    /** The bots' retention in the history: its bound, what it deleted; see {@link HistoryRetention}. */
    retention: () => ctx.retention.status(),
    /**
     * Deletes the bots' records beyond `history.botRetention` now (the platform also does it every
     * few blocks); answers how many went.
     */
    applyRetention: () => ctx.guard(() => ctx.retention.run()),
  };
}

/** The operations of `platform.transactions`. */
export type TransactionActions = ReturnType<typeof transactionActions>;
