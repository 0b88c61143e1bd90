import { startDevnet } from "@privnet/devnet";
import { http, type PublicClient, parseEther } from "viem";
import { expect, test } from "vitest";
import type { BotEvent } from "../context/BotEvent.js";
import { createPlatform } from "../platform/createPlatform.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";

// The case: a bot at interval 0 spends its top-up faster than fixed top-ups refill it
// (14,003 transfers, then 385 INSUFFICIENT_FUNDS). A devnet of its own with 1 s interval mining, so
// that transactions pool up between blocks as on the 2 s chain (the test pool's devnets mine a
// block per transaction, where nothing ever waits for a block).

/** Resolves once the chain's head reaches `target`. */
function blockReached(client: PublicClient, target: bigint): Promise<void> {
  return new Promise((resolve) => {
    const unwatch = client.watchBlockNumber({
      emitOnBegin: true,
      poll: true,
      pollingInterval: 100,
      onBlockNumber: (number) => {
        if (number < target) return;
        unwatch();
        resolve();
      },
    });
  });
}

test("at interval 0 from a small balance, top-ups follow the spend: no INSUFFICIENT_FUNDS over 8 blocks", async () => {
  const devnet = await startDevnet({ port: 0, blockTime: 1 });
  try {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      // A first top-up worth 10 transfers, and fixed top-ups would be as small.
      bots: { env: {}, minBalance: "0.05", topUp: "0.1" },
    });
    try {
      const errors: BotEvent[] = [];
      platform.events.on("bot", (event) => {
        if (event.type === "error") errors.push(event);
      });
      const start = (await platform.network.info()).blockNumber;
      await platform.bots.start("transfer", { interval: 0, amount: "0.01", recipients: "fresh" });
      await blockReached(platform.client, start + 8n);
      await platform.bots.stop("transfer");
      await platform.bots.settled("transfer");

      const { stats, address } = await platform.bots.get("transfer");
      const history = await readWholeHistory(platform.storage);
      const topUps = history.filter((record) => record.source === "bot-funding" && record.to === address);
      expect(errors.map((event) => event.error?.code)).toEqual([]);
      expect(stats).toMatchObject({ errors: 0, failed: 0, pending: 0 });
      // It spent many times its first top-up: the later ones followed the spend…
      expect(BigInt(stats.confirmed) * parseEther("0.01")).toBeGreaterThan(20n * parseEther("0.1"));
      // …in proportion to it, not a top-up per handful of transfers.
      expect(topUps.length).toBeLessThan(stats.confirmed / 50);
      expect(topUps.every((record) => record.status === "confirmed")).toBe(true);
    } finally {
      await platform.close();
    }
  } finally {
    await devnet.stop();
  }
});
