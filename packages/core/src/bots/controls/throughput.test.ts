import { type Devnet, startDevnet } from "@privnet/devnet";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Platform } from "../../platform/createPlatform.js";
import { blockReached, countBlockTransactions, mean } from "../fixtures/countBlockTransactions.js";
import { openBotPlatform } from "../fixtures/openBotPlatform.js";

// One devnet for the file, mining a block every second: transactions pool up between blocks as
// on a real chain, so that what a bot sends per block is what each block carries. The tests wait
// for 23 and 6 of those blocks, and stop their bots after: more than the default test time.
const BLOCKS_WAITED = { timeout: 120_000 };
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 1 });
});
afterAll(async () => {
  await devnet?.stop();
});

/** Runs `body` on a platform of its own (own storage), closed afterwards with its bots stopped. */
async function withPlatform(body: (platform: Platform) => Promise<void>) {
  const platform = await openBotPlatform(devnet.rpcUrl);
  try {
    await body(platform);
  } finally {
    for (const name of platform.bots.names()) await platform.bots.stop(name);
    for (const name of platform.bots.names()) await platform.bots.settled(name);
    await platform.close();
  }
}

/**
 * Counts each bot's transactions in the 20 blocks after a warm-up of 3 (its first funding and the
 * first block's release), from the chain's blocks.
 */
async function perBlockOver20(platform: Platform, bots: string[]) {
  const start = (await platform.network.info()).blockNumber;
  const from = start + 3n;
  const to = from + 19n;
  await blockReached(platform.client, to + 1n);
  const senders: Record<string, `0x${string}`[]> = {};
  for (const bot of bots) senders[bot] = [(await platform.bots.get(bot)).address];
  return countBlockTransactions(platform.client, from, to, senders);
}

describe("throughput", () => {
  test(
    "txPerBlock, txPerSecond and a group's weights: each held within 10 % over 20 blocks",
    BLOCKS_WAITED,
    async () => {
      await withPlatform(async (platform) => {
        const transfers = { amount: "0.0001", recipients: "fresh" } as const;
        // All at once on the same blocks: the transfer bot per block, an instance per second, and
        // a group of two instances sharing 60 a block by weights 1 and 2.
        await platform.bots.createInstance({ scenario: "transfer", name: "per-second", config: transfers });
        for (const name of ["light", "heavy"]) {
          await platform.bots.createInstance({ scenario: "transfer", name, config: transfers });
        }
        await platform.bots.setGroup({ name: "load", txPerBlock: 60, weights: { light: 1, heavy: 2 } });
        await platform.bots.start("transfer", { txPerBlock: 40, ...transfers });
        await platform.bots.start("per-second", { txPerSecond: 30 });
        await platform.bots.start("light");
        await platform.bots.start("heavy");

        const counts = await perBlockOver20(platform, ["transfer", "per-second", "light", "heavy"]);
        const error = (values: number[] | undefined, target: number) =>
          Math.abs(mean(values ?? []) - target) / target;
        expect(error(counts.transfer, 40)).toBeLessThanOrEqual(0.1);
        expect(error(counts["per-second"], 30)).toBeLessThanOrEqual(0.1);
        expect(error(counts.light, 20)).toBeLessThanOrEqual(0.1);
        expect(error(counts.heavy, 40)).toBeLessThanOrEqual(0.1);

        expect((await platform.bots.controls("transfer")).throughput).toMatchObject({
          txPerBlock: 40,
          txPerSecond: null,
        });
        expect((await platform.bots.get("transfer")).config).toMatchObject({ txPerBlock: 40 });
        expect((await platform.bots.controls("per-second")).throughput).toMatchObject({ txPerSecond: 30 });
        expect(await platform.bots.controls("heavy")).toMatchObject({
          group: { name: "load", weight: 2 },
          throughput: { txPerBlock: 40, txPerSecond: null },
        });
      });
    },
  );

  test(
    "instances of one scenario: own key, config and stats; stopping one leaves the other",
    BLOCKS_WAITED,
    async () => {
      await withPlatform(async (platform) => {
        const fast = await platform.bots.createInstance({
          scenario: "transfer",
          name: "fast",
          config: { txPerBlock: 20, amount: "0.0001", recipients: "fresh" },
        });
        const slow = await platform.bots.createInstance({
          scenario: "transfer",
          name: "slow",
          config: { txPerBlock: 5, amount: "0.0002", recipients: "fresh" },
        });
        const transfer = await platform.bots.get("transfer");
        expect(new Set([fast.address, slow.address, transfer.address]).size).toBe(3);
        expect(platform.bots.names()).toEqual(expect.arrayContaining(["transfer", "fast", "slow"]));
        // Instance keys are allocated by name per storage: another test's platform may have used it.
        const nonceBefore = await platform.client.getTransactionCount({ address: slow.address });
        await platform.bots.start("fast");
        await platform.bots.start("slow");
        const start = (await platform.network.info()).blockNumber;
        await blockReached(platform.client, start + 6n);
        await platform.bots.stop("slow");
        await platform.bots.settled("slow");

        const [fastNow, slowNow, transferNow] = await Promise.all(
          ["fast", "slow", "transfer"].map((name) => platform.bots.get(name)),
        );
        expect(fastNow?.status).toBe("Running");
        expect(slowNow?.status).toBe("Stopped");
        expect(transferNow?.status).toBe("Stopped");
        expect(transferNow?.stats.sent).toBe(0);
        expect(slowNow?.config).toMatchObject({ txPerBlock: 5, amount: "0.0002" });
        expect(fastNow?.config).toMatchObject({ txPerBlock: 20, amount: "0.0001" });
        // Each counts its own: the slow one's sends are about a quarter of the fast one's.
        expect(slowNow?.stats.sent).toBeGreaterThan(0);
        expect(slowNow?.stats.sent).toBeLessThan((fastNow?.stats.sent ?? 0) / 2);
        // Its sends went out from its own address, with its own amount: 0.0002 ETH each.
        const logs = await platform.bots.logs("slow", { limit: 5 });
        expect(logs.transactions.length).toBe(5);
        for (const tx of logs.transactions) {
          expect(tx.from.toLowerCase()).toBe(slow.address.toLowerCase());
          expect(String(tx.value)).toBe("200000000000000");
        }
        const onChain = await platform.client.getTransactionCount({ address: slow.address });
        expect(onChain - nonceBefore).toBe(slowNow?.stats.confirmed);
        expect(await platform.bots.controls("slow")).toMatchObject({
          bot: "slow",
          scenario: "transfer",
          instance: true,
          group: null,
        });
      });
    },
  );
});
