import type { Hex } from "viem";
import { InvalidOptionsError } from "../errors/platform.js";
import type { StorageSnapshotId } from "../storage/StorageAdapter.js";
import type { PlatformContext } from "./PlatformContext.js";

/**
 * A moment of the chain and of the platform's own state together, from `platform.snapshot()`, for
 * `platform.revert()`. Used once, like `evm_snapshot`'s id: take another to go back again.
 */
export type PlatformSnapshot = {
  /** The node's `evm_snapshot` id. */
  readonly chain: Hex;
  /** The storage adapter's snapshot id. */
  readonly storage: StorageSnapshotId;
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
  let chain: Hex;
  try {
    chain = await ctx.client.request({ method: "evm_snapshot" as "eth_chainId" });
  } catch (cause) {
    throw new InvalidOptionsError("The node cannot take snapshots (evm_snapshot failed).", String(cause));
  }
  return { chain, storage: await storage.snapshot() };
}
