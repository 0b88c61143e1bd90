import type { PlatformContext } from "../context/PlatformContext.js";
import { InvalidOptionsError } from "../errors/platform.js";
import type { TransactionWatcher } from "../sender/TransactionWatcher.js";
import { reconcilePendingTransactions } from "../transactions/reconcilePendingTransactions.js";
import type { PlatformSnapshot } from "./snapshotPlatform.js";

/** What `revertPlatform` needs beyond the platform's context: the services with state in memory. */
export type RevertPlatformContext = PlatformContext & {
  readonly watcher: TransactionWatcher;
  /** State read from storage to read again, the storage being restored (the oracle's). */
  readonly reload: () => void;
};

/**
 * Brings the chain (`evm_revert`) and the platform's own state (storage: wallets, history, state
 * keys) back to a {@link PlatformSnapshot} together, so that on-chain and off-chain state are from
 * the same moment. Every part that follows the chain's head hears of it as of a rewind. Around it
 * the watcher stops: transactions it followed fail ("the chain was
 * reverted"), and it follows the reverted head afterwards. The node's pool is emptied
 * (`anvil_dropAllTransactions`, where the node has it) so that a reverted test's pending
 * transactions do not land in the next one; records pending at the snapshot are then settled
 * against the chain like on a restart. The snapshot is used up. Fails with `INVALID_OPTIONS` for a
 * snapshot the node no longer holds (used, or taken before a reset).
 *
 * @example
 * const snapshot = await platform.snapshot();
 * // … a test …
 * await platform.revert(snapshot);
 */
export async function revertPlatform(ctx: RevertPlatformContext, snapshot: PlatformSnapshot): Promise<void> {
  const { storage } = ctx;
  if (!storage.restore) throw new InvalidOptionsError(`The ${storage.name} storage cannot take snapshots.`);
  const restore = storage.restore.bind(storage);
  await ctx.watcher.reverting(
    async () => {
      const [reverted] = await Promise.all([
        ctx.client.request({ method: "evm_revert", params: [snapshot.chain] }),
        // The pool is not part of a snapshot (anvil keeps it across evm_revert), so the order of
        // the two does not matter. Other nodes (Hardhat) have no such method: their pool is theirs.
        ctx.client.request({ method: "anvil_dropAllTransactions" }).catch(() => undefined),
      ]);
      if (reverted !== true) {
        throw new InvalidOptionsError(
          `The node holds no snapshot ${snapshot.chain}.`,
          "A snapshot is used up by revert(), and a chain reset discards them all: take a new one.",
        );
      }
    },
    () => restore(snapshot.storage),
    snapshot.head,
  );
  ctx.reload();
  // The parts hear of it like of any rewind: contracts, explorer caches and bots set up again.
  ctx.head.rewind("revert", snapshot.head);
  await reconcilePendingTransactions(ctx, ctx.watcher);
}
