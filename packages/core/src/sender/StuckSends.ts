import { MAX_REPLACEMENTS } from "../fees/feePolicy.js";
import { readBaseFee } from "../fees/readBaseFee.js";
import { classifyNodeError } from "./classifyNodeError.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import { lookUpTransaction } from "./nodeLookups.js";
import { withNonceLock } from "./nonceLock.js";
import type { PoolLossRecovery } from "./PoolLossRecovery.js";
import type { ReceiptScanner } from "./ReceiptScanner.js";
import type { TransactionRequest } from "./transactionRequest.js";
import { isGasPriced, requestFees, transactionHash } from "./transactionRequest.js";
import type { WatcherParts } from "./watcherParts.js";

/**
 * Looks at transactions pending past `replaceAfter`: replaces them with a 12.5 % higher fee (up to
 * `MAX_REPLACEMENTS` times), resubmits ones the node forgot and fails those dropped for good (nonce
 * used by another transaction, or gone past `dropAfter`).
 */
export class StuckSends {
  readonly #parts: WatcherParts;
  readonly #scanner: ReceiptScanner;
  readonly #poolLoss: PoolLossRecovery;

  constructor(parts: WatcherParts, scanner: ReceiptScanner, poolLoss: PoolLossRecovery) {
    this.#parts = parts;
    this.#scanner = scanner;
    this.#poolLoss = poolLoss;
  }

  /** Whether a followed transaction waits past `replaceAfter`. */
  due(now: number) {
    for (const watched of this.#parts.followed) {
      if (watched.recordId !== undefined && now - watched.lastCheck >= this.#parts.options.replaceAfter)
        return true;
    }
    return false;
  }

  async check() {
    const now = Date.now();
    const due = [...this.#parts.followed].filter(
      (watched) =>
        watched.recordId !== undefined && now - watched.lastCheck >= this.#parts.options.replaceAfter,
    );
    await Promise.all(due.map((watched) => this.#checkOne(watched, now)));
  }

  async #checkOne(watched: WatchedTransaction, now: number) {
    const { ctx, followed, settler, options } = this.#parts;
    followed.markChecked(watched, now);
    // No answer (a timeout while the node is held or away) decides nothing: the lookup rejects,
    // and the transaction is looked at again after `replaceAfter`.
    const inPool = await lookUpTransaction(ctx.client, watched.hash);
    if (inPool?.blockNumber != null) {
      await this.#scanner.checkReceipts(watched);
      return;
    }
    const used = await ctx.client.getTransactionCount({ address: watched.from, blockTag: "latest" });
    if (inPool && used <= watched.nonce) {
      followed.markPresent(watched);
      await this.replace(watched);
      return;
    }
    // The node does not know the current hash, or keeps it in its pool below the sender's mined
    // count (anvil does with one it held back, when another transaction took the nonce): an
    // earlier hash may have landed; if not, it never will.
    if (await this.#scanner.landedStrict(watched)) return;
    if (used > watched.nonce) {
      await settler.fail(watched, "dropped: its nonce was used by another transaction");
      return;
    }
    if (now - followed.markGone(watched, now) >= options.dropAfter) {
      await settler.fail(watched, "dropped: the node no longer has it");
      return;
    }
    // The node forgot it: it and every followed transaction of its sender go back, in order (not
    // one whose caller heard the send failed: that one fails after `dropAfter`).
    if (watched.serialized) {
      await withNonceLock(ctx.storage, watched.from, (lock) => this.#poolLoss.rebroadcast(lock));
    }
  }

  /** Signs `watched` again with higher fees and sends it; the record points at the new hash. */
  async replace(watched: WatchedTransaction) {
    const { ctx, followed, settler } = this.#parts;
    // A transaction that stays pending after several raises is not waiting on its fee (a gap
    // before it, a full pool): stop raising rather than let the fee grow without bound.
    if (watched.replacements >= MAX_REPLACEMENTS) return;
    const account = await watched.signer?.().catch(() => undefined);
    if (!account || !watched.request) return;
    followed.countReplacement(watched);
    const request = await this.#raised(watched.request);
    const serialized = await account.signTransaction(request);
    const hash = transactionHash(serialized);
    try {
      await ctx.client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (error) {
      const kind = classifyNodeError(error);
      // Underpriced: the next check bumps again from the higher fee. Nonce too low: the original
      // landed meanwhile and the next block's scan finds it.
      if (kind === "replacement-underpriced") followed.setRequest(watched, request);
      if (kind !== "already-known") return;
    }
    followed.replaced(watched, request, serialized, hash);
    await settler.update(watched, { hash });
  }

  /** Same fields, authorization list included (a set-code transaction stays one); higher fees. */
  async #raised(previous: TransactionRequest): Promise<TransactionRequest> {
    const { ctx } = this.#parts;
    const baseFee = await readBaseFee(ctx.client);
    const raised = () => ctx.fees.replacement(requestFees(previous) ?? {}, baseFee);
    // One gas price: raised like a max fee (at least the bump nodes require).
    if (isGasPriced(previous)) return { ...previous, gasPrice: raised().maxFeePerGas };
    if (previous.type === "eip4844") {
      return {
        ...previous,
        ...ctx.fees.blobReplacement(previous, baseFee, await ctx.client.getBlobBaseFee()),
      };
    }
    return { ...previous, ...raised() };
  }
}
