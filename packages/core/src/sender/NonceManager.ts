import type { Address, Hash, LocalAccount, TransactionSerializableEIP1559 } from "viem";
import { keccak256 } from "viem";
import { InsufficientFundsError, NonceConflictError, TransactionRejectedError } from "../errors/sender.js";
import type { PlatformContext } from "../platform/PlatformContext.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { classifyNodeError, type NodeErrorKind } from "./classifyNodeError.js";
import type { TransactionWatcher, WatchedTransaction } from "./TransactionWatcher.js";

/** Gas of a plain ETH transfer to an account without code. */
export const TRANSFER_GAS = 21_000n;

export type NonceManagerOptions = {
  /** Most transfers signed and sent under one hold of the lock. Default: 64. */
  maxBatchSize: number;
  /** Priority fee (tip) per gas, in wei. */
  priorityFeePerGas: bigint;
  /** How often one transfer is retried after a nonce conflict before it fails. */
  maxAttempts: number;
};

/** One transfer waiting for its nonce. */
export type QueuedTransfer = {
  account: LocalAccount;
  to: Address;
  value: bigint;
  source: string;
  /** Gets the key again for a replacement (wallet sends read it from storage). */
  signer: () => Promise<LocalAccount | undefined>;
};

export type SentTransfer = { record: TransactionRecord; watched: WatchedTransaction };

/** What the manager keeps in `storage.state` under `nonce:<address>`, shared by every process. */
export type StoredNonceState = { next: number; genesis: Hash };

type Waiting = QueuedTransfer & {
  attempts: number;
  resolve: (sent: SentTransfer) => void;
  reject: (error: unknown) => void;
};

type Outcome =
  | { item: Waiting; nonce: number; accepted: true; watched: WatchedTransaction }
  | { item: Waiting; nonce: number; accepted: false; kind: NodeErrorKind; error: unknown };

/**
 * Hands out the nonces of one address so that they never collide and never leave a gap, however
 * many sends run at once and however many processes share the storage.
 *
 * Transfers queue in memory. One at a time per address, the manager takes the storage's lock
 * `nonce:<address>` and, under it, sends a batch of up to `maxBatchSize` queued transfers:
 *
 * 1. reads the stored next nonce and the chain's pending nonce, balance and base fee (one round
 *    trip, concurrently) and reconciles them: normally the higher of the two; the chain's when the
 *    chain was reset (new genesis hash) or when the node holds none of our transactions although
 *    our counter is ahead (they were dropped — their nonces are reused);
 * 2. checks each transfer's value + gas × max fee against what the balance has left, refusing
 *    the ones that do not fit with `INSUFFICIENT_FUNDS` before they get a nonce;
 * 3. gives the rest consecutive nonces, signs and sends them all at once, and classifies every
 *    refusal ({@link classifyNodeError}): nonce conflicts go back to the queue to be resent with a
 *    fresh nonce after a resync, other refusals fail their transfer, and a refused nonce below an
 *    accepted one is filled with a zero-value transfer to self so that nothing stalls behind it;
 * 4. stores the next nonce and releases the lock.
 *
 * Holding the lock over the sends keeps two processes from ever interleaving nonces; batching
 * keeps the node busy with many transactions in flight while the lock is held.
 */
export class NonceManager {
  readonly address: Address;
  readonly #ctx: PlatformContext;
  readonly #watcher: TransactionWatcher;
  readonly #options: NonceManagerOptions;
  readonly #queue: Waiting[] = [];
  #draining = false;
  #closed = false;

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
  }

  get #stateKey() {
    return `nonce:${this.address.toLowerCase()}`;
  }

  /** Queues a transfer; resolves once the node accepted it and its record is stored (pending). */
  send(transfer: QueuedTransfer): Promise<SentTransfer> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ ...transfer, attempts: 0, resolve, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  /** Refuses further sends; queued ones are rejected with `error`. */
  close(error: unknown) {
    this.#closed = true;
    for (const item of this.#queue.splice(0)) item.reject(error);
  }

  async #drain() {
    this.#draining = true;
    try {
      while (this.#queue.length > 0 && !this.#closed) {
        try {
          await this.#ctx.storage.withLock(this.#stateKey, () => this.#sendBatch());
        } catch (error) {
          // The batch could not run at all (node or storage away): fail what it held.
          for (const item of this.#queue.splice(0, this.#options.maxBatchSize)) item.reject(error);
        }
      }
    } finally {
      this.#draining = false;
    }
  }

  async #sendBatch() {
    const client = this.#ctx.client;
    const [chainPending, balance, block, stored, genesis] = await Promise.all([
      client.getTransactionCount({ address: this.address, blockTag: "pending" }),
      client.getBalance({ address: this.address, blockTag: "pending" }),
      client.getBlock({ blockTag: "latest" }),
      this.#ctx.storage.state.get<StoredNonceState>(this.#stateKey),
      this.#watcher.genesisHash(),
    ]);
    let next = await this.#reconcile(chainPending, stored, genesis);

    const maxPriorityFeePerGas = this.#options.priorityFeePerGas;
    const maxFeePerGas = (block.baseFeePerGas ?? 0n) * 2n + maxPriorityFeePerGas;
    const batch = this.#queue.splice(0, this.#options.maxBatchSize);
    let available = balance;
    const funded: { item: Waiting; nonce: number }[] = [];
    for (const item of batch) {
      const cost = item.value + TRANSFER_GAS * maxFeePerGas;
      if (cost > available) {
        item.reject(new InsufficientFundsError(this.address, available, cost));
        continue;
      }
      available -= cost;
      funded.push({ item, nonce: next++ });
    }

    // Nothing to send (every transfer refused before signing): nothing to write either.
    if (funded.length === 0) return;
    const fees = { maxFeePerGas, maxPriorityFeePerGas };
    const sends: Promise<Outcome>[] = [];
    for (const { item, nonce } of funded) {
      const request: TransactionSerializableEIP1559 = {
        chainId: this.#ctx.chain.id,
        type: "eip1559",
        nonce,
        to: item.to,
        value: item.value,
        gas: TRANSFER_GAS,
        ...fees,
      };
      // Signing is synchronous work; each send goes out as soon as it is signed.
      sends.push(this.#sendOne(item, nonce, request));
    }
    const outcomes = await Promise.all(sends);

    const highestAccepted = Math.max(-1, ...outcomes.flatMap((o) => (o.accepted ? [o.nonce] : [])));
    for (const outcome of outcomes) {
      if (outcome.accepted) continue;
      const { item, kind, error } = outcome;
      if (kind === "nonce-too-low" || kind === "replacement-underpriced" || kind === "nonce-too-high") {
        // Someone else used (or holds) this nonce: no gap here. Back to the queue; the next batch
        // reconciles with the chain and gives it a fresh nonce.
        if (++item.attempts < this.#options.maxAttempts) this.#queue.unshift(item);
        else item.reject(new NonceConflictError(this.address, { cause: error }));
        continue;
      }
      item.reject(
        kind === "insufficient-funds"
          ? new InsufficientFundsError(this.address, balance, item.value + TRANSFER_GAS * maxFeePerGas)
          : new TransactionRejectedError(shortReason(error), { cause: error }),
      );
      // A refused nonce below an accepted one would hold every later transaction up.
      if (outcome.nonce < highestAccepted) await this.#fillGap(item.account, outcome.nonce, fees);
    }

    // Continue after the highest accepted nonce; refused nonces above it are reused. After a
    // conflict the next batch's reconciliation takes the chain's count if it is higher.
    const firstNonce = funded[0]?.nonce ?? next;
    const nextNonce = highestAccepted >= 0 ? highestAccepted + 1 : firstNonce;
    await this.#ctx.storage.state.set<StoredNonceState>(this.#stateKey, { next: nextNonce, genesis });

    // Records are written in nonce order while the lock is held, so history order follows nonces.
    for (const outcome of outcomes) {
      if (!outcome.accepted) continue;
      try {
        const record = await this.#record(outcome.item, outcome.nonce, outcome.watched);
        outcome.item.resolve({ record, watched: outcome.watched });
      } catch (error) {
        outcome.item.reject(error);
      }
    }
  }

  async #reconcile(chainPending: number, stored: StoredNonceState | undefined, genesis: Hash) {
    if (!stored || stored.genesis !== genesis) return chainPending;
    if (chainPending >= stored.next) return chainPending;
    // Our counter is ahead of the node. If the node holds none of our transactions, the ones we
    // counted are gone (dropped, or the node restarted without them): reuse their nonces.
    const mined = await this.#ctx.client.getTransactionCount({ address: this.address, blockTag: "latest" });
    return mined === chainPending ? chainPending : stored.next;
  }

  async #sendOne(item: Waiting, nonce: number, request: TransactionSerializableEIP1559): Promise<Outcome> {
    const serialized = await item.account.signTransaction(request);
    const hash = keccak256(serialized);
    const watched = this.#watcher.watch({
      from: this.address,
      nonce,
      hash,
      serialized,
      request,
      signer: item.signer,
      sentAt: Date.now(),
    });
    try {
      await this.#ctx.client.sendRawTransaction({ serializedTransaction: serialized });
      return { item, nonce, accepted: true, watched };
    } catch (error) {
      const kind = classifyNodeError(error);
      if (kind === "already-known") return { item, nonce, accepted: true, watched };
      this.#watcher.unwatch(watched);
      return { item, nonce, accepted: false, kind, error };
    }
  }

  async #record(item: QueuedTransfer, nonce: number, watched: WatchedTransaction) {
    const record = await this.#ctx.storage.transactions.insert({
      hash: watched.hash,
      from: this.address,
      to: item.to,
      value: item.value,
      nonce,
      status: "pending",
      blockNumber: null,
      source: item.source,
      createdAt: new Date().toISOString(),
    });
    this.#ctx.events.emit("transaction", record);
    await this.#watcher.attach(watched, record);
    return (await this.#ctx.storage.transactions.get(record.id)) ?? record;
  }

  /** Sends a zero-value transfer to self at `nonce`, recorded with source "nonce-gap-filler". */
  async #fillGap(
    account: LocalAccount,
    nonce: number,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ) {
    const filler: Waiting = {
      account,
      to: this.address,
      value: 0n,
      source: "nonce-gap-filler",
      signer: async () => account,
      attempts: 0,
      resolve() {},
      reject() {},
    };
    const request: TransactionSerializableEIP1559 = {
      chainId: this.#ctx.chain.id,
      type: "eip1559",
      nonce,
      to: this.address,
      value: 0n,
      gas: TRANSFER_GAS,
      ...fees,
    };
    const outcome = await this.#sendOne(filler, nonce, request);
    if (outcome.accepted) await this.#record(filler, nonce, outcome.watched);
  }
}

function shortReason(error: unknown) {
  if (error && typeof error === "object" && "shortMessage" in error) return String(error.shortMessage);
  return error instanceof Error ? error.message : String(error);
}
