import type { Address } from "viem";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { nonceLockKey } from "./nonceLockKey.js";

declare const held: unique symbol;

/**
 * Proof that the caller holds the storage's lock `nonce:<address>` ({@link nonceLockKey}): only
 * {@link withNonceLock} makes one, and only for the time its callback runs. What must run under
 * the lock asks for one (the watcher's `rebroadcast` and `heldBack`); what takes the lock itself
 * never asks for one, so a holder cannot take it again (the storage's lock is not re-entrant).
 */
export type NonceLock = { readonly address: Address; readonly [held]: true };

/**
 * Runs `fn` under the lock of `address`'s nonces (every platform on `storage` shares it), with
 * the {@link NonceLock} that says so.
 *
 * @example
 * await withNonceLock(storage, from, (lock) => watcher.rebroadcast(lock));
 */
export function withNonceLock<T>(
  storage: StorageAdapter,
  address: Address,
  fn: (lock: NonceLock) => Promise<T>,
): Promise<T> {
  return storage.withLock(nonceLockKey(address), () => fn({ address } as NonceLock));
}
