import { type Address, type Hash, keccak256 } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { withNonceLock } from "../sender/nonceLock.js";
import { nonceLockKey } from "../sender/nonceLockKey.js";
import type { StoredNonceState } from "../sender/reconcileNonce.js";
import type { TransactionWatcher } from "../sender/TransactionWatcher.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { MAX_TRANSACTIONS_PAGE } from "../storage/transactionsPageSize.js";
import { watchStoredRecord } from "./reconcilePendingTransactions.js";

export type ResendLostConfirmedReturnType = {
  /** Confirmed records whose block the chain no longer has, made pending and sent again. */
  resent: number;
  /** Such records without their signed bytes (an older release cleared them, or a replacement landed): failed. */
  failed: number;
};

/** Records made pending (or failed) in one storage round trip. */
const CHUNK = 256;

/** Receipts read at once while looking for lost records at or below the head. */
const RECEIPT_READS = 16;

/**
 * After a crash, the chain comes back from its last state write: a head lower than the history
 * recorded. Every `confirmed` record whose block the chain no longer has — above the head, or
 * without its receipt in the block it names — is made `pending` again and followed by the watcher
 * from its stored signed bytes (same hash), then put back on the node by the pool-loss recovery
 * ({@link TransactionWatcher.rebroadcast}: each sender under its lock, in nonce order); the
 * watcher confirms it again in its new block. Records whose block is still there are untouched.
 * A chain with another genesis (a reset) is not this chain's continuation: nothing is sent.
 *
 * Records are read newest first, down to the first page whose every block the chain still has.
 *
 * @example
 * await reconcilePendingTransactions(ctx, watcher);
 * await resendLostConfirmed(ctx, watcher); // createPlatform runs both on start, in this order
 */
export async function resendLostConfirmed(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
): Promise<ResendLostConfirmedReturnType> {
  const result = { resent: 0, failed: 0 };
  const { number: head } = await ctx.head.readLatest();
  const lost = await findLost(ctx, head);
  if (lost.length === 0 || (await chainWasReset(ctx, watcher, lost))) return result;

  const senders = new Map<string, Address>();
  // Lowest nonces first, a chunk at a time (the storage answers a chunk in one round trip).
  const ordered = lost.sort((a, b) => a.nonce - b.nonce || a.id - b.id);
  for (let index = 0; index < ordered.length; index += CHUNK) {
    const chunk = ordered.slice(index, index + CHUNK);
    const raws = await Promise.all(
      chunk.map((record) => ctx.storage.transactions.getRawTransaction(record.id)),
    );
    // Bytes that hash to another transaction (a replacement landed) cannot bring a record back.
    const usable = (at: number) => {
      const raw = raws[at];
      return raw !== undefined && keccak256(raw) === chunk[at]?.hash;
    };
    const updated = await ctx.storage.transactions.updateMany(
      chunk.map((record, at) => ({
        id: record.id,
        update: { status: usable(at) ? "pending" : "failed", blockNumber: null },
      })),
    );
    for (const [at, record] of updated.entries()) {
      if (!record) continue;
      ctx.events.emit("transaction", record);
      if (record.status === "failed") {
        result.failed++;
        continue;
      }
      const watched = watchStoredRecord(ctx, watcher, record, raws[at], undefined);
      await watcher.attach(watched, record);
      senders.set(record.from.toLowerCase(), record.from);
      result.resent++;
    }
  }
  for (const from of senders.values()) {
    await withNonceLock(ctx.storage, from, (lock) => watcher.rebroadcast(lock));
  }
  return result;
}

/**
 * The confirmed records the chain at `head` lacks, newest pages first (see {@link resendLostConfirmed}).
 *
 * A chain reloaded from a state write lost every block above the write's head and kept every one
 * at or below it; meanwhile it may have mined new blocks past the lost ones (a block time goes on
 * while privnet starts). So a record above `head` is lost, and of the others — read from the
 * highest block down, a group of receipts at a time — those whose receipt is not in the block they
 * name are, until a whole group is where it was: every lower block is kept. The walk ends at the
 * first page where nothing was lost.
 */
async function findLost(ctx: PlatformContext, head: bigint): Promise<TransactionRecord[]> {
  const lost: TransactionRecord[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await ctx.storage.transactions.list({
      limit: MAX_TRANSACTIONS_PAGE,
      status: "confirmed",
      ...(before === undefined ? {} : { before }),
    });
    if (page.length === 0) break;
    const above = page.filter((record) => record.blockNumber === null || record.blockNumber > head);
    const below = page
      .filter((record) => !above.includes(record))
      .sort((a, b) => Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n)));
    const missing: TransactionRecord[] = [];
    for (let index = 0; index < below.length; index += RECEIPT_READS) {
      const group = below.slice(index, index + RECEIPT_READS);
      const held = await Promise.all(group.map((record) => inItsBlock(ctx, record)));
      missing.push(...group.filter((_, at) => !held[at]));
      if (held.every(Boolean)) break;
    }
    lost.push(...above, ...missing);
    if (above.length === 0 && missing.length === 0) break;
    before = page[page.length - 1]?.id;
  }
  return lost;
}

async function inItsBlock(ctx: PlatformContext, record: TransactionRecord): Promise<boolean> {
  const receipt = await ctx.client.getTransactionReceipt({ hash: record.hash }).catch(() => undefined);
  return receipt !== undefined && receipt.blockNumber === record.blockNumber;
}

/**
 * Whether the chain is another one than the lost records were sent to: the genesis their senders'
 * nonce counters were stored with differs from the chain's.
 */
async function chainWasReset(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
  lost: readonly TransactionRecord[],
): Promise<boolean> {
  const genesis: Hash = await watcher.genesisHash();
  const senders = [...new Set(lost.map((record) => record.from.toLowerCase() as Address))];
  for (const from of senders) {
    const stored = await ctx.storage.state.get<StoredNonceState>(nonceLockKey(from));
    if (stored) return stored.genesis !== genesis;
  }
  return false;
}
