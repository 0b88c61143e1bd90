import type { PlatformContext } from "../context/PlatformContext.js";
import type { TransactionRecord, TransactionRecordUpdate } from "../storage/StorageAdapter.js";
import type { FollowedTransactions, WatchedOutcome, WatchedTransaction } from "./followedTransactions.js";
import type { ReceiptOutcome } from "./receiptOutcome.js";
import type { RewoundRecord } from "./rewoundRecords.js";
import type { SettledRecords } from "./settledRecords.js";

/** A followed transaction and the outcome seen for it (none: nothing to write). */
export type Settlement = [WatchedTransaction, WatchedOutcome | undefined];

/**
 * Writes outcomes: a record's final status in storage, the `transaction` event, whoever waits for
 * it. An outcome whose record is not stored yet waits for `attach`; one whose write failed
 * (storage away) is written again by {@link retryUnwritten} on every tick until stored.
 */
export class Settler {
  readonly #ctx: PlatformContext;
  readonly #followed: FollowedTransactions;
  readonly #settledOnChain: SettledRecords;
  readonly #recordError: (error: unknown) => void;
  /** Outcomes seen whose write failed (storage away): written again on every poll until stored. */
  readonly #unwritten = new Set<WatchedTransaction>();

  constructor(
    ctx: PlatformContext,
    followed: FollowedTransactions,
    settledOnChain: SettledRecords,
    recordError: (error: unknown) => void,
  ) {
    this.#ctx = ctx;
    this.#followed = followed;
    this.#settledOnChain = settledOnChain;
    this.#recordError = recordError;
  }

  /** Settles `watched` as `failed`, with no block, for `reason`. */
  fail(watched: WatchedTransaction, reason: string): Promise<void> {
    return this.finish(watched, { status: "failed", blockNumber: null, hash: watched.hash, reason });
  }

  /** Settles `watched` with `outcome`; a failed write throws (and is retried later). */
  finish(watched: WatchedTransaction, outcome: WatchedOutcome): Promise<void> {
    return this.finishMany([[watched, outcome]], true);
  }

  /** Writes again the outcomes whose write failed before. */
  async retryUnwritten() {
    if (this.#unwritten.size > 0) await this.finishMany([...this.#unwritten].map((w) => [w, w.outcome]));
  }

  /**
   * Writes the outcomes in one storage call and answers whoever waits. If the write fails (storage
   * away), the transactions stay followed with their outcome and the next poll writes them again;
   * `rethrow` reports the failure to the caller too.
   */
  async finishMany(pairs: readonly Settlement[], rethrow = false) {
    const writes: { watched: WatchedTransaction; outcome: WatchedOutcome }[] = [];
    for (const [watched, outcome] of pairs) {
      if (!outcome) continue;
      this.#followed.setOutcome(watched, outcome);
      if (watched.recordId !== undefined) writes.push({ watched, outcome });
    }
    if (writes.length === 0) return;
    let records: (TransactionRecord | undefined)[];
    try {
      records = await this.#ctx.storage.transactions.updateMany(
        writes.map(({ watched, outcome }) => ({
          id: watched.recordId as number,
          update: { status: outcome.status, blockNumber: outcome.blockNumber, hash: outcome.hash },
        })),
      );
    } catch (error) {
      for (const { watched } of writes) this.#unwritten.add(watched);
      if (rethrow) throw error;
      this.#recordError(error);
      return;
    }
    for (const [index, { watched, outcome }] of writes.entries())
      this.#written(watched, outcome, records[index]);
  }

  #written(watched: WatchedTransaction, outcome: WatchedOutcome, record: TransactionRecord | undefined) {
    this.#unwritten.delete(watched);
    if (outcome.blockNumber !== null && outcome.blockHash && watched.recordId !== undefined) {
      this.#settledOnChain.remember({
        recordId: watched.recordId,
        from: watched.from,
        nonce: watched.nonce,
        hash: outcome.hash,
        blockNumber: outcome.blockNumber,
        blockHash: outcome.blockHash,
      });
    }
    this.#followed.unwatch(watched);
    if (!record) return;
    this.#ctx.events.emit("transaction", record);
    const settled = { record, reason: outcome.reason };
    this.#followed.markSettled(watched, settled);
    for (const waiter of this.#followed.takeWaiters(watched)) waiter.resolve(settled);
  }

  /** Updates the record of `watched` (if stored) and announces it. */
  async update(watched: WatchedTransaction, update: TransactionRecordUpdate) {
    if (watched.recordId === undefined) return undefined;
    return this.updateRecord(watched.recordId, update);
  }

  /**
   * A record a rewind failed whose transaction is in a block after all (see `RewoundRecords`):
   * written from its receipt and announced, and checked again like any settled record if the chain
   * goes back under that block.
   */
  async landedAfterRewind(entry: RewoundRecord, outcome: ReceiptOutcome) {
    const { status, blockNumber, blockHash, hash } = outcome;
    const record = await this.updateRecord(entry.recordId, { status, blockNumber, hash });
    if (!record) return;
    this.#settledOnChain.remember({
      recordId: entry.recordId,
      from: entry.from,
      nonce: entry.nonce,
      hash,
      blockNumber,
      blockHash,
    });
  }

  /** Updates record `id` and announces it. */
  async updateRecord(id: number, update: TransactionRecordUpdate) {
    const record = await this.#ctx.storage.transactions.update(id, update);
    if (record) this.#ctx.events.emit("transaction", record);
    return record;
  }
}
