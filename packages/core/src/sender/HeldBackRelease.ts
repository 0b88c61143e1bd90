import { type Address, type Hash, type Hex, isAddressEqual } from "viem";
import { classifyNodeError } from "./classifyNodeError.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import type { PoolContent, PoolSection } from "./nodePool.js";
import { type NonceLock, withNonceLock } from "./nonceLock.js";
import type { ReceiptScanner } from "./ReceiptScanner.js";
import type { StuckSends } from "./StuckSends.js";
import { submissionClient } from "./submissionClient.js";
import type { WatcherParts } from "./watcherParts.js";

/**
 * The head unchanged this long (ms) while transactions are followed: the node's pool is looked at
 * (at most this often) for a transaction next in line yet held back, and for ready ones an
 * automining anvil did not mine.
 */
export const HELD_BACK_CHECK_MS = 1_000;

/**
 * anvil can hold a transaction back for good though it is next in line (its nonce is the sender's
 * mined count): when it arrives while the block with the nonce before it is being mined, anvil
 * files it as waiting for that nonce, whose transaction has just left the pool, and nothing wakes
 * it any more (automine sees this under load: sends that overlap blocks). The transactions behind
 * it wait with it — and on an automining chain no block comes to show it. This stage finds such
 * transactions when the head stands still, and releases them.
 */
export class HeldBackRelease {
  readonly #parts: WatcherParts;
  readonly #scanner: ReceiptScanner;
  readonly #stuck: StuckSends;
  #lastCheck = 0;

  constructor(parts: WatcherParts, scanner: ReceiptScanner, stuck: StuckSends) {
    this.#parts = parts;
    this.#scanner = scanner;
    this.#stuck = stuck;
  }

  /** Due when the head has stood still since `headSince` for {@link HELD_BACK_CHECK_MS}, at most that often. */
  due(now: number, headSince: number) {
    return (
      this.#parts.pool.inspectable() &&
      this.#parts.followed.size > 0 &&
      now - headSince >= HELD_BACK_CHECK_MS &&
      now - this.#lastCheck >= HELD_BACK_CHECK_MS
    );
  }

  /**
   * `txpool_status` (cheap) tells whether anything is queued at all; if so, `txpool_content` shows
   * whether the next transaction in line (its nonce is the sender's mined count) of a sender this
   * watcher follows is among the queued ones. It is released (see {@link #release}).
   */
  async check() {
    this.#lastCheck = Date.now();
    const { ctx, followed, pool, settler } = this.#parts;
    let status: { pending: number; queued: number };
    try {
      status = await pool.status();
    } catch (error) {
      // A node without the method: recorded by its client, and the pool is not looked at again.
      if (!ctx.client.lacks("txpool_status")) throw error;
      return;
    }
    if (status.pending > 0) await this.#mineMissed();
    if (status.queued === 0) return;
    const senders = new Map<string, Address>();
    for (const watched of followed) senders.set(watched.from.toLowerCase(), watched.from);
    const queued = bySender((await pool.content()).queued);
    for (const [sender, from] of senders) {
      const waiting = queued.get(sender);
      if (!waiting) continue;
      const used = await ctx.client.getTransactionCount({ address: from, blockTag: "latest" });
      // Queued below the mined count: another transaction took its nonce; it never lands.
      for (const [nonce, entry] of Object.entries(waiting)) {
        const stale = Number(nonce) < used ? followed.byHash(entry.hash) : undefined;
        if (!stale || stale.recordId === undefined || (await this.#scanner.landedStrict(stale))) continue;
        await settler.fail(stale, "dropped: its nonce was used by another transaction");
      }
      if (waiting[String(used)]) await this.#release(from);
    }
  }

  /**
   * Ready transactions sit in the pool of a node that automines, with the head standing still:
   * anvil's automine missed them (foundry-rs/foundry#10122; its miner hears of each transaction
   * that becomes ready through a channel of 2,048 places, and a notice that does not fit is
   * dropped), and they wait until the next send wakes it — for ever, when none comes. One block
   * mined takes them (up to the block's gas limit; the next check takes the rest). Never on a node
   * that mines at intervals: there, ready transactions wait for the next block by design.
   */
  async #mineMissed() {
    const { pool } = this.#parts;
    const automine = await pool.automining().catch(() => false);
    if (automine !== true) return;
    await pool.mine();
  }

  /**
   * True when the node's pool holds a transaction of the lock's address with `nonce` among its
   * queued ones that this platform sent — followed by this watcher — or another platform on the
   * same storage did: a pending record there. It is not gone, and its nonce is not to be given
   * again. False when the node has no `txpool_content`.
   */
  async heldBack(lock: NonceLock, nonce: number): Promise<boolean> {
    const { followed, pool } = this.#parts;
    if (!pool.inspectable()) return false;
    const from = lock.address;
    const content = await pool.content().catch(() => undefined);
    const held = bySender(content?.queued).get(from.toLowerCase())?.[String(nonce)];
    if (!held) return false;
    const mine = followed.byHash(held.hash);
    if (mine && isAddressEqual(mine.from, from)) return true;
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
      const page = await this.#parts.ctx.storage.transactions.list({
        limit: 1_000,
        address: from,
        status: "pending",
        ...(before === undefined ? {} : { before }),
      });
      const last = page.at(-1);
      if (!last) break;
      for (const record of page) {
        const hash = record.hash.toLowerCase() as Hash;
        if (wanted.has(hash) && isAddressEqual(record.from, from)) found.set(hash, record.id);
      }
      before = last.id;
    }
    return found;
  }

  /**
   * Releases the transaction of `from` anvil holds back, under the address's lock: no send of the
   * address, from any platform on this storage, reads the node's counts or adds to its pool
   * meanwhile. When the held-back one and every other transaction of the sender in the pool are
   * ones this platform or another on the same storage sent, they are taken out and put back
   * (see {@link #putBack}). Otherwise (a transaction from elsewhere in the way, a node without that
   * method) the held-back one, if this watcher follows it, is replaced with a higher fee, which the
   * node files afresh.
   */
  async #release(from: Address) {
    const replace = await withNonceLock(this.#parts.ctx.storage, from, (lock) => this.#putBack(lock));
    if (replace && isAddressEqual(replace.from, from)) await this.#stuck.replace(replace);
  }

  /**
   * The pool is looked at again under the lock (another platform's watcher may have released it
   * already). Every transaction of the sender leaves the pool (`anvil_removePoolTransactions`) and
   * goes back: first every one above the held-back nonce (in JSON-RPC batches; with their next in
   * line missing they all wait), then the held-back one, which goes in ready and brings all of them
   * along — the same hashes, nothing mined in between to race with. Answers the followed
   * transaction to replace instead, if it could not be done.
   */
  async #putBack(lock: NonceLock): Promise<WatchedTransaction | undefined> {
    const { ctx, followed, pool } = this.#parts;
    const from = lock.address;
    const sender = from.toLowerCase();
    const [content, used] = await Promise.all([
      pool.content(),
      ctx.client.getTransactionCount({ address: from, blockTag: "latest" }),
    ]);
    const waiting = bySender(content.queued).get(sender) ?? {};
    const held = waiting[String(used)];
    if (!held) return undefined;
    // Below the mined count: taken by another transaction, never to land (left out; the removal
    // takes it, and the timer's check fails it).
    const pooled = [
      ...Object.entries(bySender(content.pending).get(sender) ?? {}),
      ...Object.entries(waiting),
    ]
      .filter(([nonce]) => Number(nonce) >= used)
      .map(([, entry]) => entry.hash);
    const signed = await this.#signedBytes(from, pooled);
    if (!pooled.every((hash) => signed.has(hash))) return followed.byHash(held.hash);
    try {
      await pool.removeAll(from);
    } catch {
      // Not anvil (or an older one): replaced instead.
      return followed.byHash(held.hash);
    }
    // Every followed transaction of the sender above the held-back one goes back too, not only
    // those the pool listed: one the node had forgotten waits there for its turn.
    const above = new Set<Hex>();
    for (const hash of pooled) if (hash !== held.hash) above.add(signed.get(hash) as Hex);
    for (const watched of followed.of(from)) {
      if (watched.serialized && watched.nonce > used) above.add(watched.serialized);
    }
    await Promise.all([...above].map((serialized) => this.#resend(serialized)));
    await this.#resend(signed.get(held.hash) as Hex);
    return undefined;
  }

  /** The signed bytes of `hashes`: kept by this watcher, or stored with a pending record. */
  async #signedBytes(from: Address, hashes: readonly Hash[]): Promise<Map<Hash, Hex>> {
    const { ctx, followed } = this.#parts;
    const signed = new Map<Hash, Hex>();
    for (const hash of hashes) {
      const watched = followed.byHash(hash);
      if (watched?.serialized && watched.hash === hash) signed.set(hash, watched.serialized);
    }
    const unknown = hashes.filter((hash) => !signed.has(hash));
    if (unknown.length === 0) return signed;
    for (const [hash, id] of await this.#storedPending(from, unknown)) {
      const raw = await ctx.storage.transactions.getRawTransaction(id);
      if (raw) signed.set(hash, raw);
    }
    return signed;
  }

  async #resend(serializedTransaction: Hex) {
    await submissionClient(this.#parts.ctx.client)
      .sendRawTransaction({ serializedTransaction })
      .catch((error: unknown) => {
        // Gone for good is for the timer's checks to find (resubmitted when next in line).
        if (classifyNodeError(error) !== "already-known") this.#parts.recordError(error);
      });
  }
}

/** The entries of a `txpool_content` section by lower-case sender (nodes differ in the case). */
export function bySender(section: PoolSection | undefined): Map<string, PoolSection[Address]> {
  const map = new Map<string, PoolSection[Address]>();
  for (const [sender, entries] of Object.entries(section ?? {})) map.set(sender.toLowerCase(), entries);
  return map;
}

export type { PoolContent };
