import { bumpFee, higher, MAX_REPLACEMENTS, withinFeeCap } from "../fees/feePolicy.js";
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
 * used by another transaction, or gone past `dropAfter`). Replaces at once, at the market fee,
 * those whose fee the base fee has passed ({@link StuckSends.replacePricedOut}). No replacement
 * goes above its transaction's fee cap.
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

  /**
   * Replaces now, at the market fee, each followed transaction whose max fee (or gas price) the
   * head's base fee has passed: it cannot be mined until the base fee falls back under it, and
   * every later transaction of its sender waits behind it by nonce. A fee spike would otherwise
   * hold a sender's traffic until it decayed, `replaceAfter` and five 12.5 % raises being no match
   * for a base fee a hundred times higher. Not counted against `MAX_REPLACEMENTS`: each is asked
   * for by the chain, and a transaction's cap bounds them.
   */
  async replacePricedOut(baseFeePerGas: bigint | null | undefined) {
    if (!baseFeePerGas) return;
    const { followed } = this.#parts;
    const now = Date.now();
    const pricedOut = [...followed].filter((watched) => {
      const fees = watched.request && requestFees(watched.request);
      return watched.recordId !== undefined && !watched.outcome && fees && fees.maxFeePerGas < baseFeePerGas;
    });
    if (pricedOut.length === 0) return;
    // One read of the fee the next block asks, for all of them (a spike may announce more).
    const nextBaseFee = (await readBaseFee(this.#parts.ctx.client)) ?? 0n;
    await Promise.all(
      pricedOut.map(async (watched) => {
        // Looked at now: not replaced again by `check` before `replaceAfter`.
        followed.markChecked(watched, now);
        await this.#replace(watched, nextBaseFee);
      }),
    );
  }

  /** Signs `watched` again with higher fees and sends it; the record points at the new hash. */
  async replace(watched: WatchedTransaction) {
    // A transaction that stays pending after several raises is not waiting on its fee (a gap
    // before it, a full pool): stop raising rather than let the fee grow without bound.
    if (watched.replacements >= MAX_REPLACEMENTS) return;
    await this.#replace(watched);
  }

  /** Signs and sends the replacement; `baseFee` is the next block's, read now when not given. */
  async #replace(watched: WatchedTransaction, baseFee?: bigint) {
    const { ctx, followed, settler } = this.#parts;
    const account = await watched.signer?.().catch(() => undefined);
    if (!account || !watched.request) return;
    const request = await this.#raised(
      watched.request,
      watched.maxFeePerGasCap,
      baseFee ?? (await readBaseFee(ctx.client)) ?? 0n,
    );
    // Above the transaction's fee cap: it waits for the base fee to fall.
    if (!request) return;
    followed.countReplacement(watched);
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

  /**
   * Same fields, authorization list included (a set-code transaction stays one); higher fees,
   * within `cap` (undefined when they cannot be: the node would not take less as a replacement).
   */
  async #raised(
    previous: TransactionRequest,
    cap: bigint | undefined,
    baseFee: bigint,
  ): Promise<TransactionRequest | undefined> {
    const { ctx } = this.#parts;
    const before = requestFees(previous) ?? { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n };
    const raised = ctx.fees.replacement(before, baseFee);
    const bumped = bumpFee(before.maxFeePerGas);
    // One gas price: raised like a max fee (at least the bump nodes require).
    if (isGasPriced(previous)) {
      const fees = withinFeeCap(
        { maxFeePerGas: raised.maxFeePerGas, maxPriorityFeePerGas: 0n },
        cap,
        higher(bumped, baseFee),
      );
      return fees && { ...previous, gasPrice: fees.maxFeePerGas };
    }
    if (previous.type === "eip4844") {
      const fees = ctx.fees.blobReplacement(previous, baseFee, await ctx.client.getBlobBaseFee());
      return cap !== undefined && fees.maxFeePerGas > cap ? undefined : { ...previous, ...fees };
    }
    const fees = withinFeeCap(raised, cap, higher(baseFee + raised.maxPriorityFeePerGas, bumped));
    return fees && { ...previous, ...fees };
  }
}
