import {
  type Address,
  type Hash,
  type Hex,
  isAddressEqual,
  type LocalAccount,
  rpcTransactionType,
} from "viem";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { TransactionRecord, TransactionStatus } from "../storage/StorageAdapter.js";
import type { TransactionRequest } from "./transactionRequest.js";

/** How a followed transaction ended, as its record is to say. */
export type WatchedOutcome = {
  status: Exclude<TransactionStatus, "pending">;
  blockNumber: bigint | null;
  /** The block that holds it, when it was settled by a receipt. */
  blockHash?: Hash | undefined;
  hash: Hash;
  reason: string;
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
  /** The most a replacement may pay per gas (wei); none: no cap. */
  maxFeePerGasCap?: bigint | undefined;
  /**
   * Its submission ended without an answer (the node went away) and its caller was told so: it is
   * followed until the chain shows what became of it, never sent again (see `rebroadcast`).
   */
  unacknowledged?: boolean | undefined;
  recordId?: number | undefined;
  /** Outcome seen before the record was stored (automine is that fast); applied on attach. */
  outcome?: WatchedOutcome;
  sentAt: number;
  lastCheck: number;
  /** Replacements sent so far (at most `MAX_REPLACEMENTS`). */
  replacements: number;
  goneSince?: number | undefined;
  waiters: {
    resolve: (settled: { record: TransactionRecord; reason: string }) => void;
    reject: (error: unknown) => void;
  }[];
  /** Set once the record reached its final status. */
  settled?: { record: TransactionRecord; reason: string } | undefined;
};

/** What `watch` takes: the rest starts empty. */
export type NewWatchedTransaction = Omit<
  WatchedTransaction,
  "hashes" | "waiters" | "lastCheck" | "replacements"
>;

/**
 * The transactions the watcher follows, by hash and by sender. The only code that changes a
 * {@link WatchedTransaction}: every stage asks it to.
 */
export class FollowedTransactions {
  readonly #watched = new Set<WatchedTransaction>();
  readonly #byHash = new Map<Hash, WatchedTransaction>();
  readonly #sentBodies: SentTransactionBodies | undefined;

  constructor(sentBodies: SentTransactionBodies | undefined) {
    this.#sentBodies = sentBodies;
  }

  get size() {
    return this.#watched.size;
  }

  [Symbol.iterator]() {
    return this.#watched[Symbol.iterator]();
  }

  has(watched: WatchedTransaction) {
    return this.#watched.has(watched);
  }

  byHash(hash: Hash) {
    return this.#byHash.get(hash);
  }

  /** Follows a transaction; its body is left for the explorer's index. */
  watch(tx: NewWatchedTransaction): WatchedTransaction {
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

  unwatch(watched: WatchedTransaction) {
    this.#watched.delete(watched);
    for (const hash of watched.hashes) this.#byHash.delete(hash);
  }

  /** The followed transaction of `from` with `nonce`, if any. */
  followed(from: Address, nonce: number): WatchedTransaction | undefined {
    for (const watched of this.#watched) {
      if (watched.nonce === nonce && isAddressEqual(watched.from, from)) return watched;
    }
    return undefined;
  }

  /** The followed transactions of `from`. */
  of(from: Address): WatchedTransaction[] {
    return [...this.#watched].filter((watched) => isAddressEqual(watched.from, from));
  }

  /**
   * Followed transactions the node accepted (their record is stored, their caller was answered
   * with it) and not settled: what a pool loss must not lose.
   */
  accepted(): WatchedTransaction[] {
    const accepted: WatchedTransaction[] = [];
    for (const watched of this.#watched)
      if (watched.recordId !== undefined && !watched.outcome && !watched.unacknowledged)
        accepted.push(watched);
    return accepted;
  }

  attachRecord(watched: WatchedTransaction, recordId: number) {
    watched.recordId = recordId;
  }

  /** Its submission ended without an answer: never sent again. */
  markUnacknowledged(watched: WatchedTransaction) {
    watched.unacknowledged = true;
  }

  setOutcome(watched: WatchedTransaction, outcome: WatchedOutcome) {
    watched.outcome = outcome;
  }

  markChecked(watched: WatchedTransaction, now: number) {
    watched.lastCheck = now;
  }

  /** Seen by the node again (pooled or put back). */
  markPresent(watched: WatchedTransaction) {
    watched.goneSince = undefined;
  }

  /** Not known to the node: since when (the first time it was seen gone). */
  markGone(watched: WatchedTransaction, now: number): number {
    watched.goneSince ??= now;
    return watched.goneSince;
  }

  /** One more replacement is being signed. */
  countReplacement(watched: WatchedTransaction) {
    watched.replacements++;
  }

  /** The fields the next replacement raises from (an underpriced one kept its higher fee). */
  setRequest(watched: WatchedTransaction, request: TransactionRequest) {
    watched.request = request;
  }

  /** A replacement reached the node: the record points at its hash from now on. */
  replaced(watched: WatchedTransaction, request: TransactionRequest, serialized: Hex, hash: Hash) {
    watched.request = request;
    watched.serialized = serialized;
    watched.hash = hash;
    watched.hashes.add(hash);
    this.#byHash.set(hash, watched);
    this.#leaveBody(hash, request);
  }

  addWaiter(watched: WatchedTransaction, waiter: WatchedTransaction["waiters"][number]) {
    watched.waiters.push(waiter);
  }

  /** Removes and answers the waiters of `watched`. */
  takeWaiters(watched: WatchedTransaction) {
    return watched.waiters.splice(0);
  }

  markSettled(watched: WatchedTransaction, settled: NonNullable<WatchedTransaction["settled"]>) {
    watched.settled = settled;
  }

  #leaveBody(hash: Hash, request: TransactionRequest) {
    this.#sentBodies?.add(hash, {
      value: request.value ?? 0n,
      nonce: request.nonce ?? 0,
      input: request.data ?? "0x",
      type: rpcTransactionType[request.type ?? "eip1559"],
    });
  }
}
