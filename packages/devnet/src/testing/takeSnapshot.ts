import type { Platform } from "@privnet/core";
import type { Client } from "viem";

/**
 * What a snapshot can be taken of: a platform (its chain and, where the platform can, its own
 * state: history, wallets, nonces), a devnet (anything with an `rpcUrl`: `startDevnet()`'s, the
 * Vitest worker's) or a viem client on the chain.
 */
export type SnapshotTarget = Platform | Client | { rpcUrl: string };

/** A point to go back to. One use: `revert()` consumes it, as `evm_revert` does. */
export type ChainSnapshot = {
  /** Puts the chain (and the platform's state, for a platform) back where it was. */
  revert(): Promise<void>;
};

/**
 * Takes a snapshot of the chain — with a platform, of the chain and the platform's state
 * together, so that after `revert()` on-chain and off-chain state are from the same moment.
 *
 * @example
 * const snapshot = await takeSnapshot(platform);
 * await platform.sender.sendFromWallet({ fromWalletId: 1, to, amount: "1" });
 * await snapshot.revert(); // the transfer and its history record are gone
 */
export async function takeSnapshot(target: SnapshotTarget): Promise<ChainSnapshot> {
  if (isPlatform(target)) {
    const handle = await target.snapshot();
    return once(async () => {
      await target.revert(handle);
    });
  }
  const request = rpcOf(target);
  const id = await request<string>("evm_snapshot");
  return once(() => revertChain(request, id));
}

/**
 * `evm_revert` to snapshot `id`, and an empty pool: anvil keeps its pool across a revert, so
 * transactions sent after the snapshot (one still pending, one anvil held back) would otherwise
 * land in — or block the nonces of — whatever runs next. Nodes without `anvil_dropAllTransactions`
 * keep their pool.
 */
export async function revertChain(
  request: <T>(method: string, params?: unknown[]) => Promise<T>,
  id: string,
): Promise<void> {
  const reverted = await request<boolean>("evm_revert", [id]);
  if (!reverted) throw new Error(`evm_revert ${id} failed: the snapshot was already used or discarded.`);
  await request("anvil_dropAllTransactions").catch(() => undefined);
}

/** A JSON-RPC caller for a snapshot target. */
export function rpcOf(target: SnapshotTarget): <T>(method: string, params?: unknown[]) => Promise<T> {
  if (isPlatform(target)) return viemRequest(target.client);
  if ("rpcUrl" in target && typeof target.rpcUrl === "string") return fetchRequest(target.rpcUrl);
  return viemRequest(target as Client);
}

function isPlatform(target: SnapshotTarget): target is Platform {
  return "transactions" in target && "client" in target;
}

function viemRequest(client: Pick<Client, "request">) {
  return <T>(method: string, params: unknown[] = []) =>
    (client.request as (args: { method: string; params: unknown[] }) => Promise<T>)({ method, params });
}

function fetchRequest(rpcUrl: string) {
  let id = 0;
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params }),
    });
    const body = (await response.json()) as { result?: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result as T;
  };
}

function once(revert: () => Promise<void>): ChainSnapshot {
  let used: Promise<void> | undefined;
  return {
    revert() {
      used ??= revert();
      return used;
    },
  };
}
