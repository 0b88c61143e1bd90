import type { Address, Hash } from "viem";
import type { ChainHeadWatcher } from "../chain/ChainHead.js";
import { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { toErrorRecord } from "../errors/toErrorRecord.js";
import { MAX_REPLACEMENTS } from "../fees/feePolicy.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import {
  FollowedTransactions,
  type NewWatchedTransaction,
  type WatchedTransaction,
} from "./followedTransactions.js";
import { HeldBackRelease } from "./HeldBackRelease.js";
import { nodePool } from "./nodePool.js";
import type { NonceLock } from "./nonceLock.js";
import { PoolLossRecovery } from "./PoolLossRecovery.js";
import { ReceiptScanner } from "./ReceiptScanner.js";
import { RewindRecovery } from "./RewindRecovery.js";
import { RewoundRecords } from "./rewoundRecords.js";
import { Settler } from "./Settler.js";
import { StuckSends } from "./StuckSends.js";
import { SettledRecords } from "./settledRecords.js";
import { TickScheduler } from "./TickScheduler.js";
import type { TransactionWatcherOptions, TransactionWatcherStatus } from "./watcherOptions.js";
import type { WatcherParts } from "./watcherParts.js";
import { watcherState } from "./watcherState.js";
import { TICK_STEPS } from "./watcherSteps.js";
import { runTick, type TickStages, tickDueWithoutHead } from "./watcherTick.js";

export type { ChainRewindCause } from "../chain/ChainHead.js";
export type { WatchedTransaction } from "./followedTransactions.js";
export type { TransactionWatcherOptions, TransactionWatcherStatus } from "./watcherOptions.js";

/** Fee raises per transaction: 1.125^5 ≈ 1.8 × the original fee at most (the fee policy's). */
export { MAX_REPLACEMENTS };

/**
 * Follows sent transactions until they are confirmed or failed, driven by the chain's head (it
 * watches the platform's `ChainHead`, and checks the anchor through it). Each head change runs a
 * tick: an ordered list of named steps over the watcher's stages (see `watcherTick.ts`) —
 * receipts matched per block ({@link ReceiptScanner}), rewinds recovered ({@link RewindRecovery}),
 * lost pools refilled ({@link PoolLossRecovery}), stuck sends replaced or failed
 * ({@link StuckSends}), held-back sends released ({@link HeldBackRelease}); every outcome written by
 * the {@link Settler}, and every followed transaction kept by {@link FollowedTransactions}. A
 * failed poll is retried and counted in {@link status}.
 */
export class TransactionWatcher {
  readonly #parts: WatcherParts;
  readonly #stages: TickStages;
  readonly #state = watcherState();
  readonly #ticks: TickScheduler;
  #timer: ReturnType<typeof setInterval> | undefined;
  #unwatch: (() => void) | undefined;
  #errors = 0;
  #lastError: TransactionWatcherStatus["lastError"] = null;

  /**
   * The last blocks' receipts, shared with the explorer's index so that each block's are read once
   * (see {@link RecentBlockReceipts}).
   */
  readonly recentReceipts = new RecentBlockReceipts();

  constructor(ctx: PlatformContext, options: TransactionWatcherOptions) {
    const followed = new FollowedTransactions(options.sentBodies);
    const settledOnChain = new SettledRecords();
    const recordError = (error: unknown) => this.#recordError(error);
    const follower: ChainHeadWatcher = {
      onBlock: () => this.#ticks.schedule(),
      // Answering again: a node that restarted kept its blocks, maybe not its pool.
      onReconnected: () => {
        this.#stages.pace.poolCheckDue = true;
        this.#ticks.schedule();
      },
      onError: recordError,
      pollingInterval: options.pollingInterval,
    };
    const parts: WatcherParts = {
      ctx,
      options,
      followed,
      settledOnChain,
      rewound: new RewoundRecords(),
      settler: new Settler(ctx, followed, settledOnChain, recordError),
      head: ctx.head,
      follower,
      pool: nodePool(ctx.client),
      attach: (watched, record) => this.attach(watched, record),
      recordError,
    };
    const scanner = new ReceiptScanner(parts, this.recentReceipts);
    const poolLoss = new PoolLossRecovery(parts, scanner);
    const stuck = new StuckSends(parts, scanner, poolLoss);
    this.#parts = parts;
    this.#ticks = new TickScheduler(
      () => runTick(this.#stages, options.tickSteps ?? TICK_STEPS),
      // Stopped, or a platform revert under way: no tick starts.
      () => this.#state.current.status === "running" && this.#state.current.reverting === 0,
      recordError,
    );
    this.#stages = {
      parts,
      scanner,
      poolLoss,
      stuck,
      rewind: new RewindRecovery(parts, scanner),
      heldBack: new HeldBackRelease(parts, scanner, stuck),
      pace: { tickHead: undefined, headSince: 0, poolCheckDue: false, lastStillHeadCheck: 0 },
    };
  }

  /** The hash of the genesis the chain was built on, cached until the watcher sees a reset. */
  genesisHash(): Promise<Hash> {
    return this.#parts.head.genesisHash();
  }

  /** Starts following blocks from the current head. */
  async start() {
    const head = this.#parts.head;
    const [latest] = await Promise.all([head.readLatest(), head.genesisHash()]);
    this.#state.move({ status: "running", reverting: 0 });
    this.#stages.scanner.restartAfter(latest.number);
    // A head the watcher read itself (in a tick) needs no tick of its own: it is the follower.
    head.anchorAt(latest, this.#parts.follower);
    this.#stages.pace.tickHead = latest.number;
    this.#stages.pace.headSince = Date.now();
    this.#unwatch = head.watch(this.#parts.follower);
    const interval = Math.max(50, Math.min(this.#parts.options.replaceAfter / 2, 1_000));
    // Only for what waits too long: confirmations come with the head's changes.
    this.#timer = setInterval(() => {
      if (tickDueWithoutHead(this.#stages, Date.now(), this.#ticks.running !== undefined))
        this.#ticks.schedule();
    }, interval);
    this.#timer.unref?.();
  }

  /**
   * Stops watching; followed transactions stay pending in storage (reconciled on next start) and
   * whoever waits for one is rejected with `error`.
   */
  async stop(error: unknown = new Error("The transaction watcher stopped.")) {
    this.#state.move({ status: "stopped", error });
    const { followed } = this.#parts;
    for (const watched of followed) for (const waiter of followed.takeWaiters(watched)) waiter.reject(error);
    this.#unwatch?.();
    if (this.#timer) clearInterval(this.#timer);
    await this.#ticks.stop();
  }

  /**
   * Runs a tick now and waits for it, and for any asked for meanwhile: after a fault injected on
   * purpose (`platform.faults`), so that the fault answers once the watcher has seen what it did —
   * a reorganisation through the anchor's hash, like one that happens by itself. `pool`: the tick
   * compares the node's pool with what is followed, as after a reconnection (a lost pool, a
   * restart). Resolves at once when the watcher is not running.
   */
  async followNow(options: { pool?: boolean } = {}) {
    if (this.#state.current.status !== "running") return;
    if (options.pool) this.#stages.pace.poolCheckDue = true;
    // A tick under way may have read the head before the fault: scheduling asks for one after it.
    this.#ticks.schedule();
    while (this.#ticks.running) await this.#ticks.running;
  }

  /**
   * For `platform.revert()`: waits for a running tick, settles every followed transaction as
   * `failed` ("the chain was reverted": whoever waits hears it), runs `revertChain`, then
   * `restoreState` (the storage's), and follows the chain from `head` (where the revert took it;
   * the next tick checks its hash like any other) with no settled record to check again — the
   * restored storage already holds what the chain holds. No tick runs in between.
   */
  async reverting(
    revertChain: () => Promise<void>,
    restoreState: () => Promise<void>,
    head: { number: bigint; hash: Hash },
  ): Promise<void> {
    this.#reverting(+1);
    try {
      while (this.#ticks.running) await this.#ticks.running;
      const { followed, settler } = this.#parts;
      for (const watched of [...followed]) {
        // Still being sent: its sender records it; the chain it was sent to is gone.
        if (watched.recordId === undefined) followed.unwatch(watched);
        else await settler.fail(watched, "the chain was reverted");
      }
      this.#parts.settledOnChain.clear();
      this.#parts.rewound.clear();
      this.#stages.pace.rewindUnfinished = undefined;
      await revertChain();
      await restoreState();
      this.#parts.head.anchorAt(head, this.#parts.follower);
      this.#stages.scanner.restartAfter(head.number);
    } finally {
      this.#reverting(-1);
    }
  }

  #reverting(by: 1 | -1) {
    const state = this.#state.current;
    if (state.status !== "running") return;
    this.#state.move({ status: "running", reverting: state.reverting + by });
  }

  /**
   * True when the node's pool holds a transaction of the lock's address with `nonce` among its
   * queued ones that this platform or another on the same storage sent (see
   * {@link HeldBackRelease.heldBack}). Needs the address's lock.
   */
  heldBack(lock: NonceLock, nonce: number): Promise<boolean> {
    return this.#stages.heldBack.heldBack(lock, nonce);
  }

  /**
   * Puts every followed transaction of the lock's address that the chain has not mined back on the
   * node, from the signed bytes this watcher holds (see {@link PoolLossRecovery.rebroadcast}).
   * Needs the address's lock. Resolves with the highest nonce the node holds now among them.
   */
  rebroadcast(lock: NonceLock): Promise<number | undefined> {
    return this.#stages.poolLoss.rebroadcast(lock);
  }

  /** The followed transaction of `from` with `nonce`, if any. */
  followed(from: Address, nonce: number): WatchedTransaction | undefined {
    return this.#parts.followed.followed(from, nonce);
  }

  /** Number of transactions followed now. */
  get size() {
    return this.#parts.followed.size;
  }

  /** How many transactions are followed, and the polls of the node that failed. */
  status(): TransactionWatcherStatus {
    return { following: this.#parts.followed.size, errors: this.#errors, lastError: this.#lastError };
  }

  /** Follows a transaction; call before sending it so that no block can be missed. */
  watch(tx: NewWatchedTransaction): WatchedTransaction {
    return this.#parts.followed.watch(tx);
  }

  /** Stops following a transaction the node refused. */
  unwatch(watched: WatchedTransaction) {
    this.#parts.followed.unwatch(watched);
  }

  /** Its submission ended without an answer: followed until the chain shows it, never sent again. */
  markUnacknowledged(watched: WatchedTransaction) {
    this.#parts.followed.markUnacknowledged(watched);
  }

  /**
   * Reads the receipt of a followed transaction now, outside the block scan: for one followed only
   * after it may have been mined (a record a previous run left pending, seen in the pool), whose
   * block the scan may already have passed. Answers the status it settled with, if it did.
   */
  async settleIfMined(watched: WatchedTransaction): Promise<"confirmed" | "failed" | undefined> {
    if (this.#parts.followed.has(watched) && !watched.outcome)
      await this.#stages.scanner.checkReceipts(watched);
    return watched.outcome?.status;
  }

  /** Links the stored record; an outcome seen meanwhile is written now. */
  async attach(watched: WatchedTransaction, record: TransactionRecord) {
    this.#parts.followed.attachRecord(watched, record.id);
    if (watched.outcome) {
      await this.#parts.settler.finish(watched, watched.outcome);
      return;
    }
    this.#ticks.nudge();
  }

  /** Resolves with the record once it is confirmed or failed. */
  settled(watched: WatchedTransaction): Promise<{ record: TransactionRecord; reason: string }> {
    if (watched.settled) return Promise.resolve(watched.settled);
    const state = this.#state.current;
    if (state.status === "stopped") return Promise.reject(state.error);
    return new Promise((resolve, reject) => this.#parts.followed.addWaiter(watched, { resolve, reject }));
  }

  #recordError(error: unknown) {
    if (this.#state.current.status === "stopped") return;
    this.#errors++;
    this.#lastError = toErrorRecord(error);
  }
}
