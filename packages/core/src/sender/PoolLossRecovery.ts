import { type Address, type Hex, isAddressEqual } from "viem";
import { classifyNodeError } from "./classifyNodeError.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import type { PoolContent } from "./nodePool.js";
import { type NonceLock, withNonceLock } from "./nonceLock.js";
import type { ReceiptScanner } from "./ReceiptScanner.js";
import { submissionClient } from "./submissionClient.js";
import type { WatcherParts } from "./watcherParts.js";

/**
 * Puts back on the node what it lost while keeping its blocks (restarted from its state without
 * its pool, `anvil_dropAllTransactions`, an eviction): from the signed bytes the watcher holds,
 * the same hashes, so nothing acknowledged changes.
 */
export class PoolLossRecovery {
  readonly #parts: WatcherParts;
  readonly #scanner: ReceiptScanner;

  constructor(parts: WatcherParts, scanner: ReceiptScanner) {
    this.#parts = parts;
    this.#scanner = scanner;
  }

  /**
   * One `txpool_content` shows which followed transactions are neither pooled nor settled; every
   * sender with such a one gets all of its followed transactions back ({@link rebroadcast}), under
   * its lock.
   */
  async recover() {
    const { ctx, followed, pool } = this.#parts;
    let content: PoolContent | undefined;
    if (pool.inspectable()) {
      try {
        content = await pool.content();
      } catch (error) {
        // A node without the method: recorded by its client, and the pool is not looked at again.
        if (!ctx.client.lacks("txpool_content")) throw error;
      }
    }
    const inPool = new Set<string>();
    for (const section of [content?.pending, content?.queued]) {
      for (const entries of Object.values(section ?? {}))
        for (const entry of Object.values(entries)) inPool.add(entry.hash.toLowerCase());
    }
    const senders = new Map<string, Address>();
    for (const watched of followed.accepted()) {
      if (content && [...watched.hashes].some((hash) => inPool.has(hash.toLowerCase()))) continue;
      senders.set(watched.from.toLowerCase(), watched.from);
    }
    for (const from of senders.values()) {
      await withNonceLock(ctx.storage, from, (lock) => this.rebroadcast(lock));
    }
  }

  /**
   * Puts every followed transaction of the lock's address that the chain has not mined back on the
   * node, from the signed bytes this watcher holds: in nonce order, the ones above the lowest first
   * (in JSON-RPC batches; with their next in line missing they wait in the queue, whatever order
   * the node takes them in), then the lowest, which brings them all along. A node that says the
   * nonce is used: the transaction landed meanwhile (settled from its receipt) or another
   * transaction took its nonce (`failed`). Not after a rewind the watcher has not handled yet (the
   * block seen last is gone): what the chain took back is not replayed. Resolves with the highest
   * nonce the node holds now among them, or undefined when none was put back.
   */
  async rebroadcast(lock: NonceLock): Promise<number | undefined> {
    const { ctx, followed, head } = this.#parts;
    const from = lock.address;
    const anchor = head.anchor;
    // The count at a block the node has answered with: every transaction it counts has its
    // receipt readable (at "latest" the count can move before the new block's receipts are).
    const [block, anchorHash] = await Promise.all([
      ctx.client.getBlock({ blockTag: "latest" }),
      anchor ? head.hashAt(anchor.number) : undefined,
    ]);
    if (anchor && anchorHash !== anchor.hash) return undefined;
    const used = await ctx.client.getTransactionCount({ address: from, blockNumber: block.number });
    const mine = followed.accepted().filter((watched) => isAddressEqual(watched.from, from));
    await this.#failTaken(mine, used);
    const ours = mine
      .filter((watched) => !watched.outcome && watched.serialized && watched.nonce >= used)
      .sort((a, b) => a.nonce - b.nonce);
    const lowest = ours[0];
    if (!lowest) return undefined;
    const tooLow: WatchedTransaction[] = [];
    const above = await Promise.all(ours.slice(1).map((watched) => this.#put(watched, tooLow)));
    const first = await this.#put(lowest, tooLow);
    if (tooLow.length > 0) {
      const latest = await ctx.client.getBlock({ blockTag: "latest" });
      await this.#failTaken(
        tooLow,
        await ctx.client.getTransactionCount({ address: from, blockNumber: latest.number }),
      );
    }
    let highest: number | undefined = first ? lowest.nonce : undefined;
    ours.slice(1).forEach((watched, index) => {
      if (above[index]) highest = watched.nonce;
    });
    return highest;
  }

  /** Sends `watched`'s signed bytes again; true when the node holds it now. */
  async #put(watched: WatchedTransaction, tooLow: WatchedTransaction[]): Promise<boolean> {
    try {
      await submissionClient(this.#parts.ctx.client).sendRawTransaction({
        serializedTransaction: watched.serialized as Hex,
      });
    } catch (error) {
      const kind = classifyNodeError(error);
      if (kind !== "already-known") {
        // Mined since the count above, or taken: told apart later, at a block the node answered.
        if (kind === "nonce-too-low") tooLow.push(watched);
        else this.#parts.recordError(error);
        return false;
      }
    }
    this.#parts.followed.markPresent(watched);
    return true;
  }

  /**
   * Of `mine`, those below `used` (the sender's count at a block the node answered with) were
   * mined — settled from their receipt — or their nonce went to a transaction privnet did not
   * send: `failed`. A receipt that cannot be read (node away) throws rather than read as none.
   */
  async #failTaken(mine: readonly WatchedTransaction[], used: number) {
    for (const watched of mine) {
      if (watched.outcome || watched.nonce >= used || (await this.#scanner.landedStrict(watched))) continue;
      await this.#parts.settler.fail(watched, "dropped: its nonce was used by another transaction");
    }
  }
}
