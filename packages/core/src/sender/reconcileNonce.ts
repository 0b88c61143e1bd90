import type { Hash } from "viem";
import type { NonceLock } from "./nonceLock.js";
import { toStorageError } from "./RecordWriter.js";
import type { NonceSender } from "./submitSigned.js";

/** What the manager keeps in `storage.state` under `nonce:<address>`, shared by every process. */
export type StoredNonceState = { next: number; genesis: Hash };

/**
 * The first nonce of a hold of `lock`: normally the higher of the chain's pending count and the
 * stored counter; the chain's when the chain was reset (new genesis hash); when the node holds
 * none of our transactions although our counter is ahead (it lost its pool), the ones the watcher
 * still follows go back from their signed bytes and the count continues after them, while nonces
 * of transactions nobody follows any more are reused.
 */
export async function reconcileNonce(
  sender: NonceSender,
  lock: NonceLock,
  chainPending: number,
  stored: StoredNonceState | undefined,
  genesis: Hash,
): Promise<number> {
  if (!stored || stored.genesis !== genesis) return chainPending;
  if (chainPending >= stored.next) return chainPending;
  // Our counter is ahead of the node. If the node holds none of our transactions, the ones we
  // counted are gone (dropped, or the node restarted without them): reuse their nonces. Except
  // when anvil holds our next one back in its queue (its pending count leaves queued ones out),
  // sent by this platform or by another one on the same storage: that one is not gone, a
  // watcher releases it, and a new transaction with its nonce would replace it.
  const mined = await sender.ctx.client.getTransactionCount({ address: sender.address, blockTag: "latest" });
  if (mined !== chainPending) return stored.next;
  const held = await sender.watcher.heldBack(lock, mined).catch((error: unknown) => {
    throw toStorageError(error);
  });
  if (held) return stored.next;
  // The node lost them (restarted without its pool, its pool dropped) but the chain did not go
  // back: the ones this platform still follows go back on the node from their signed bytes, and
  // the next nonce follows them. Nonces above the last of them are reused.
  const restored = await sender.watcher.rebroadcast(lock);
  return restored === undefined ? chainPending : Math.max(chainPending, restored + 1);
}
