import type { Address } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { TRANSFER_GAS } from "../fees/transferGas.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { type AdaptiveWindow, createAdaptiveWindow, createFixedWindow } from "./adaptiveWindow.js";
import { fillNonceGaps, type NonceGaps } from "./fillNonceGaps.js";
import { withNonceLock } from "./nonceLock.js";
import type { QueuedTransaction, QueuedTransfer } from "./queuedRequest.js";
import { toStorageError, type UncertainWrites, uncertainWrites } from "./RecordWriter.js";
import { SendSession, type SessionHost } from "./SendSession.js";
import type { Waiting } from "./submitSigned.js";
import type { TransactionWatcher, WatchedTransaction } from "./TransactionWatcher.js";

export type { NonceGaps } from "./fillNonceGaps.js";
export type { QueuedTransaction, QueuedTransfer } from "./queuedRequest.js";
export type { StoredNonceState } from "./reconcileNonce.js";

export type NonceManagerOptions = {
  /**
   * Most transfers sent and not yet answered by the node at once (the window); with `adaptive`, the
   * window's upper bound. As many more transfers as the window may be signed and recorded
   * meanwhile, so that the next group is ready to go when the node answers.
   */
  maxInFlight: number;
  /**
   * The window follows the node's latency (see {@link createAdaptiveWindow}): it starts at
   * min(64, maxInFlight), stays at least min(16, maxInFlight), and is learned across holds of the
   * lock. Otherwise it stays at `maxInFlight`.
   */
  adaptive: boolean;
  /** Most transfers sent under one hold of the lock, so that other processes get their turn. */
  maxPerLock: number;
  /** How often one transfer is retried after a nonce conflict before it fails. */
  maxAttempts: number;
};

export type SentTransfer = { record: TransactionRecord; watched: WatchedTransaction };

/** What the manager answers for every accepted transaction. */
export type SentTransaction = SentTransfer;

/**
 * Hands out the nonces of one address so that they never collide and never leave a gap, however
 * many sends run at once and however many processes share the storage.
 *
 * Transactions (transfers, contract calls, deployments) queue in memory (this class is the queue;
 * each hold is a {@link SendSession}). One at a time per
 * address, the manager takes the storage's lock `nonce:<address>` and, while holding it:
 *
 * 1. reads the stored next nonce and the chain's pending nonce, balance and base fee (one round
 *    trip, concurrently) and reconciles them: normally the higher of the two; the chain's when the
 *    chain was reset (new genesis hash); when the node holds none of our transactions although
 *    our counter is ahead (it lost its pool), the ones the watcher still follows are put back from
 *    their signed bytes (`TransactionWatcher.rebroadcast`) and the count continues after them,
 *    while nonces of transactions nobody follows any more are reused;
 * 2. takes queued transactions in order: checks value + gas × max fee against what the balance has
 *    left (`INSUFFICIENT_FUNDS` before any nonce is given), gives the next nonce and signs; writes
 *    the record — holding the signed transaction — before submitting it (write-ahead: nothing
 *    reaches the node unrecorded; records signed together are written in one storage call, and a
 *    failed write stops the hold with `STORAGE_UNREACHABLE` before that nonce or any later one is
 *    submitted); then sends — over HTTP the group as one JSON-RPC batch request — keeping up to
 *    the address's window of sends unanswered, like a raw sender with that concurrency (the window
 *    is `maxInFlight`; with `adaptive` it follows the node's latency up to that,
 *    {@link createAdaptiveWindow}). Each accepted
 *    transaction's caller is answered at once (its record was durable before the submission); a
 *    refused one's record is removed;
 * 3. classifies every refusal ({@link classifyNodeError}): a nonce conflict stops the hold and
 *    goes back to the queue for a fresh nonce after resynchronising; other refusals fail their
 *    transfer, and a refused nonce below an accepted one is filled with a zero-value transfer to
 *    self so that nothing stalls behind the gap;
 * 4. stores the next nonce and releases the lock (after at most `maxPerLock` transfers, so that
 *    other processes sending from the same address get their turn).
 *
 * Holding the lock over the sends keeps two processes from ever interleaving nonces; the window
 * of sends in flight keeps the node as busy as a raw sender would.
 */
export class NonceManager {
  readonly address: Address;
  readonly #ctx: PlatformContext;
  readonly #watcher: TransactionWatcher;
  readonly #options: NonceManagerOptions;
  readonly #queue: Waiting[] = [];
  /** How many sends may be at the node at once: fixed, or learned from its answers across holds. */
  readonly #window: AdaptiveWindow;
  #draining: Promise<void> | undefined;
  /**
   * Hashes of write-ahead records whose write failed: they may be stored all the same (the
   * connection broke after the commit). Never submitted; removed at the start of the next hold.
   */
  readonly #uncertain: UncertainWrites;
  /** Wakes a hold of the lock that waits for more sends while its last ones are at the node. */
  #wake: (() => void) | undefined;
  #closed = false;
  #closeError: unknown;

  constructor(
    ctx: PlatformContext,
    watcher: TransactionWatcher,
    address: Address,
    options: NonceManagerOptions,
  ) {
    this.#ctx = ctx;
    this.#watcher = watcher;
    this.address = address;
    this.#options = options;
    this.#uncertain = uncertainWrites(ctx.storage, address);
    this.#window = options.adaptive
      ? createAdaptiveWindow({ maxInFlight: options.maxInFlight })
      : createFixedWindow(options.maxInFlight);
  }

  /** Queues a transfer; resolves once the node accepted it and its record is stored (pending). */
  send(transfer: QueuedTransfer): Promise<SentTransfer> {
    return this.sendTransaction({ ...transfer, gas: TRANSFER_GAS });
  }

  /**
   * Queues any transaction (transfer, contract call, deployment) with its gas limit decided;
   * resolves once the node accepted it and its record is stored (pending). Same ordering, lock,
   * classification, resync, replacement and gap filling as a transfer.
   */
  sendTransaction(transaction: QueuedTransaction): Promise<SentTransaction> {
    return new Promise((resolve, reject) => {
      if (this.#closed) {
        reject(this.#closeError);
        return;
      }
      this.#queue.push({ ...transaction, attempts: 0, resolve, reject });
      this.#wake?.();
      if (!this.#draining) this.#draining = this.#drain();
    });
  }

  /**
   * Refuses further sends (queued ones are rejected with `error`) and resolves once the transfers
   * already sent are recorded, so that closing the storage afterwards loses no record.
   */
  async close(error: unknown) {
    this.#closed = true;
    this.#closeError = error;
    for (const item of this.#queue.splice(0)) item.reject(error);
    await this.#draining;
  }

  /**
   * Fills the nonce gaps the chain left under transactions of this address still in its pool.
   * anvil keeps its pool across `evm_revert` but not the blocks: a pooled transaction can then sit
   * above a nonce whose transaction went with them, holding it and every later one up for good.
   * Each such gap gets a zero-value transfer to self (recorded as "nonce-gap-filler"), under the
   * address's lock (see {@link fillNonceGaps}). Resolves with the gaps it could not fill (no key at
   * hand, the node refused the filler: an address the revert left without ETH). When there are
   * such gaps, `abandon` runs with the lowest of them before the lock is let go: the caller takes
   * what waits above it out of the node's pool, before a send of this address reads the node's
   * pending count (anvil counts those transactions in it until its next block).
   */
  async fillGaps(gaps: NonceGaps): Promise<number[]> {
    if (gaps.pooled.length === 0 || this.#closed) return [];
    return withNonceLock(this.#ctx.storage, this.address, (lock) => fillNonceGaps(this.#host(), lock, gaps));
  }

  #host(): SessionHost {
    return {
      ctx: this.#ctx,
      watcher: this.#watcher,
      address: this.address,
      queue: this.#queue,
      uncertain: this.#uncertain,
      window: this.#window,
      maxPerLock: this.#options.maxPerLock,
      maxAttempts: this.#options.maxAttempts,
      closed: () => this.#closed,
      onSend: (wake) => {
        this.#wake = wake;
      },
    };
  }

  async #drain() {
    try {
      while (this.#queue.length > 0 && !this.#closed) {
        let locked = false;
        try {
          await withNonceLock(this.#ctx.storage, this.address, (lock) => {
            locked = true;
            return new SendSession(this.#host(), lock).run();
          });
        } catch (error) {
          // The session could not start or went on (node or storage away): fail what is queued
          // now. Storage calls inside the session raise STORAGE_UNREACHABLE themselves; what
          // failed before the lock was held is the storage's too.
          const reason = isPrivnetError(error)
            ? error
            : locked
              ? new ChainUnreachableError({ cause: error })
              : toStorageError(error);
          for (const item of this.#queue.splice(0)) item.reject(reason);
        }
      }
    } finally {
      // Cleared in the same step that saw the queue empty, so a send queued right after starts
      // a new drain instead of waiting for one that has ended.
      this.#draining = undefined;
    }
  }
}
