import type { Hash, Hex } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { InvalidOptionsError } from "../errors/platform.js";
import type { StorageSnapshotId } from "../storage/StorageAdapter.js";

/**
 * A moment of the chain and of the platform's own state together, from `platform.snapshot()`, for
 * `platform.revert()`. Used once, like `evm_snapshot`'s id: take another to go back again.
 */
export type PlatformSnapshot = {
  /** The node's `evm_snapshot` id. */
  readonly chain: Hex;
  /** The storage adapter's snapshot id. */
  readonly storage: StorageSnapshotId;
  /** The chain's head when the snapshot was taken: the head again once reverted. */
  readonly head: { readonly number: bigint; readonly hash: Hash };
};

export type SnapshotPlatformReturnType = PlatformSnapshot;

/**
 * Takes a snapshot of the chain (`evm_snapshot`: anvil, Hardhat) and of the storage (wallets,
 * history, state keys: bots, oracle, nonces, contract addresses) at once. Take it between
 * operations, not while sends are running. Fails with `INVALID_OPTIONS` when the storage adapter
 * has no snapshots or the node does not answer `evm_snapshot`.
 *
 * @example
 * const snapshot = await platform.snapshot();
 * await platform.sender.sendFromWallet({ fromWalletId: 1, to, amount: "1" });
 * await platform.revert(snapshot); // the chain, the history and the balances as they were
 */
export async function snapshotPlatform(ctx: PlatformContext): Promise<SnapshotPlatformReturnType> {
  const { storage } = ctx;
  if (!storage.snapshot || !storage.restore) {
    throw new InvalidOptionsError(
      `The ${storage.name} storage cannot take snapshots.`,
      "Use memoryStorage(), sqliteStorage() or postgresStorage(), or give the adapter snapshot() and restore().",
    );
  }
  const [chain, stored, head] = await Promise.all([
    ctx.client.request({ method: "evm_snapshot" }).catch((cause: unknown) => {
      throw new InvalidOptionsError("The node cannot take snapshots (evm_snapshot failed).", String(cause));
    }),
    storage.snapshot(),
    // Read alongside, so that revert() need not ask the chain where its head is.
    ctx.client.getBlock({ blockTag: "latest" }),
  ]);
  return { chain, storage: stored, head: { number: head.number, hash: head.hash } };
}
