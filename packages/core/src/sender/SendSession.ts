import { BaseError } from "viem";
import { ChainUnreachableError } from "../errors/platform.js";
import {
  FeeAboveCapError,
  InsufficientFundsError,
  NonceConflictError,
  TransactionRejectedError,
} from "../errors/sender.js";
import { GAS_PER_BLOB, type TransactionFees, withinFeeCap } from "../fees/feePolicy.js";
import { readBaseFee } from "../fees/readBaseFee.js";
import type { AdaptiveWindow } from "./adaptiveWindow.js";
import { fillGap } from "./fillNonceGaps.js";
import type { NonceLock } from "./nonceLock.js";
import { nonceLockKey } from "./nonceLockKey.js";
import { type QueuedTransaction, queuedRequest, selfAuthorizationCount } from "./queuedRequest.js";
import {
  createRecordWriter,
  type RecordWriter,
  toStorageError,
  type UncertainWrites,
} from "./RecordWriter.js";
import { reconcileNonce, type StoredNonceState } from "./reconcileNonce.js";
import {
  announceAccepted,
  isNonceConflict,
  type NonceSender,
  type SubmissionOutcome,
  submitSigned,
  type Waiting,
} from "./submitSigned.js";
import { createWindowGate, type NodeGate } from "./windowGate.js";

/** What a session takes from its nonce manager: the queue, its limits, and a way to be woken. */
export type SessionHost = NonceSender & {
  readonly queue: Waiting[];
  readonly uncertain: UncertainWrites;
  /** The address's window at the node: fixed, or learned across holds (adaptiveWindow.ts). */
  readonly window: AdaptiveWindow;
  readonly maxPerLock: number;
  readonly maxAttempts: number;
  closed(): boolean;
  /** Sets (or clears) what a new send calls to wake a session that waits for more. */
  onSend(wake: (() => void) | undefined): void;
};

/**
 * One hold of the lock `nonce:<address>`: reconciles the nonce, then takes queued transactions in
 * order (balance checked, nonce given, signed, recorded, submitted with up to the address's window at
 * the node), settles the refused ones (a conflict goes back to the queue, a refused nonce below an
 * accepted one is filled) and stores the next nonce. Made for one hold and dropped after it.
 */
export class SendSession {
  readonly #host: SessionHost;
  readonly #lock: NonceLock;
  #firstNonce = 0;
  #next = 0;
  /** Nonces a transaction uses up beyond its own (its sender's authorizations), by its nonce. */
  readonly #consumedAfter = new Map<number, number>();
  #fees: TransactionFees = { maxFeePerGas: 0n, maxPriorityFeePerGas: 0n };
  #baseFee = 0n;
  #balance = 0n;
  #available = 0n;
  #genesis: StoredNonceState["genesis"] = "0x";
  #conflict = false;
  #storageFailed = false;
  #taken = 0;
  #writer: RecordWriter | undefined;
  readonly #outcomes: SubmissionOutcome[] = [];
  readonly #inFlight = new Set<Promise<void>>();
  /** At most the window at the node; as many more signed and being recorded behind them. */
  readonly #atNode: NodeGate;

  constructor(host: SessionHost, lock: NonceLock) {
    this.#host = host;
    this.#lock = lock;
    this.#atNode = createWindowGate(host.window);
  }

  /** Runs the hold: reconcile, send, settle the refusals, store the next nonce. */
  async run(): Promise<void> {
    await this.#reconcile();
    // Group commit: the records of transactions signed together go to storage in one call.
    this.#writer = createRecordWriter(this.#host.ctx.storage, (records) => this.#host.uncertain.add(records));
    await this.#sendQueued();
    await Promise.all(this.#inFlight);
    // Nothing was sent (every transfer refused before signing): nothing to write either.
    if (this.#outcomes.length === 0) return;
    const highestAccepted = Math.max(-1, ...this.#outcomes.flatMap((o) => (o.accepted ? [o.nonce] : [])));
    await this.#settleRefused(highestAccepted);
    // Continue after the highest accepted nonce; refused nonces above it are reused. After a
    // conflict the next hold's reconciliation takes the chain's count if it is higher.
    const next =
      highestAccepted >= 0
        ? highestAccepted + 1 + (this.#consumedAfter.get(highestAccepted) ?? 0)
        : this.#firstNonce;
    await this.#host.ctx.storage.state
      .set<StoredNonceState>(nonceLockKey(this.#host.address), { next, genesis: this.#genesis })
      .catch((error: unknown) => {
        throw toStorageError(error);
      });
  }

  /** Reads the counts, the balance, the fee and the stored counter in one round trip. */
  async #reconcile() {
    const { ctx, watcher, address } = this.#host;
    const client = ctx.client;
    const [chainPending, balance, baseFee, stored, genesis] = await Promise.all([
      client.getTransactionCount({ address, blockTag: "pending" }),
      client.getBalance({ address, blockTag: "pending" }),
      readBaseFee(client),
      ctx.storage.state.get<StoredNonceState>(nonceLockKey(address)).catch((error: unknown) => {
        throw toStorageError(error);
      }),
      watcher.genesisHash(),
    ]);
    await this.#host.uncertain.removeStored();
    this.#genesis = genesis;
    this.#firstNonce = await reconcileNonce(this.#host, this.#lock, chainPending, stored, genesis);
    this.#next = this.#firstNonce;
    this.#fees = ctx.fees.newTransaction(baseFee);
    this.#baseFee = baseFee ?? 0n;
    this.#balance = balance;
    this.#available = balance;
  }

  #cost(item: QueuedTransaction, fees: TransactionFees = this.#fees) {
    const blobGas = item.blobs
      ? BigInt(item.blobs.sidecars.length) * GAS_PER_BLOB * item.blobs.maxFeePerBlobGas
      : 0n;
    return item.value + item.gas * fees.maxFeePerGas + blobGas;
  }

  /** The fees of `item`: the session's, within the item's cap; undefined when they cannot be. */
  #feesOf(item: QueuedTransaction): TransactionFees | undefined {
    return withinFeeCap(this.#fees, item.maxFeePerGasCap, this.#baseFee + this.#fees.maxPriorityFeePerGas);
  }

  /** Takes queued transactions until the queue stays empty, a conflict, or `maxPerLock`. */
  async #sendQueued() {
    const host = this.#host;
    while (!this.#conflict && this.#taken < host.maxPerLock) {
      if (host.queue.length === 0) {
        if (this.#inFlight.size === 0) break;
        // Sends that arrive one by one (HTTP clients) join this hold while its last ones are at
        // the node, instead of each paying for a new hold and its reconciliation.
        const woken = new Promise<void>((resolve) => host.onSend(resolve));
        await Promise.race([woken, ...this.#inFlight]);
        host.onSend(undefined);
      } else if (this.#inFlight.size >= 2 * host.window.size) {
        await Promise.race(this.#inFlight);
      }
      // A nonce conflict came back meanwhile: stop here, the next hold resynchronises. A record
      // that could not be written: stop too; nothing after it may be submitted.
      if (this.#conflict || this.#storageFailed || host.closed()) break;
      const item = host.queue.shift();
      if (!item) continue;
      this.#taken++;
      if (!this.#take(item)) break;
    }
  }

  /** Gives `item` its nonce and sends it; false when the hold is to end here (balance to read again). */
  #take(item: Waiting): boolean {
    const fees = this.#feesOf(item);
    if (!fees) {
      // Refused before it takes a nonce: nothing to fill, the caller may send it again later.
      item.reject(new FeeAboveCapError(this.#host.address, this.#baseFee, item.maxFeePerGasCap ?? 0n));
      return true;
    }
    const cost = this.#cost(item, fees);
    if (cost > this.#available) {
      if (this.#available !== this.#balance) {
        // This hold has spent from the balance it read at its start, and a long hold (sends
        // that keep arriving) does not see top-ups that landed since: end it here, so that the
        // next hold reads the balance again before this transaction is refused.
        this.#host.queue.unshift(item);
        return false;
      }
      item.reject(new InsufficientFundsError(this.#host.address, this.#available, cost));
      return true;
    }
    this.#available -= cost;
    const nonce = this.#next++;
    // The sender's own EIP-7702 authorizations take the nonces right after the transaction's.
    const ownAuthorizations = selfAuthorizationCount(item);
    this.#next += ownAuthorizations;
    if (ownAuthorizations > 0) this.#consumedAfter.set(nonce, ownAuthorizations);
    const request = queuedRequest(this.#host.ctx.chain.id, item, nonce, fees);
    const writer = this.#writer as RecordWriter;
    const sending = submitSigned(this.#host, item, nonce, request, writer, this.#atNode).then((outcome) =>
      this.#answer(outcome),
    );
    // Whatever goes wrong, the caller hears of it and the session does not stall.
    const tracked: Promise<void> = sending
      .catch((error: unknown) => item.reject(error))
      .finally(() => this.#inFlight.delete(tracked));
    this.#inFlight.add(tracked);
    return true;
  }

  async #answer(outcome: SubmissionOutcome) {
    this.#outcomes.push(outcome);
    if (!outcome.accepted) {
      if (outcome.kind === "storage") this.#storageFailed = true;
      else if (isNonceConflict(outcome.kind)) this.#conflict = true;
      return;
    }
    // The caller learns of its transfer as soon as it is accepted: its record was durable
    // before the submission.
    outcome.item.resolve({ record: await announceAccepted(this.#host, outcome), watched: outcome.watched });
  }

  async #settleRefused(highestAccepted: number) {
    const { address, maxAttempts, queue } = this.#host;
    for (const outcome of this.#outcomes.sort((a, b) => a.nonce - b.nonce)) {
      if (outcome.accepted) continue;
      const { item, kind, error } = outcome;
      if (kind === "storage") {
        // Never submitted, and the nonces after it were not either (the writer fails the rest).
        item.reject(error);
        continue;
      }
      if (isNonceConflict(kind)) {
        // Someone else used (or holds) this nonce: no gap here. Back to the queue; the next hold
        // reconciles with the chain and gives it a fresh nonce.
        if (++item.attempts < maxAttempts) queue.unshift(item);
        else item.reject(new NonceConflictError(address, { cause: error }));
        continue;
      }
      // A refused nonce below an accepted one would hold every later transaction up. Filled
      // before the caller hears of the refusal, so that the history is complete by then.
      if (outcome.nonce < highestAccepted) {
        await fillGap(this.#host, item.account, outcome.nonce, this.#fees).catch(() => undefined);
      }
      item.reject(
        kind === "insufficient-funds"
          ? new InsufficientFundsError(address, this.#balance, this.#cost(item))
          : kind === "unreachable"
            ? new ChainUnreachableError({ cause: error })
            : new TransactionRejectedError(shortReason(error), { cause: error }),
      );
    }
  }
}

function shortReason(error: unknown) {
  // viem puts the node's own words in `details`; its short message is often generic.
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
