import type { Platform } from "@privnet/core";
import type { PublicClient } from "viem";

/**
 * What a refused request must not change, read straight from the platform and the chain: the
 * wallets, the newest history record, the chain (automine: any transaction is a block; the pool
 * for one that did not mine), the oracle's state and which bots run. Status changes of records
 * already sent (pending → confirmed) are left out: they are the watcher's, not a request's.
 *
 * @example
 * expect(await stateFingerprint(platform, client)).toEqual(before);
 */
export async function stateFingerprint(platform: Platform, client: PublicClient) {
  const [wallets, newest, block, pool, bots] = await Promise.all([
    platform.storage.wallets.list(),
    platform.storage.transactions.list({ limit: 1 }),
    client.getBlockNumber({ cacheTime: 0 }),
    client.request({ method: "txpool_status" } as never) as Promise<{ pending: string; queued: string }>,
    platform.bots.status(),
  ]);
  const oracle = platform.oracle.status();
  return {
    wallets: wallets.map((wallet) => `${wallet.id}:${wallet.address}`).join(","),
    newestRecord: newest[0]?.id ?? null,
    block: block.toString(),
    pool: `${pool.pending}/${pool.queued}`,
    oracle: {
      frozen: oracle.frozen,
      running: oracle.running,
      lastPush: oracle.lastPush?.hash ?? null,
      scenario: oracle.scenario,
    },
    bots: Object.entries(bots)
      .filter(([, bot]) => bot.status === "Running")
      .map(([name]) => name),
  };
}

export type StateFingerprint = Awaited<ReturnType<typeof stateFingerprint>>;
