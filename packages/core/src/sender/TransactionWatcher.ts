import type { Address, Hash, Hex, LocalAccount } from "viem";
import { parseTransaction, rpcTransactionType, toHex } from "viem";
import { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { type ErrorRecord, toErrorRecord } from "../errors/toErrorRecord.js";
import { MAX_REPLACEMENTS, type TransactionFees } from "../fees/feePolicy.js";
import type {
  TransactionRecord,
  TransactionRecordUpdate,
  TransactionStatus,
} from "../storage/StorageAdapter.js";
import { classifyNodeError } from "./classifyNodeError.js";
import { nonceLockKey } from "./nonceLockKey.js";
import { receiptOutcome } from "./receiptOutcome.js";
import { submissionClient } from "./submissionClient.js";
import { isGasPriced, requestFees, type TransactionRequest, transactionHash } from "./transactionRequest.js";

export type TransactionWatcherOptions = {
  /** How often the node is polled for new blocks (HTTP transports). */
  pollingInterval: number;
  /** A transaction still pending this long (ms) is replaced with a higher fee. */
  replaceAfter: number;
  /** A transaction gone from the node's pool this long (ms) is marked failed. */
  dropAfter: number;
  /**
   * Called when the chain went back under the followed transactions: `reset` (a new genesis) or
   * `revert` (the last block seen is gone or different: `evm_revert`, a reorganisation). What was
   * deployed since may be gone; the platform has its bots run their setup again.
   */
  onChainRewound?: ((cause: ChainRewindCause) => void) | undefined;
  /**
   * Where the value, nonce and input of each transaction followed (and each replacement) are left
   * for the explorer's index, which then reads its blocks from their receipts and headers alone.
   */
  sentBodies?: SentTransactionBodies | undefined;
  /**
   * After the chain went back: fills the nonces of `from` below its transactions still in the
   * pool that the chain no longer has (see `NonceManager.fillHoles`), so that they can land.
   * Resolves with the nonces it could not fill; before that, with the address's sends still held
   * off, `abandon` runs with the lowest of them.
   */
  fillNonceHoles?:
    | ((
        from: Address,
        holes: {
          pooled: number[];
          /** The fees each pooled transaction was last sent with (fillers are priced above them). */
          pooledFees: TransactionFees[];
          signer: () => Promise<LocalAccount | undefined>;
          abandon: (lowest: number) => Promise<void>;
        },
      ) => Promise<number[]>)
    | undefined;
};

/** How the chain went back: a new genesis, or blocks taken back (`evm_revert`, a reorganisation). */
export type ChainRewindCause = "reset" | "revert";

/** What `platform.transactions.watcherStatus()` answers. */
export type TransactionWatcherStatus = {
  /** Transactions followed now (sent, not yet confirmed or failed). */
  following: number;
  /** Failed polls of the node (each is retried on the next block or timer tick). */
  errors: number;
  /** The last failed poll, or null. */
  lastError: ErrorRecord | null;
};

/** A sent transaction the watcher follows until it is confirmed or failed. */
export type WatchedTransaction = {
  from: Address;
  nonce: number;
  /** The hash the record points at: the latest one sent for this nonce. */
  hash: Hash;
  /** Every hash sent for this record (the original and its replacements); any of them may land. */
  hashes: Set<Hash>;
  /** The signed transaction, kept for a resubmission when the node forgets it. */
  serialized?: Hex | undefined;
  /** The unsigned fields, kept for a replacement with a higher fee. */
  request?: TransactionRequest | undefined;
  /** Signs a replacement; absent when the key is not at hand (records adopted after a restart). */
  signer?: (() => Promise<LocalAccount | undefined>) | undefined;
  /**
   * Its submission ended without an answer (the node went away) and its caller was told so: it is
   * followed until the chain shows what became of it, never sent again (see {@link rebroadcast}).
   */
  unacknowledged?: boolean | undefined;
  recordId?: number | undefined;
  /** Outcome seen before the record was stored (automine is that fast); applied on attach. */
  outcome?: {
    status: Exclude<TransactionStatus, "pending">;
    blockNumber: bigint | null;
    /** The block that holds it, when it was settled by a receipt. */
    blockHash?: Hash | undefined;
    hash: Hash;
    reason: string;
  };
  sentAt: number;
  lastCheck: number;
  /** Replacements sent so far (at most {@link MAX_REPLACEMENTS}). */
  replacements: number;
  goneSince?: number | undefined;
  waiters: {
    resolve: (settled: { record: TransactionRecord; reason: string }) => void;
    reject: (error: unknown) => void;
  }[];
  /** Set once the record reached its final status. */
  settled?: { record: TransactionRecord; reason: string } | undefined;
};

/** Fee raises per transaction: 1.125^5 ≈ 1.8 × the original fee at most (the fee policy's). */
export { MAX_REPLACEMENTS };

// Receipts arrive as raw JSON-RPC objects from eth_getBlockReceipts.
type RawReceipt = { transactionHash: Hash; status: Hex; blockNumber: Hex; blockHash: Hash };

/** A block the watcher has seen: if its hash changes, the chain went back under it. */
type Anchor = { number: bigint; hash: Hash };

/** A record settled by a receipt: checked again when the chain goes back under its block. */
type SettledOnChain = {
  recordId: number;
  from: Address;
  nonce: number;
  hash: Hash;
  blockNumber: bigint;
  blockHash: Hash;
};

/** Least time between two ticks asked for by sends while a tick runs (ms). */
const NUDGE_DELAY = 20;

/** Records settled on chain that a rewind checks again; the oldest are forgotten past this. */
const SETTLED_KEPT = 4096;

/**
 * The head unchanged this long (ms) while transactions are followed: the node's pool is looked at
 * (at most this often) for a transaction next in line yet held back, and for ready ones an
 * automining anvil did not mine (see `#checkHeldBack`, `#mineMissed`).
 */
const HELD_BACK_CHECK_MS = 1_000;

/**
 * The head's number unchanged this long (ms) while records settled on chain could be taken back:
 * a tick looks at the head's hash (at most this often). The head poller sees numbers only, and a
 * revert followed by a new block at the same height between two polls leaves the number as it
 * was; on an automining devnet no next block may come to show it.
 */
const STILL_HEAD_CHECK_MS = 1_000;

/** A transaction in `txpool_content`: only its hash is read. */
type PoolEntry = { hash: Hash };
/** `txpool_content`: sender → nonce (decimal) → transaction, for `pending` (ready) and `queued`. */
type PoolContent = {
  pending?: Record<string, Record<string, PoolEntry>>;
  queued?: Record<string, Record<string, PoolEntry>>;
};

/**
 * Follows sent transactions until they are confirmed or failed, driven by the chain's head: each
 * new block's receipts are read with one `eth_getBlockReceipts` and matched against the followed
 * hashes. A timer, for transactions pending past `replaceAfter`, replaces them with a 12.5 % higher
 * fee (up to 5 times), resubmits ones the node forgot and fails those dropped for good (nonce used
 * by another transaction, or gone past `dropAfter`).
 *
 * Over HTTP the watcher polls the head's number itself and reacts to any change, down included
 * (viem's `watchBlockNumber` only reports numbers above the last it saw, and after an `evm_revert`
 * the next block has a number already seen). Each tick checks that the block seen last is still
 * there with the same hash; while the head's number stays put and settled records could be taken
 * back, a tick comes at least every {@link STILL_HEAD_CHECK_MS} ms to look (a revert and a new
 * block at the same height between two polls change no number). When it is not, the chain went
 * back — reset (a new genesis hash) or reverted (`evm_revert`, a reorganisation): the scan
 * restarts at the new head, followed transactions the chain no longer knows fail, records settled
 * in blocks the chain lost are checked again (re-included, back in the pool, or failed), and
 * `onChainRewound` is called. A failed poll is retried and counted in {@link status}.
 */
export class TransactionWatcher {
  readonly #ctx: PlatformContext;
  readonly #options: TransactionWatcherOptions;
  readonly #byHash = new Map<Hash, WatchedTransaction>();
  readonly #watched = new Set<WatchedTransaction>();
  /** Outcomes seen whose write failed (storage away): written again on every poll until stored. */
  readonly #unwritten = new Set<WatchedTransaction>();
  #scannedThrough: bigint | undefined;
  #genesis: Promise<Hash> | undefined;
  #blockReceipts = true;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;
  /** While a platform revert runs: no tick starts. */
  #paused = 0;
  #nudgeTimer: ReturnType<typeof setTimeout> | undefined;
  #stopError: unknown;
  #unwatch: (() => void) | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;
  #anchor: Anchor | undefined;
  /** The head's number the poller saw last (HTTP transports). */
  #headNumber: bigint | undefined;
  readonly #settledOnChain = new Map<number, SettledOnChain>();
  #errors = 0;
  #lastError: TransactionWatcherStatus["lastError"] = null;
  /** The head a tick saw last, and since when (ms): a head that stays put starts a pool check. */
  #tickHead: bigint | undefined;
  #headSince = 0;
  #lastHeldBackCheck = 0;
  #lastStillHeadCheck = 0;
  /** Cleared when the node has no `txpool_status`: held-back transactions are not looked for. */
  #poolInspection = true;
  /** A poll of the head failed: the node may come back without its pool (a restart). */
  #nodeAway = false;
  /** The next tick compares the pool with what is followed, whatever the counts say. */
  #poolCheckDue = false;

  /**
   * The last blocks' receipts, shared with the explorer's index so that each block's are read once
   * (see {@link RecentBlockReceipts}).
   */
  readonly recentReceipts = new RecentBlockReceipts();

  constructor(ctx: PlatformContext, options: TransactionWatcherOptions) {
    this.#ctx = ctx;
    this.#options = options;
  }

  /**
   * The hash of the genesis the chain was built on (see #readGenesis), cached until the watcher
   * sees a reset.
   */
  genesisHash(): Promise<Hash> {
    this.#genesis ??= this.#readGenesis().catch((error: unknown) => {
      this.#genesis = undefined;
      throw error;
    });
    return this.#genesis;
  }

  /** Starts following blocks from the current head. */
  async start() {
    const [latest] = await Promise.all([this.#readLatest(), this.genesisHash()]);
    this.#scannedThrough = latest.number;
    this.#anchor = latest;
    this.#headNumber = latest.number;
    this.#tickHead = latest.number;
    this.#headSince = Date.now();
    this.#watchBlocks();
    const interval = Math.max(50, Math.min(this.#options.replaceAfter / 2, 1_000));
    // Only for what waits too long: confirmations come with the head's changes.
    this.#timer = setInterval(() => {
      const now = Date.now();
      if (this.#hasDue(now) || this.#heldBackCheckDue(now) || this.#stillHeadCheckDue(now)) this.#schedule();
    }, interval);
    this.#timer.unref?.();
  }

  #watchBlocks() {
    this.#unwatch?.();
    const type = this.#ctx.client.transport.type;
    if (type === "webSocket" || type === "ipc") {
      // newHeads reports every head, a lower or equal number after a revert included.
      this.#unwatch = this.#ctx.client.watchBlockNumber({
        emitOnBegin: true,
        onBlockNumber: () => this.#schedule(),
        // The next head retries; the failure is counted like a failed tick's.
        onError: (error) => this.#recordError(error),
      });
      return;
    }
    this.#unwatch = this.#pollHead();
  }

  /**
   * Polls the head's number (`eth_blockNumber`: cheap however full the blocks) and schedules a
   * tick whenever it changes, down as well as up. A block replaced at the same height between two
   * polls is seen at the next block, or right away when we sent into it (see {@link attach}): each
   * tick checks the hash of the block it saw last.
   */
  #pollHead(): () => void {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const head = await this.#ctx.client.getBlockNumber({ cacheTime: 0 });
        if (active && this.#nodeAway) {
          // Answering again: a node that restarted kept its blocks, maybe not its pool.
          this.#nodeAway = false;
          this.#poolCheckDue = true;
          this.#schedule();
        }
        if (active && head !== this.#headNumber) {
          this.#headNumber = head;
          this.#schedule();
        }
      } catch (error) {
        // The next poll retries; the failure is counted like a failed tick's.
        if (active) {
          this.#nodeAway = true;
          this.#recordError(error);
        }
      }
      if (!active) return;
      // Not unref'd: like viem's watchers, an open platform keeps the process alive (close() ends it).
      timer = setTimeout(() => void poll(), this.#options.pollingInterval);
    };
    void poll();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }

  /**
   * An automining node has mined a transaction by the time it is recorded: look now rather than
   * at the next poll of the head. While a tick runs (it may have read the head before), one more
   * follows shortly — at most one per {@link NUDGE_DELAY} ms however many sends come, so that a
   * busy sender does not turn the watcher into a busy loop.
   */
  #nudge() {
    if (!this.#running) {
      this.#schedule();
      return;
    }
    if (this.#nudgeTimer || this.#stopped) return;
    this.#nudgeTimer = setTimeout(() => {
      this.#nudgeTimer = undefined;
      this.#schedule();
    }, NUDGE_DELAY);
  }

  #hasDue(now: number) {
    for (const watched of this.#watched) {
      if (watched.recordId !== undefined && now - watched.lastCheck >= this.#options.replaceAfter)
        return true;
    }
    return false;
  }

  /**
   * Stops watching; followed transactions stay pending in storage (reconciled on next start) and
   * whoever waits for one is rejected with `error`.
   */
  async stop(error: unknown = new Error("The transaction watcher stopped.")) {
    this.#stopped = true;
    this.#stopError = error;
    for (const watched of this.#watched) for (const waiter of watched.waiters.splice(0)) waiter.reject(error);
    this.#unwatch?.();
    if (this.#timer) clearInterval(this.#timer);
    if (this.#nudgeTimer) clearTimeout(this.#nudgeTimer);
    await this.#running;
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
    this.#paused++;
    try {
      while (this.#running) await this.#running;
      for (const watched of [...this.#watched]) {
        // Still being sent: its sender records it; the chain it was sent to is gone.
        if (watched.recordId === undefined) {
          this.unwatch(watched);
          continue;
        }
        await this.#finish(watched, {
          status: "failed",
          blockNumber: null,
          hash: watched.hash,
          reason: "the chain was reverted",
        });
      }
      this.#settledOnChain.clear();
      await revertChain();
      await restoreState();
      this.#anchor = { number: head.number, hash: head.hash };
      this.#headNumber = head.number;
      this.#scannedThrough = head.number;
    } finally {
      this.#paused--;
    }
  }

  /**
   * True when the node's pool holds a transaction of `from` with `nonce` among its queued ones
   * (anvil held it back, see `#checkHeldBack`) that this platform sent — followed by this watcher —
   * or another platform on the same storage did: a pending record there (another process on the
   * same database; its watcher follows it). It is not gone, and its nonce is not to be given
   * again. False when the node has no `txpool_content`. Asked under the address's lock (see
   * {@link nonceLockKey}), which `#release` holds while the pool is being changed.
   */
  async heldBack(from: Address, nonce: number): Promise<boolean> {
    if (!this.#poolInspection) return false;
    const content = (await this.#ctx.client
      .request({ method: "txpool_content" as "eth_chainId" })
      .catch(() => undefined)) as unknown as PoolContent | undefined;
    const held = bySender(content?.queued).get(from.toLowerCase())?.[String(nonce)];
    if (!held) return false;
    if (this.#byHash.get(held.hash)?.from.toLowerCase() === from.toLowerCase()) return true;
    return (await this.#storedPending(from, [held.hash])).has(held.hash);
  }

  /**
   * Which of `hashes` are the hashes of pending records of `from` in the storage (every platform
   * on it writes there before it submits): hash → record id.
   */
  async #storedPending(from: Address, hashes: readonly Hash[]): Promise<Map<Hash, number>> {
    const wanted = new Set(hashes.map((hash) => hash.toLowerCase()));
    const found = new Map<Hash, number>();
    let before: number | undefined;
    while (found.size < wanted.size) {
      const page = await this.#ctx.storage.transactions.list({
        limit: 1_000,
        address: from,
        status: "pending",
        ...(before === undefined ? {} : { before }),
      });
      const last = page.at(-1);
      if (!last) break;
      for (const record of page) {
        const hash = record.hash.toLowerCase() as Hash;
        if (wanted.has(hash) && record.from.toLowerCase() === from.toLowerCase()) found.set(hash, record.id);
      }
      before = last.id;
    }
    return found;
  }

  /** The followed transaction of `from` with `nonce`, if any. */
  followed(from: Address, nonce: number): WatchedTransaction | undefined {
    const sender = from.toLowerCase();
    for (const watched of this.#watched) {
      if (watched.nonce === nonce && watched.from.toLowerCase() === sender) return watched;
    }
    return undefined;
  }

  /** Number of transactions followed now. */
  get size() {
    return this.#watched.size;
  }

  /** How many transactions are followed, and the polls of the node that failed. */
  status(): TransactionWatcherStatus {
    return { following: this.#watched.size, errors: this.#errors, lastError: this.#lastError };
  }

  /** Follows a transaction; call before sending it so that no block can be missed. */
  watch(
    tx: Omit<WatchedTransaction, "hashes" | "waiters" | "lastCheck" | "replacements">,
  ): WatchedTransaction {
    const watched: WatchedTransaction = {
      ...tx,
      hashes: new Set([tx.hash]),
      waiters: [],
      lastCheck: tx.sentAt,
      replacements: 0,
    };
    this.#watched.add(watched);
    this.#byHash.set(tx.hash, watched);
    if (tx.request) this.#leaveBody(tx.hash, tx.request);
    return watched;
  }

  #leaveBody(hash: Hash, request: TransactionRequest) {
    this.#options.sentBodies?.add(hash, {
      value: request.value ?? 0n,
      nonce: request.nonce ?? 0,
      input: request.data ?? "0x",
      type: rpcTransactionType[request.type ?? "eip1559"],
    });
  }

  /** Stops following a transaction the node refused. */
  unwatch(watched: WatchedTransaction) {
    this.#watched.delete(watched);
    for (const hash of watched.hashes) this.#byHash.delete(hash);
  }

  /**
   * Reads the receipt of a followed transaction now, outside the block scan: for one followed only
   * after it may have been mined (a record a previous run left pending, seen in the pool), whose
   * block the scan may already have passed. Answers the status it settled with, if it did.
   */
  async settleIfMined(watched: WatchedTransaction): Promise<"confirmed" | "failed" | undefined> {
    if (this.#watched.has(watched) && !watched.outcome) await this.#checkReceipts(watched);
    return watched.outcome?.status;
  }

  /** Links the stored record; an outcome seen meanwhile is written now. */
  async attach(watched: WatchedTransaction, record: TransactionRecord) {
    watched.recordId = record.id;
    if (watched.outcome) {
      await this.#finish(watched, watched.outcome);
      return;
    }
    this.#nudge();
  }

  /** Resolves with the record once it is confirmed or failed. */
  settled(watched: WatchedTransaction): Promise<{ record: TransactionRecord; reason: string }> {
    if (watched.settled) return Promise.resolve(watched.settled);
    if (this.#stopped) return Promise.reject(this.#stopError);
    return new Promise((resolve, reject) => watched.waiters.push({ resolve, reject }));
  }

  #schedule() {
    if (this.#stopped || this.#paused > 0) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          try {
            await this.#tick();
          } catch (error) {
            // A failed poll (node briefly away) is retried on the next block or timer tick.
            this.#recordError(error);
          }
        } while (this.#again && !this.#stopped);
      } finally {
        // Cleared in the step that saw no new request, so that the next one starts a new run
        // instead of being folded into a run that has ended.
        this.#running = undefined;
      }
    })();
  }

  #recordError(error: unknown) {
    if (this.#stopped) return;
    this.#errors++;
    this.#lastError = toErrorRecord(error);
  }

  async #tick() {
    if (this.#unwritten.size > 0) await this.#finishMany([...this.#unwritten].map((w) => [w, w.outcome]));
    // The pool's size before the head: a transaction accepted before this read and neither in the
    // pool then nor in a block up to the head read after it is gone from the node (see
    // #poolLost). Other senders' transactions only make the count larger, never a false alarm.
    const accepted = this.#poolInspection ? this.#accepted() : [];
    const pooled = accepted.length > 0 ? await this.#readPoolSize() : undefined;
    const anchor = this.#anchor;
    // The head first, then the anchor's hash as the chain has it now: read side by side, the
    // anchor's hash could come from before a revert and the head from after it, and the anchor
    // would move across the revert unseen (seen here: a record the revert took stayed confirmed).
    const latest = await this.#readLatest();
    const anchorHash = anchor ? await this.#hashSeenFrom(anchor, latest) : undefined;
    const head = latest.number;
    // The poller compares with the freshest head known, so that a head that went up and back
    // down between two of its polls is still a change.
    this.#headNumber = head;
    if (head !== this.#tickHead) {
      this.#tickHead = head;
      this.#headSince = Date.now();
    }
    if (anchor && anchorHash !== anchor.hash) {
      // The block seen last is gone or different: the chain went back under us.
      const genesis = await this.#readGenesis();
      const reset = genesis !== (await this.genesisHash());
      await this.#chainWentBack(reset ? "reset" : "revert", latest, genesis);
      return;
    }
    this.#anchor = latest;
    if (this.#watched.size === 0) {
      // Nothing to read: move the scan start along.
      this.#scannedThrough = head;
      return;
    }
    const from = this.#scannedThrough === undefined ? head : this.#scannedThrough + 1n;
    if (this.#blockReceipts) {
      for (let start = from; start <= head && this.#watched.size > 0; start += 8n) {
        const end = start + 7n < head ? start + 7n : head;
        const numbers: bigint[] = [];
        for (let n = start; n <= end; n++) numbers.push(n);
        // The head's receipts may have been read already by the explorer's index (its hash
        // tells whether they are this block's); the others are read.
        const blocks = await Promise.all(
          numbers.map((n) => this.#readBlockReceipts(n, n === latest.number ? latest.hash : undefined)),
        );
        if (blocks.some((receipts) => receipts === undefined)) break;
        // Every transaction these blocks settle is written with one storage call.
        const settled: [WatchedTransaction, WatchedTransaction["outcome"]][] = [];
        for (const receipts of blocks) {
          for (const receipt of receipts ?? []) {
            const watched = this.#byHash.get(receipt.transactionHash);
            if (!watched) continue;
            settled.push([watched, receiptOutcome(receipt)]);
          }
        }
        await this.#finishMany(settled);
        this.#scannedThrough = end;
      }
    }
    if (!this.#blockReceipts) {
      this.#scannedThrough = head;
      await Promise.all([...this.#watched].map((watched) => this.#checkReceipts(watched)));
    }
    // Counted only once the scan reached the head: a block whose receipts could not be read yet
    // may hold the ones not settled.
    const unsettled =
      this.#scannedThrough === head
        ? accepted.filter((watched) => this.#watched.has(watched) && !watched.outcome).length
        : 0;
    if (this.#poolCheckDue || (pooled !== undefined && unsettled > pooled)) {
      this.#poolCheckDue = false;
      await this.#poolLost();
    }
    await this.#checkStuck();
    if (this.#heldBackCheckDue(Date.now())) await this.#checkHeldBack();
  }

  /**
   * Followed transactions the node accepted (their record is stored, their caller was answered
   * with it) and not settled: what a pool loss must not lose.
   */
  #accepted(): WatchedTransaction[] {
    const accepted: WatchedTransaction[] = [];
    for (const watched of this.#watched)
      if (watched.recordId !== undefined && !watched.outcome && !watched.unacknowledged)
        accepted.push(watched);
    return accepted;
  }

  /** Transactions in the node's pool, ready and queued; undefined when the node cannot tell. */
  async #readPoolSize(): Promise<number | undefined> {
    try {
      const status = (await this.#ctx.client.request({
        method: "txpool_status" as "eth_chainId",
      })) as unknown as {
        pending?: Hex;
        queued?: Hex;
      } | null;
      return Number(BigInt(status?.pending ?? "0x0") + BigInt(status?.queued ?? "0x0"));
    } catch (error) {
      if (isMethodMissing(error)) this.#poolInspection = false;
      else this.#recordError(error);
      return undefined;
    }
  }

  /**
   * The node lost transactions it had accepted — restarted from its state without its pool,
   * `anvil_dropAllTransactions`, an eviction — while keeping its blocks (the anchor's check at the
   * tick's start saw no rewind). One `txpool_content` shows which followed transactions are
   * neither pooled nor settled; every sender with such a one gets all of its followed
   * transactions back ({@link rebroadcast}), under its lock.
   */
  async #poolLost() {
    let content: PoolContent | undefined;
    if (this.#poolInspection) {
      try {
        content = (await this.#ctx.client.request({
          method: "txpool_content" as "eth_chainId",
        })) as unknown as PoolContent;
      } catch (error) {
        if (!isMethodMissing(error)) throw error;
        this.#poolInspection = false;
      }
    }
    const inPool = new Set<string>();
    for (const section of [content?.pending, content?.queued]) {
      for (const entries of Object.values(section ?? {}))
        for (const entry of Object.values(entries)) inPool.add(entry.hash.toLowerCase());
    }
    const senders = new Map<string, Address>();
    for (const watched of this.#accepted()) {
      if (content && [...watched.hashes].some((hash) => inPool.has(hash.toLowerCase()))) continue;
      senders.set(watched.from.toLowerCase(), watched.from);
    }
    for (const from of senders.values()) {
      await this.#ctx.storage.withLock(nonceLockKey(from), () => this.rebroadcast(from));
    }
  }

  /**
   * Puts every followed transaction of `from` that the chain has not mined back on the node, from
   * the signed bytes this watcher holds: in nonce order, the ones above the lowest first (in
   * JSON-RPC batches; with their next in line missing they wait in the queue, whatever order the
   * node takes them in), then the lowest, which brings them all along — anvil can hold back a
   * transaction that arrives next in line while a block is being mined (see `#checkHeldBack`).
   * The same bytes, so the same hashes: nothing acknowledged changes. A node that says the nonce
   * is used: the transaction landed meanwhile (settled from its receipt) or another transaction
   * took its nonce (`failed`, with the node's reason). Not after a rewind the watcher has not
   * handled yet (the block seen last is gone): what the chain took back is not replayed.
   *
   * Call under the address's lock ({@link nonceLockKey}). Resolves with the highest nonce the
   * node holds now among them, or undefined when none was put back.
   */
  async rebroadcast(from: Address): Promise<number | undefined> {
    const client = this.#ctx.client;
    const anchor = this.#anchor;
    // The count at a block the node has answered with: every transaction it counts has its
    // receipt readable (at "latest" the count can move before the new block's receipts are).
    const [head, anchorHash] = await Promise.all([
      client.getBlock({ blockTag: "latest" }),
      anchor ? this.#hashAt(anchor.number) : undefined,
    ]);
    if (anchor && anchorHash !== anchor.hash) return undefined;
    const used = await client.getTransactionCount({ address: from, blockNumber: head.number });
    const sender = from.toLowerCase();
    const followed = this.#accepted().filter((watched) => watched.from.toLowerCase() === sender);
    await this.#failTaken(followed, used);
    const ours = followed
      .filter((watched) => !watched.outcome && watched.serialized && watched.nonce >= used)
      .sort((a, b) => a.nonce - b.nonce);
    const lowest = ours[0];
    if (!lowest) return undefined;
    const submit = submissionClient(client);
    const tooLow: WatchedTransaction[] = [];
    const put = async (watched: WatchedTransaction): Promise<boolean> => {
      try {
        await submit.sendRawTransaction({ serializedTransaction: watched.serialized as Hex });
      } catch (error) {
        const kind = classifyNodeError(error);
        if (kind !== "already-known") {
          // Mined since the count above, or taken: told apart below, at a block the node answered.
          if (kind === "nonce-too-low") tooLow.push(watched);
          else this.#recordError(error);
          return false;
        }
      }
      watched.goneSince = undefined;
      return true;
    };
    const above = await Promise.all(ours.slice(1).map(put));
    const first = await put(lowest);
    if (tooLow.length > 0) {
      const block = await client.getBlock({ blockTag: "latest" });
      await this.#failTaken(
        tooLow,
        await client.getTransactionCount({ address: from, blockNumber: block.number }),
      );
    }
    let highest: number | undefined = first ? lowest.nonce : undefined;
    ours.slice(1).forEach((watched, index) => {
      if (above[index]) highest = watched.nonce;
    });
    return highest;
  }

  /**
   * Of `followed`, those below `used` (the sender's count at a block the node answered with) were
   * mined — settled from their receipt — or their nonce went to a transaction privnet did not
   * send: `failed`. A receipt that cannot be read (node away) throws rather than read as none.
   */
  async #failTaken(followed: readonly WatchedTransaction[], used: number) {
    for (const watched of followed) {
      if (watched.outcome || watched.nonce >= used || (await this.#landedStrict(watched))) continue;
      await this.#finish(watched, {
        status: "failed",
        blockNumber: null,
        hash: watched.hash,
        reason: "dropped: its nonce was used by another transaction",
      });
    }
  }

  /** See {@link STILL_HEAD_CHECK_MS}; due at most once per period. */
  #stillHeadCheckDue(now: number) {
    if (this.#settledOnChain.size === 0 || this.#running) return false;
    if (now - this.#headSince < STILL_HEAD_CHECK_MS || now - this.#lastStillHeadCheck < STILL_HEAD_CHECK_MS)
      return false;
    this.#lastStillHeadCheck = now;
    return true;
  }

  #heldBackCheckDue(now: number) {
    return (
      this.#poolInspection &&
      this.#watched.size > 0 &&
      now - this.#headSince >= HELD_BACK_CHECK_MS &&
      now - this.#lastHeldBackCheck >= HELD_BACK_CHECK_MS
    );
  }

  /**
   * anvil can hold a transaction back for good though it is next in line (its nonce is the
   * sender's mined count): when it arrives while the block with the nonce before it is being
   * mined, anvil files it as waiting for that nonce, whose transaction has just left the pool, and
   * nothing wakes it any more (automine sees this under load: sends that overlap blocks). The
   * transactions behind it wait with it — and on an automining chain no block comes to show it.
   *
   * So when the head has not moved for {@link HELD_BACK_CHECK_MS} while transactions are followed:
   * `txpool_status` (cheap) tells whether anything is queued at all; if so, `txpool_content` shows
   * whether the next transaction in line (its nonce is the sender's mined count) of a sender this
   * watcher follows is among the queued ones. It is released (see `#release`).
   */
  async #checkHeldBack() {
    this.#lastHeldBackCheck = Date.now();
    const client = this.#ctx.client;
    let status: { pending?: Hex; queued?: Hex } | null;
    try {
      status = (await client.request({ method: "txpool_status" as "eth_chainId" })) as unknown as {
        pending?: Hex;
        queued?: Hex;
      } | null;
    } catch (error) {
      if (/method not found|not supported|does not exist|unsupported|not available/i.test(String(error))) {
        this.#poolInspection = false;
        return;
      }
      throw error;
    }
    if (status?.pending && BigInt(status.pending) > 0n) await this.#mineMissed();
    if (!status?.queued || BigInt(status.queued) === 0n) return;
    const senders = new Map<string, Address>();
    for (const watched of this.#watched) senders.set(watched.from.toLowerCase(), watched.from);
    const content = (await client.request({
      method: "txpool_content" as "eth_chainId",
    })) as unknown as PoolContent;
    const queued = bySender(content?.queued);
    for (const [sender, from] of senders) {
      const waiting = queued.get(sender);
      if (!waiting) continue;
      const used = await client.getTransactionCount({ address: from, blockTag: "latest" });
      // Queued below the mined count: another transaction took its nonce; it never lands.
      for (const [nonce, entry] of Object.entries(waiting)) {
        const stale = Number(nonce) < used ? this.#byHash.get(entry.hash) : undefined;
        if (!stale || stale.recordId === undefined || (await this.#checkReceipts(stale))) continue;
        await this.#finish(stale, {
          status: "failed",
          blockNumber: null,
          hash: stale.hash,
          reason: "dropped: its nonce was used by another transaction",
        });
      }
      if (waiting[String(used)]) await this.#release(from);
    }
  }

  /**
   * Ready transactions sit in the pool of a node that automines, with the head standing still:
   * anvil's automine missed them (foundry-rs/foundry#10122; its miner hears of each transaction
   * that becomes ready through a channel of 2,048 places, and a notice that does not fit is
   * dropped), and they wait until the next send wakes it — for ever, when none comes. Seen here
   * with a bot at interval 0: thousands ready, none mined. One `evm_mine` takes them (up to the
   * block's gas limit; the next check takes the rest). Never on a node that mines at intervals:
   * there, ready transactions wait for the next block by design.
   */
  async #mineMissed() {
    const client = this.#ctx.client;
    const automine = await client
      .request({ method: "anvil_getAutomine" as "eth_chainId" })
      .catch(() => false);
    if (automine !== (true as unknown)) return;
    await client.request({ method: "evm_mine" as "eth_chainId" });
  }

  /**
   * Releases the transaction of `from` anvil holds back (see `#checkHeldBack`), under the
   * address's lock ({@link nonceLockKey}): no send of the address, from any platform on this
   * storage, reads the node's counts or adds to its pool meanwhile. The pool is looked at again
   * under the lock (another platform's watcher may have released it already). When the held-back
   * one and every other transaction of the sender in the pool are ones this platform or another on
   * the same storage sent — their signed bytes kept by this watcher, or stored with a pending
   * record — they are taken out (`anvil_removePoolTransactions`) and put back: first every one
   * above the held-back nonce (in JSON-RPC batches; with their next in line missing they all wait,
   * whatever order the node takes them in), then the held-back one, which goes in ready and brings
   * all of them along in the same step — the same hashes, nothing mined in between to race with.
   * Otherwise (a transaction from elsewhere in the way, a node without that method) the held-back
   * one, if this watcher follows it, is replaced with a higher fee, which the node files afresh.
   */
  async #release(from: Address) {
    const client = this.#ctx.client;
    const storage = this.#ctx.storage;
    const sender = from.toLowerCase();
    const replace = await storage.withLock(nonceLockKey(from), async () => {
      const [content, used] = await Promise.all([
        client.request({ method: "txpool_content" as "eth_chainId" }) as unknown as Promise<PoolContent>,
        client.getTransactionCount({ address: from, blockTag: "latest" }),
      ]);
      const waiting = bySender(content?.queued).get(sender) ?? {};
      const held = waiting[String(used)];
      if (!held) return undefined;
      // Below the mined count: taken by another transaction, never to land (left out; the
      // removal takes it, and the timer's check fails it).
      const pooled = [
        ...Object.entries(bySender(content?.pending).get(sender) ?? {}),
        ...Object.entries(waiting),
      ]
        .filter(([nonce]) => Number(nonce) >= used)
        .map(([, entry]) => entry);
      const signed = new Map<Hash, Hex>();
      for (const { hash } of pooled) {
        const watched = this.#byHash.get(hash);
        if (watched?.serialized && watched.hash === hash) signed.set(hash, watched.serialized);
      }
      const unknown = pooled.filter(({ hash }) => !signed.has(hash)).map(({ hash }) => hash);
      if (unknown.length > 0) {
        const stored = await this.#storedPending(from, unknown);
        for (const [hash, id] of stored) {
          const raw = await storage.transactions.getRawTransaction(id);
          if (raw) signed.set(hash, raw);
        }
      }
      if (!pooled.every(({ hash }) => signed.has(hash))) return this.#byHash.get(held.hash);
      try {
        await client.request({
          method: "anvil_removePoolTransactions" as "eth_chainId",
          params: [from] as never,
        });
      } catch {
        // Not anvil (or an older one): replaced below.
        return this.#byHash.get(held.hash);
      }
      // Every followed transaction of the sender above the held-back one goes back too, not only
      // those the pool listed: one the node had forgotten waits there for its turn.
      const above = new Set<Hex>();
      for (const { hash } of pooled) if (hash !== held.hash) above.add(signed.get(hash) as Hex);
      for (const watched of this.#watched) {
        if (watched.from.toLowerCase() === sender && watched.serialized && watched.nonce > used) {
          above.add(watched.serialized);
        }
      }
      const submit = submissionClient(client);
      const resend = (serializedTransaction: Hex) =>
        submit.sendRawTransaction({ serializedTransaction }).catch((error: unknown) => {
          // Gone for good is for the timer's checks to find (resubmitted when next in line).
          if (classifyNodeError(error) !== "already-known") this.#recordError(error);
        });
      await Promise.all([...above].map(resend));
      await resend(signed.get(held.hash) as Hex);
      return undefined;
    });
    if (replace?.from.toLowerCase() === sender) await this.#replace(replace);
  }

  async #readBlockReceipts(blockNumber: bigint, blockHash?: Hash): Promise<RawReceipt[] | undefined> {
    try {
      const receipts = await this.recentReceipts.read(blockNumber, blockHash, async () => {
        const answer = await this.#ctx.client.request({
          method: "eth_getBlockReceipts" as "eth_getBlockByNumber",
          params: [toHex(blockNumber)] as never,
        });
        return answer as unknown as RawReceipt[] | null;
      });
      return (receipts ?? []) as RawReceipt[];
    } catch (error) {
      // Nodes without eth_getBlockReceipts: fall back to one receipt lookup per followed hash.
      if (/method not found|not supported|does not exist|unsupported/i.test(String(error))) {
        this.#blockReceipts = false;
      } else {
        // Read again on the next tick.
        this.#recordError(error);
      }
      return undefined;
    }
  }

  /** Settles `watched` from the receipt of any of its hashes; false when none has one (or a read failed). */
  #checkReceipts(watched: WatchedTransaction) {
    return this.#settleFromReceipts(watched, false);
  }

  /**
   * Like {@link #checkReceipts}, but a failed read throws instead of reading as "no receipt": for
   * decisions that fail a record when none is found.
   */
  #landedStrict(watched: WatchedTransaction) {
    return this.#settleFromReceipts(watched, true);
  }

  async #settleFromReceipts(watched: WatchedTransaction, strict: boolean): Promise<boolean> {
    for (const hash of watched.hashes) {
      const receipt = await this.#ctx.client.getTransactionReceipt({ hash }).catch((error: unknown) => {
        if (strict && (error as { name?: string }).name !== "TransactionReceiptNotFoundError") throw error;
        return undefined;
      });
      if (!receipt) continue;
      await this.#finish(watched, receiptOutcome(receipt));
      return true;
    }
    return false;
  }

  async #checkStuck() {
    const now = Date.now();
    const due = [...this.#watched].filter(
      (watched) => watched.recordId !== undefined && now - watched.lastCheck >= this.#options.replaceAfter,
    );
    await Promise.all(due.map((watched) => this.#checkOne(watched, now)));
  }

  async #checkOne(watched: WatchedTransaction, now: number) {
    watched.lastCheck = now;
    const client = this.#ctx.client;
    const inPool = await client.getTransaction({ hash: watched.hash }).catch(() => undefined);
    if (inPool?.blockNumber != null) {
      await this.#checkReceipts(watched);
      return;
    }
    const used = await client.getTransactionCount({ address: watched.from, blockTag: "latest" });
    if (inPool && used <= watched.nonce) {
      watched.goneSince = undefined;
      await this.#replace(watched);
      return;
    }
    // The node does not know the current hash, or keeps it in its pool below the sender's mined
    // count (anvil does with one it held back, see #checkHeldBack, when another transaction took
    // the nonce): an earlier hash may have landed; if not, it never will.
    if (await this.#checkReceipts(watched)) return;
    if (used > watched.nonce) {
      await this.#finish(watched, {
        status: "failed",
        blockNumber: null,
        hash: watched.hash,
        reason: "dropped: its nonce was used by another transaction",
      });
      return;
    }
    watched.goneSince ??= now;
    if (now - watched.goneSince >= this.#options.dropAfter) {
      await this.#finish(watched, {
        status: "failed",
        blockNumber: null,
        hash: watched.hash,
        reason: "dropped: the node no longer has it",
      });
      return;
    }
    // The node forgot it: it and every followed transaction of its sender go back, in order (not
    // one whose caller heard the send failed: that one fails after `dropAfter`).
    if (watched.serialized) {
      await this.#ctx.storage.withLock(nonceLockKey(watched.from), () => this.rebroadcast(watched.from));
    }
  }

  async #replace(watched: WatchedTransaction) {
    // A transaction that stays pending after several raises is not waiting on its fee (a gap
    // before it, a full pool): stop raising rather than let the fee grow without bound.
    if (watched.replacements >= MAX_REPLACEMENTS) return;
    const account = await watched.signer?.().catch(() => undefined);
    if (!account || !watched.request) return;
    watched.replacements++;
    const block = await this.#ctx.client.getBlock({ blockTag: "latest" });
    const previous = watched.request;
    // Same fields, authorization list included (a set-code transaction stays one); higher fees.
    const raised = () => this.#ctx.fees.replacement(requestFees(previous) ?? {}, block.baseFeePerGas);
    let request: TransactionRequest;
    if (isGasPriced(previous)) {
      // One gas price: raised like a max fee (at least the bump nodes require).
      request = { ...previous, gasPrice: raised().maxFeePerGas };
    } else if (previous.type === "eip4844") {
      request = {
        ...previous,
        ...this.#ctx.fees.blobReplacement(
          previous,
          block.baseFeePerGas,
          await this.#ctx.client.getBlobBaseFee(),
        ),
      };
    } else request = { ...previous, ...raised() };
    const serialized = await account.signTransaction(request);
    const hash = transactionHash(serialized);
    try {
      await this.#ctx.client.sendRawTransaction({ serializedTransaction: serialized });
    } catch (error) {
      const kind = classifyNodeError(error);
      // Underpriced: the next check bumps again from the higher fee. Nonce too low: the original
      // landed meanwhile and the next block's scan finds it.
      if (kind === "replacement-underpriced") watched.request = request;
      if (kind !== "already-known") return;
    }
    watched.request = request;
    watched.serialized = serialized;
    watched.hash = hash;
    watched.hashes.add(hash);
    this.#byHash.set(hash, watched);
    this.#leaveBody(hash, request);
    await this.#update(watched, { hash });
  }

  async #chainWentBack(cause: ChainRewindCause, latest: Anchor, genesis: Hash) {
    if (cause === "reset") this.#genesis = Promise.resolve(genesis);
    this.#anchor = latest;
    this.#scannedThrough = latest.number;
    // viem's block watcher only reports numbers above the last it saw: start it afresh.
    if (!this.#stopped) this.#watchBlocks();
    try {
      // Before the followed ones settle on the new chain: the walk down stops at the first block
      // whose records are all still there, and those must be from before the rewind.
      await this.#recheckSettled(cause);
      // What the chain knows now stays followed (in a block: settled here; in the pool: followed
      // on); the rest is gone with the blocks that held it.
      await Promise.all(
        [...this.#watched].map(async (watched) => {
          if (await this.#checkReceipts(watched)) return;
          const known = await this.#ctx.client.getTransaction({ hash: watched.hash }).catch(() => undefined);
          if (known) return;
          if (watched.recordId === undefined) return; // still being sent: the sender decides
          await this.#finish(watched, {
            status: "failed",
            blockNumber: null,
            hash: watched.hash,
            reason: cause === "reset" ? "the chain was reset" : "the chain was reverted",
          });
        }),
      );
      await this.#fillHoles();
    } finally {
      // Last: the bots run their setup again and top their keys up. A top-up that landed before
      // the holes were looked at would let a bot's old transactions fill the nonces its new
      // deployment is to take, whether it did depending on which came first.
      this.#options.onChainRewound?.(cause);
    }
  }

  /**
   * anvil keeps its pool across evm_revert but not the blocks: a transaction still pooled may now
   * wait on a nonce whose transaction went with them, and would wait for ever. The nonces below
   * each sender's followed transactions are filled (`fillNonceHoles`); above a hole that stays,
   * the transactions are taken out of the pool and fail.
   */
  async #fillHoles() {
    const fill = this.#options.fillNonceHoles;
    if (!fill) return;
    const bySender = new Map<string, WatchedTransaction[]>();
    for (const watched of this.#watched) {
      const key = watched.from.toLowerCase();
      bySender.set(key, [...(bySender.get(key) ?? []), watched]);
    }
    await Promise.all(
      [...bySender.values()].map(async (pooled) => {
        const signer = pooled.find((watched) => watched.signer)?.signer ?? (async () => undefined);
        const from = (pooled[0] as WatchedTransaction).from;
        const unfilled = await fill(from, {
          pooled: pooled.map((watched) => watched.nonce),
          pooledFees: pooled.flatMap((watched) => sentFees(watched) ?? []),
          signer,
          abandon: (lowest) => this.#dropFromPool(pooled.filter((watched) => watched.nonce >= lowest)),
        });
        if (unfilled.length === 0) return;
        // A hole that stays (the revert left the address without ETH, no key at hand): what
        // waits above it never lands, and is not resubmitted to wait there again.
        const lowest = Math.min(...unfilled);
        for (const watched of pooled) {
          if (watched.nonce < lowest || watched.recordId === undefined) continue;
          await this.#finish(watched, {
            status: "failed",
            blockNumber: null,
            hash: watched.hash,
            reason: "the chain was reverted: a nonce below it is gone",
          });
        }
      }),
    );
  }

  /**
   * Takes transactions that can never land out of the node's pool (`anvil_dropTransaction`, every
   * hash each was sent with). After `evm_revert` anvil keeps such a transaction among its ready
   * ones until its next block, above the sender's count, and counts it in the sender's pending
   * nonce: a send in between would be given a nonce past a hole, and wait there. Nodes without the
   * method keep them.
   */
  async #dropFromPool(abandoned: readonly WatchedTransaction[]) {
    const submit = submissionClient(this.#ctx.client);
    await Promise.all(
      abandoned.flatMap((watched) =>
        [...watched.hashes].map((hash) =>
          submit
            .request({ method: "anvil_dropTransaction" as "eth_chainId", params: [hash] as never })
            .catch(() => undefined),
        ),
      ),
    );
  }

  /**
   * After a rewind: records settled in blocks the chain no longer has are checked again, newest
   * block first, down to the first block still there (everything below it is too). In a block
   * again (a reorganisation re-included it): its block number is updated. Back in the pool: pending
   * again, and followed. Gone: `failed` with no block number (reason `dropped: the chain was
   * reverted`), so that the history never calls confirmed what the chain does not hold. Such a
   * record is not resubmitted: after an `evm_revert` in a test suite that would replay the
   * reverted test's transactions into the next test.
   */
  async #recheckSettled(cause: ChainRewindCause) {
    const byBlock = new Map<bigint, SettledOnChain[]>();
    for (const entry of this.#settledOnChain.values()) {
      byBlock.set(entry.blockNumber, [...(byBlock.get(entry.blockNumber) ?? []), entry]);
    }
    const numbers = [...byBlock.keys()].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0));
    for (const number of numbers) {
      const entries = byBlock.get(number) as SettledOnChain[];
      // A reset leaves no block of the old chain: no need to ask.
      const hash = cause === "reset" ? null : await this.#hashAt(number);
      const lost = entries.filter((entry) => entry.blockHash !== hash);
      if (lost.length === 0) break;
      await Promise.all(lost.map((entry) => this.#recheck(entry, cause)));
    }
  }

  async #recheck(entry: SettledOnChain, cause: ChainRewindCause) {
    this.#settledOnChain.delete(entry.recordId);
    const client = this.#ctx.client;
    const receipt =
      cause === "reset"
        ? undefined
        : await client.getTransactionReceipt({ hash: entry.hash }).catch(() => undefined);
    if (receipt) {
      this.#remember({ ...entry, blockNumber: receipt.blockNumber, blockHash: receipt.blockHash });
      const { status, blockNumber } = receiptOutcome(receipt);
      await this.#updateRecord(entry.recordId, { status, blockNumber });
      return;
    }
    const inPool =
      cause === "reset"
        ? undefined
        : await client.getTransaction({ hash: entry.hash }).catch(() => undefined);
    // Followed before anyone hears it is pending again.
    const watched = inPool
      ? this.watch({ from: entry.from, nonce: entry.nonce, hash: entry.hash, sentAt: Date.now() })
      : undefined;
    const record = await this.#updateRecord(entry.recordId, {
      status: inPool ? "pending" : "failed",
      blockNumber: null,
    });
    if (!watched) return;
    if (record) await this.attach(watched, record);
    else this.unwatch(watched);
  }

  #remember(entry: SettledOnChain) {
    this.#settledOnChain.delete(entry.recordId);
    this.#settledOnChain.set(entry.recordId, entry);
    if (this.#settledOnChain.size > SETTLED_KEPT) {
      const oldest = this.#settledOnChain.keys().next().value as number;
      this.#settledOnChain.delete(oldest);
    }
  }

  async #finish(watched: WatchedTransaction, outcome: NonNullable<WatchedTransaction["outcome"]>) {
    await this.#finishMany([[watched, outcome]], true);
  }

  /**
   * Writes the outcomes in one storage call and answers whoever waits. An outcome whose record is
   * not stored yet waits for {@link attach}. If the write fails (storage away), the transactions
   * stay followed with their outcome and the next poll writes them again; `rethrow` reports the
   * failure to the caller too.
   */
  async #finishMany(pairs: readonly [WatchedTransaction, WatchedTransaction["outcome"]][], rethrow = false) {
    const writes: { watched: WatchedTransaction; outcome: NonNullable<WatchedTransaction["outcome"]> }[] = [];
    for (const [watched, outcome] of pairs) {
      if (!outcome) continue;
      watched.outcome = outcome;
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
    writes.forEach(({ watched, outcome }, index) => {
      this.#unwritten.delete(watched);
      if (outcome.blockNumber !== null && outcome.blockHash && watched.recordId !== undefined) {
        this.#remember({
          recordId: watched.recordId,
          from: watched.from,
          nonce: watched.nonce,
          hash: outcome.hash,
          blockNumber: outcome.blockNumber,
          blockHash: outcome.blockHash,
        });
      }
      this.unwatch(watched);
      const record = records[index];
      if (!record) return;
      this.#ctx.events.emit("transaction", record);
      watched.settled = { record, reason: outcome.reason };
      for (const waiter of watched.waiters.splice(0)) waiter.resolve(watched.settled);
    });
  }

  async #update(watched: WatchedTransaction, update: TransactionRecordUpdate) {
    if (watched.recordId === undefined) return undefined;
    return this.#updateRecord(watched.recordId, update);
  }

  async #updateRecord(id: number, update: TransactionRecordUpdate) {
    const record = await this.#ctx.storage.transactions.update(id, update);
    if (record) this.#ctx.events.emit("transaction", record);
    return record;
  }

  async #readLatest(): Promise<Anchor & { parentHash: Hash }> {
    const block = await this.#ctx.client.getBlock({ blockTag: "latest" });
    return { number: block.number, hash: block.hash, parentHash: block.parentHash };
  }

  /**
   * The hash of the chain's block at `anchor`'s height, no older than `latest` (read before): from
   * `latest` itself when it is that block or the next one, else read now.
   */
  async #hashSeenFrom(anchor: Anchor, latest: Anchor & { parentHash: Hash }): Promise<Hash | null> {
    if (latest.number === anchor.number) return latest.hash;
    if (latest.number === anchor.number + 1n) return latest.parentHash;
    return this.#hashAt(anchor.number);
  }

  /** The hash of block `number`, or null when the chain has no such block (any more). */
  async #hashAt(number: bigint): Promise<Hash | null> {
    const block = await this.#ctx.client.request({
      method: "eth_getBlockByNumber",
      params: [toHex(number), false],
    });
    return block?.hash ?? null;
  }

  /**
   * The genesis the chain was built on: block 1's parent hash once there is a block 1, block 0's
   * hash before. Block 0 is not asked for once block 1 exists: anvil restarted from its state file
   * reports block 0 with another timestamp (so another hash) on many starts, over the same blocks
   * (measured: 2 of 5 restarts at 1 s blocks). Block 1's parent hash keeps the genesis it was mined on. A reset (`anvil_reset`, a new
   * chain) still changes it: its block 1, if mined yet, sits on the new genesis.
   */
  async #readGenesis(): Promise<Hash> {
    const [first, genesis] = await Promise.all([
      this.#ctx.client.request({ method: "eth_getBlockByNumber", params: ["0x1", false] }),
      this.#ctx.client.getBlock({ blockNumber: 0n }),
    ]);
    return first?.parentHash ?? genesis.hash;
  }
}

/** A node without this method (`txpool_*` on some clients). */
function isMethodMissing(error: unknown) {
  return /method not found|not supported|does not exist|unsupported|not available/i.test(String(error));
}

/** The entries of a `txpool_content` section by lower-case sender (nodes differ in the case). */
function bySender(section: PoolContent["pending"]): Map<string, Record<string, PoolEntry>> {
  const map = new Map<string, Record<string, PoolEntry>>();
  for (const [sender, entries] of Object.entries(section ?? {})) map.set(sender.toLowerCase(), entries);
  return map;
}

/**
 * The fees `watched` was last sent with: from its unsigned fields, else from its signed bytes
 * (a record adopted after a restart keeps only those); undefined when neither is at hand.
 */
function sentFees(watched: WatchedTransaction): TransactionFees | undefined {
  const sent = watched.request ?? (watched.serialized ? parseSigned(watched.serialized) : undefined);
  return sent === undefined ? undefined : requestFees(sent);
}

function parseSigned(serialized: Hex) {
  try {
    return parseTransaction(serialized);
  } catch {
    return undefined;
  }
}
