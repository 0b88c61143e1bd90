import type { AccessList, Address, Hash, Hex, LocalAccount } from "viem";
import { BaseError, getContractAddress } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { InsufficientFundsError, NonceConflictError, TransactionRejectedError } from "../errors/sender.js";
import { GAS_PER_BLOB, type TransactionFees } from "../fees/feePolicy.js";
import type { NewTransactionRecord, TransactionRecord } from "../storage/StorageAdapter.js";
import { classifyNodeError, type NodeErrorKind } from "./classifyNodeError.js";
import { nonceLockKey } from "./nonceLockKey.js";
import {
  createRecordWriter,
  type RecordWriter,
  toStorageError,
  type UncertainWrites,
  uncertainWrites,
} from "./RecordWriter.js";
import { submissionClient } from "./submissionClient.js";
import type { TransactionWatcher, WatchedTransaction } from "./TransactionWatcher.js";
import { transactionKind } from "./transactionKind.js";
import {
  type GasPriceType,
  type QueuedAuthorization,
  type QueuedBlobs,
  type QueuedRequest,
  signSelfAuthorizations,
  type TransactionRequest,
  transactionHash,
} from "./transactionRequest.js";

/** Gas of a plain ETH transfer to an account without code. */
export const TRANSFER_GAS = 21_000n;

export type NonceManagerOptions = {
  /**
   * Most transfers sent and not yet answered by the node at once. As many more may be signed and
   * recorded meanwhile, so that the next group is ready to go when the node answers.
   */
  maxInFlight: number;
  /** Most transfers sent under one hold of the lock, so that other processes get their turn. */
  maxPerLock: number;
  /** How often one transfer is retried after a nonce conflict before it fails. */
  maxAttempts: number;
};

/** One transaction waiting for its nonce: a plain transfer, a contract call or a deployment. */
export type QueuedTransaction = {
  account: LocalAccount;
  /** Recipient or called contract; undefined deploys `data` as a contract's init code. */
  to: Address | undefined;
  value: bigint;
  /** Call data, or init code when `to` is undefined. */
  data?: Hex | undefined;
  /** EIP-2930 access list, signed in as given. */
  accessList?: AccessList | undefined;
  /**
   * EIP-7702 authorizations: the transaction is then a set-code one (type 4). The sender's own
   * are signed here, once the nonce is known (they take the nonces after the transaction's).
   */
  authorizationList?: readonly QueuedAuthorization[] | undefined;
  /** EIP-4844 blobs with their commitments and proofs: the transaction is then a blob one (type 3). */
  blobs?: QueuedBlobs | undefined;
  /**
   * Signed as a legacy (type 0) or EIP-2930 (type 1) transaction with one gas price, instead of
   * type 2. Never with blobs or authorizations; a legacy one has no access list.
   */
  gasPriceType?: GasPriceType | undefined;
  /** Gas limit, already decided (a transfer's 21,000, an estimate with its margin, or the caller's). */
  gas: bigint;
  source: string;
  /** A CREATE2 deployment through a factory (`to`): the contract's address, recorded as `to`, kind `deploy`. */
  createdAddress?: Address | undefined;
  /** Gets the key again for a replacement (wallet sends read it from storage). */
  signer: () => Promise<LocalAccount | undefined>;
};

/** A plain ETH transfer: the queued transaction with no data and {@link TRANSFER_GAS}. */
export type QueuedTransfer = Omit<
  QueuedTransaction,
  "to" | "gas" | "data" | "accessList" | "authorizationList" | "blobs" | "gasPriceType"
> & {
  to: Address;
};

export type SentTransfer = { record: TransactionRecord; watched: WatchedTransaction };

/** What the manager answers for every accepted transaction. */
export type SentTransaction = SentTransfer;

/** What the manager keeps in `storage.state` under `nonce:<address>`, shared by every process. */
export type StoredNonceState = { next: number; genesis: Hash };

type Waiting = QueuedTransaction & {
  attempts: number;
  resolve: (sent: SentTransfer) => void;
  reject: (error: unknown) => void;
};

type Outcome =
  | { item: Waiting; nonce: number; accepted: true; watched: WatchedTransaction; record: TransactionRecord }
  | {
      item: Waiting;
      nonce: number;
      accepted: false;
      /** "storage": its write-ahead record could not be written, so it was never submitted. */
      kind: NodeErrorKind | "storage";
      error: unknown;
    };

/**
 * Hands out the nonces of one address so that they never collide and never leave a gap, however
 * many sends run at once and however many processes share the storage.
 *
 * Transactions (transfers, contract calls, deployments) queue in memory. One at a time per
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
 *    `maxInFlight` sends unanswered, like a raw sender with that concurrency. Each accepted
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
  }

  get #stateKey() {
    return nonceLockKey(this.address);
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
   * Fills the nonces the chain lost under transactions of this address still in its pool. anvil
   * keeps its pool across `evm_revert` but not the blocks: a pooled transaction can then sit above
   * a nonce whose transaction went with them, holding it and every later one up for good. Each
   * such nonce — below the highest of `pooled`, at or above the chain's count, not in `pooled` —
   * gets a zero-value transfer to self (recorded as "nonce-gap-filler"), under the address's lock,
   * priced above every one of `pooledFees` ({@link outrankingFees}): anvil keeps the pooled ones
   * ready, and would mine them first and drop them as too far ahead.
   * Resolves with the holes it could not fill (no key at hand, the node refused the filler: an
   * address the revert left without ETH). When there are such holes, `abandon` runs with the
   * lowest of them before the lock is let go: the caller takes what waits above it out of the
   * node's pool, before a send of this address reads the node's pending count (anvil counts those
   * transactions in it until its next block).
   */
  async fillHoles(options: {
    /** The nonces of the address's transactions still in the pool. */
    pooled: readonly number[];
    /** The fees they were last sent with. */
    pooledFees: readonly TransactionFees[];
    signer: () => Promise<LocalAccount | undefined>;
    abandon?: ((lowest: number) => Promise<void>) | undefined;
  }): Promise<number[]> {
    const { pooled, pooledFees, signer, abandon } = options;
    if (pooled.length === 0 || this.#closed) return [];
    return this.#ctx.storage.withLock(this.#stateKey, async () => {
      const client = this.#ctx.client;
      const [mined, block] = await Promise.all([
        client.getTransactionCount({ address: this.address, blockTag: "latest" }),
        client.getBlock({ blockTag: "latest" }),
      ]);
      const taken = new Set(pooled);
      const holes: number[] = [];
      for (let nonce = mined; nonce < Math.max(...pooled); nonce++) if (!taken.has(nonce)) holes.push(nonce);
      if (holes.length === 0) return [];
      const account = await signer();
      const unfilled: number[] = [];
      if (!account) unfilled.push(...holes);
      else {
        const fees = this.#ctx.fees.outranking(block.baseFeePerGas, pooledFees);
        // Past the first hole that stays, a filler would only wait in the pool behind it (and
        // take a nonce the address's next send needs once the hole is filled).
        for (const [index, nonce] of holes.entries()) {
          if (await this.#fillGap(account, nonce, fees)) continue;
          unfilled.push(...holes.slice(index));
          break;
        }
      }
      if (unfilled.length > 0) await abandon?.(Math.min(...unfilled));
      return unfilled;
    });
  }

  async #drain() {
    try {
      while (this.#queue.length > 0 && !this.#closed) {
        let locked = false;
        try {
          await this.#ctx.storage.withLock(this.#stateKey, () => {
            locked = true;
            return this.#sendSession();
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

  /** One hold of the lock: reconcile, then send queued transfers with up to `maxInFlight` in flight. */
  async #sendSession() {
    const client = this.#ctx.client;
    const [chainPending, balance, block, stored, genesis] = await Promise.all([
      client.getTransactionCount({ address: this.address, blockTag: "pending" }),
      client.getBalance({ address: this.address, blockTag: "pending" }),
      client.getBlock({ blockTag: "latest" }),
      this.#ctx.storage.state.get<StoredNonceState>(this.#stateKey).catch((error: unknown) => {
        throw toStorageError(error);
      }),
      this.#watcher.genesisHash(),
    ]);
    await this.#uncertain.removeStored();
    const firstNonce = await this.#reconcile(chainPending, stored, genesis);
    let next = firstNonce;
    /** Nonces a transaction uses up beyond its own (its sender's authorizations), by its nonce. */
    const consumedAfter = new Map<number, number>();
    const fees = this.#ctx.fees.newTransaction(block.baseFeePerGas);
    const { maxFeePerGas } = fees;
    const transactionCost = (item: QueuedTransaction) =>
      item.value +
      item.gas * maxFeePerGas +
      (item.blobs ? BigInt(item.blobs.sidecars.length) * GAS_PER_BLOB * item.blobs.maxFeePerBlobGas : 0n);

    let available = balance;
    let conflict = false;
    let storageFailed = false;
    let taken = 0;
    // Group commit: the records of transactions signed together go to storage in one call.
    const writer = createRecordWriter(this.#ctx.storage, (records) => this.#uncertain.add(records));
    const outcomes: Outcome[] = [];
    const inFlight = new Set<Promise<void>>();
    // At most `maxInFlight` at the node; as many more signed and being recorded behind them.
    const atNode = createGate(this.#options.maxInFlight);
    while (!conflict && taken < this.#options.maxPerLock) {
      if (this.#queue.length === 0) {
        if (inFlight.size === 0) break;
        // Sends that arrive one by one (HTTP clients) join this hold while its last ones are at
        // the node, instead of each paying for a new hold and its reconciliation.
        const woken = new Promise<void>((resolve) => {
          this.#wake = resolve;
        });
        await Promise.race([woken, ...inFlight]);
        this.#wake = undefined;
      } else if (inFlight.size >= 2 * this.#options.maxInFlight) {
        await Promise.race(inFlight);
      }
      // A nonce conflict came back meanwhile: stop here, the next hold resynchronises. A record
      // that could not be written: stop too; nothing after it may be submitted.
      if (conflict || storageFailed || this.#closed) break;
      const item = this.#queue.shift();
      if (!item) continue;
      taken++;
      const cost = transactionCost(item);
      if (cost > available) {
        if (available !== balance) {
          // This hold has spent from the balance it read at its start, and a long hold (sends
          // that keep arriving) does not see top-ups that landed since: end it here, so that the
          // next hold reads the balance again before this transaction is refused.
          this.#queue.unshift(item);
          break;
        }
        item.reject(new InsufficientFundsError(this.address, available, cost));
        continue;
      }
      available -= cost;
      const nonce = next++;
      // The sender's own EIP-7702 authorizations take the nonces right after the transaction's.
      const ownAuthorizations = selfAuthorizationCount(item);
      next += ownAuthorizations;
      if (ownAuthorizations > 0) consumedAfter.set(nonce, ownAuthorizations);
      const request = queuedRequest(this.#ctx.chain.id, item, nonce, fees);
      const sending: Promise<void> = this.#sendOne(item, nonce, request, writer, atNode).then(
        async (outcome) => {
          outcomes.push(outcome);
          if (!outcome.accepted) {
            if (outcome.kind === "storage") storageFailed = true;
            else if (isNonceConflict(outcome.kind)) conflict = true;
            return;
          }
          // The caller learns of its transfer as soon as it is accepted: its record was durable
          // before the submission.
          outcome.item.resolve({ record: await this.#accepted(outcome), watched: outcome.watched });
        },
      );
      // Whatever goes wrong, the caller hears of it and the session does not stall.
      const tracked = sending
        .catch((error: unknown) => item.reject(error))
        .finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    await Promise.all(inFlight);
    // Nothing was sent (every transfer refused before signing): nothing to write either.
    if (outcomes.length === 0) return;

    const highestAccepted = Math.max(-1, ...outcomes.flatMap((o) => (o.accepted ? [o.nonce] : [])));
    for (const outcome of outcomes.sort((a, b) => a.nonce - b.nonce)) {
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
        if (++item.attempts < this.#options.maxAttempts) this.#queue.unshift(item);
        else item.reject(new NonceConflictError(this.address, { cause: error }));
        continue;
      }
      // A refused nonce below an accepted one would hold every later transaction up. Filled
      // before the caller hears of the refusal, so that the history is complete by then.
      if (outcome.nonce < highestAccepted) {
        await this.#fillGap(item.account, outcome.nonce, fees).catch(() => undefined);
      }
      item.reject(
        kind === "insufficient-funds"
          ? new InsufficientFundsError(this.address, balance, transactionCost(item))
          : kind === "unreachable"
            ? new ChainUnreachableError({ cause: error })
            : new TransactionRejectedError(shortReason(error), { cause: error }),
      );
    }

    // Continue after the highest accepted nonce; refused nonces above it are reused. After a
    // conflict the next hold's reconciliation takes the chain's count if it is higher.
    const nextNonce =
      highestAccepted >= 0 ? highestAccepted + 1 + (consumedAfter.get(highestAccepted) ?? 0) : firstNonce;
    await this.#ctx.storage.state
      .set<StoredNonceState>(this.#stateKey, { next: nextNonce, genesis })
      .catch((error: unknown) => {
        throw toStorageError(error);
      });
  }

  async #reconcile(chainPending: number, stored: StoredNonceState | undefined, genesis: Hash) {
    if (!stored || stored.genesis !== genesis) return chainPending;
    if (chainPending >= stored.next) return chainPending;
    // Our counter is ahead of the node. If the node holds none of our transactions, the ones we
    // counted are gone (dropped, or the node restarted without them): reuse their nonces. Except
    // when anvil holds our next one back in its queue (its pending count leaves queued ones out),
    // sent by this platform or by another one on the same storage: that one is not gone, a
    // watcher releases it, and a new transaction with its nonce would replace it.
    const mined = await this.#ctx.client.getTransactionCount({ address: this.address, blockTag: "latest" });
    if (mined !== chainPending) return stored.next;
    const held = await this.#watcher.heldBack(this.address, mined).catch((error: unknown) => {
      throw toStorageError(error);
    });
    if (held) return stored.next;
    // The node lost them (restarted without its pool, its pool dropped) but the chain did not go
    // back: the ones this platform still follows go back on the node from their signed bytes, and
    // the next nonce follows them. Nonces above the last of them are reused.
    const restored = await this.#watcher.rebroadcast(this.address);
    return restored === undefined ? chainPending : Math.max(chainPending, restored + 1);
  }

  /**
   * Signs one transaction, writes its record (with the signed bytes) and only then submits it.
   * Never rejects: every failure becomes a refused outcome.
   */
  async #sendOne(
    item: Waiting,
    nonce: number,
    queued: QueuedRequest,
    writer: RecordWriter,
    atNode: Gate = createGate(1),
  ): Promise<Outcome> {
    let serialized: Hex;
    let request: TransactionRequest;
    try {
      request = await signSelfAuthorizations(item.account, queued);
      serialized = await item.account.signTransaction(request);
    } catch (error) {
      return { item, nonce, accepted: false, kind: "other", error };
    }
    const hash = transactionHash(serialized);
    let record: TransactionRecord;
    try {
      record = await writer.write(this.#newRecord(item, nonce, hash, serialized));
    } catch (error) {
      return { item, nonce, accepted: false, kind: "storage", error };
    }
    await atNode.enter();
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
      // Over HTTP, the transactions of one group commit leave as one JSON-RPC batch request.
      await submissionClient(this.#ctx.client).sendRawTransaction({ serializedTransaction: serialized });
      return { item, nonce, accepted: true, watched, record };
    } catch (error) {
      const kind = classifyNodeError(error);
      if (kind === "already-known") return { item, nonce, accepted: true, watched, record };
      // A resend below us (a proxy or fallback transport retrying a lost answer) of a transaction
      // the node did take reads "nonce too low" (mined meanwhile) or "underpriced" (in the pool):
      // ask the node about our own hash before calling it a conflict.
      if (isNonceConflict(kind) && (await this.#nodeHas(hash)))
        return { item, nonce, accepted: true, watched, record };
      if (kind === "unreachable") {
        // The node may have taken it before the connection broke: the record stays and the
        // watcher settles it (mined, or failed once its nonce is used by another transaction).
        // Its caller hears CHAIN_UNREACHABLE: it is never sent again (a retry would send twice).
        watched.unacknowledged = true;
        await this.#watcher.attach(watched, record).catch(() => undefined);
      } else {
        // Refused for sure: it never reaches the chain, so it leaves no history. If the removal
        // fails (storage away), the pending record is failed by the next start's reconciliation.
        this.#watcher.unwatch(watched);
        await this.#ctx.storage.transactions.remove(record.id).catch(() => undefined);
      }
      return { item, nonce, accepted: false, kind, error };
    } finally {
      atNode.leave();
    }
  }

  async #nodeHas(hash: Hash) {
    const known = await this.#ctx.client.getTransaction({ hash }).catch(() => undefined);
    return known !== undefined;
  }

  #newRecord(item: QueuedTransaction, nonce: number, hash: Hash, serialized: Hex): NewTransactionRecord {
    return {
      hash,
      from: this.address,
      // A deployment is recorded with the address its contract gets (from sender and nonce, or
      // the factory's CREATE2 address).
      to: item.createdAddress ?? item.to ?? getContractAddress({ from: this.address, nonce: BigInt(nonce) }),
      value: item.value,
      nonce,
      status: "pending",
      blockNumber: null,
      source: item.source,
      createdAt: new Date().toISOString(),
      ...(item.createdAddress === undefined ? transactionKind(item) : { kind: "deploy", selector: null }),
      rawTransaction: serialized,
    };
  }

  /** The node took it: announce the record and let the watcher settle it. */
  async #accepted(outcome: Extract<Outcome, { accepted: true }>): Promise<TransactionRecord> {
    const { record, watched } = outcome;
    this.#ctx.events.emit("transaction", record);
    // An outcome seen meanwhile (automine is that fast) is written now; a failure to write it
    // leaves the record pending, and the watcher writes it again on its next poll.
    await this.#watcher.attach(watched, record).catch(() => undefined);
    return watched.settled?.record ?? record;
  }

  /** Sends a zero-value transfer to self at `nonce`, recorded with source "nonce-gap-filler"; false if refused. */
  async #fillGap(
    account: LocalAccount,
    nonce: number,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<boolean> {
    const filler: Waiting = {
      account,
      to: this.address,
      value: 0n,
      gas: TRANSFER_GAS,
      source: "nonce-gap-filler",
      signer: async () => account,
      attempts: 0,
      resolve() {},
      reject() {},
    };
    const request = queuedRequest(this.#ctx.chain.id, filler, nonce, fees);
    const outcome = await this.#sendOne(filler, nonce, request, createRecordWriter(this.#ctx.storage));
    if (outcome.accepted) await this.#accepted(outcome);
    return outcome.accepted;
  }
}

/**
 * The unsigned transaction `item` is sent as at `nonce`: type 3 when it carries blobs, type 4
 * (set-code) when it carries an authorization list, type 0 or 1 when it asks for a gas price, type
 * 2 otherwise.
 */
function queuedRequest(
  chainId: number,
  item: QueuedTransaction,
  nonce: number,
  fees: TransactionFees,
): QueuedRequest {
  const fields = {
    chainId,
    nonce,
    value: item.value,
    ...(item.data === undefined ? {} : { data: item.data }),
    ...(item.accessList === undefined ? {} : { accessList: item.accessList }),
    gas: item.gas,
    ...fees,
  };
  if (item.blobs !== undefined) {
    // A blob transaction always has a recipient (sendTransaction refuses one without).
    const { sidecars, blobVersionedHashes, maxFeePerBlobGas } = item.blobs;
    return {
      ...fields,
      type: "eip4844",
      to: item.to ?? null,
      sidecars,
      blobVersionedHashes,
      maxFeePerBlobGas,
    };
  }
  if (item.authorizationList !== undefined) {
    // A set-code transaction always has a recipient (sendTransaction refuses one without).
    return { ...fields, type: "eip7702", to: item.to, authorizationList: item.authorizationList };
  }
  if (item.gasPriceType !== undefined) {
    // One gas price, all of it paid: the max fee a type-2 transaction could pay at most, so that
    // it stays includable while the base fee rises (see the fee policy's headroom).
    const priced = {
      chainId,
      nonce,
      value: item.value,
      ...(item.data === undefined ? {} : { data: item.data }),
      ...(item.to === undefined ? {} : { to: item.to }),
      gas: item.gas,
      gasPrice: fees.maxFeePerGas,
    };
    return item.gasPriceType === "legacy"
      ? { ...priced, type: "legacy" }
      : { ...priced, type: "eip2930", accessList: item.accessList ?? [] };
  }
  return { ...fields, type: "eip1559", ...(item.to === undefined ? {} : { to: item.to }) };
}

/** How many of `item`'s authorizations are its sender's own, still to be signed with its nonces. */
function selfAuthorizationCount(item: QueuedTransaction): number {
  return item.authorizationList?.filter((entry) => "self" in entry && entry.self).length ?? 0;
}

function isNonceConflict(kind: NodeErrorKind) {
  return kind === "nonce-too-low" || kind === "replacement-underpriced" || kind === "nonce-too-high";
}

function shortReason(error: unknown) {
  // viem puts the node's own words in `details`; its short message is often generic.
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

type Gate = { enter(): Promise<void>; leave(): void };

/** Lets at most `size` callers between enter() and leave(); the rest wait in order. */
function createGate(size: number): Gate {
  let inside = 0;
  const waiting: (() => void)[] = [];
  return {
    enter() {
      if (inside < size) {
        inside++;
        return Promise.resolve();
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    leave() {
      const next = waiting.shift();
      // The slot passes straight to the next waiter.
      if (next) next();
      else inside--;
    },
  };
}
