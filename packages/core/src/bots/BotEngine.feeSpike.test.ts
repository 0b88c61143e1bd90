import { type Devnet, startDevnet } from "@privnet/devnet";
import { parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { collectBotEvents, expectHistoryOnCanonicalChain } from "../chain/fixtures/expectFollowsChain.js";
import type { Platform } from "../platform/createPlatform.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import { blockReached } from "./fixtures/countBlockTransactions.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";

// A fee spike needs transactions waiting in the pool when it hits: a chain of its own, 2 s blocks.
let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 2 });
}, 60_000);
afterAll(() => devnet?.stop());

/** Blocks after the spike's last one within which the bot's waiting transactions must land. */
const FEW_BLOCKS = 3n;

describe("bots in a fee spike (own devnet, 2 s blocks)", () => {
  test("the transfer bot's waiting transactions are replaced at the market fee and confirm within a few blocks of the spike", async () => {
    // The platform's defaults: a send is replaced when stuck only after 30 s (15 blocks).
    const platform = await openBotPlatform(devnet.rpcUrl);
    const bot = collectBotEvents(platform);
    try {
      const pending = nextBotEvents(platform, "transfer", transactionWith("pending"), 5);
      await platform.bots.start("transfer", { interval: 100 });
      await pending;

      const spike = { baseFee: parseGwei("100"), blocks: 3 };
      const waiting = [...bot.acknowledged()];
      const { fromBlock } = await devnet.faults.feeSpike(spike);
      const spikeEnd = fromBlock + BigInt(spike.blocks) - 1n;

      // Each transaction the bot had sent before the spike (priced for a 1 gwei base fee) lands
      // within a few blocks of it, not once the base fee has decayed (some 30 blocks later).
      for (const id of waiting) {
        const settled = await platform.transactions.wait(id);
        expect(settled.status).toBe("confirmed");
        expect(settled.blockNumber as bigint).toBeLessThanOrEqual(spikeEnd + FEW_BLOCKS);
        // One that landed in the spike was replaced at the market fee: twice its base fee + the tip.
        if ((settled.blockNumber as bigint) < fromBlock) continue;
        const landed = await platform.client.getTransaction({ hash: settled.hash });
        expect(landed.maxFeePerGas as bigint).toBeGreaterThan(2n * spike.baseFee);
      }
      const confirmedBefore = (await platform.bots.get("transfer")).stats.confirmed;
      await blockReached(platform.client, spikeEnd + FEW_BLOCKS);
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 3);

      await platform.bots.stop("transfer");
      await platform.bots.settled("transfer");
      // Every record the bot was acknowledged ends confirmed with its receipt on chain: none was
      // lost to its replacement.
      const records = await expectHistoryOnCanonicalChain(platform);
      const ours = records.filter((record) => record.source === "transfer");
      expect(ours.filter((record) => record.status !== "confirmed")).toEqual([]);
      const { stats } = await platform.bots.get("transfer");
      expect(stats).toMatchObject({ failed: 0, pending: 0, errors: 0 });
      expect(stats.confirmed).toBeGreaterThan(confirmedBefore);
      expect((await readWholeHistory(platform.storage)).length).toBeGreaterThan(waiting.length);
    } finally {
      bot.stop();
      await platform.close();
    }
  }, 120_000);

  test("above the bots' fee cap the bot waits, its status says why, and nothing it sends pays more than the cap", async () => {
    const cap = parseGwei("50");
    const platform = await openBotPlatform(devnet.rpcUrl, { bots: { env: {}, maxFeePerGasGwei: "50" } });
    const bot = collectBotEvents(platform);
    try {
      const pending = nextBotEvents(platform, "transfer", transactionWith("pending"), 5);
      await platform.bots.start("transfer", { interval: 100 });
      await pending;
      expect((await platform.bots.get("transfer")).waiting).toBeNull();

      const spike = { baseFee: parseGwei("100"), blocks: 3 };
      const waiting = [...bot.acknowledged()];
      const { fromBlock } = await devnet.faults.feeSpike(spike);
      const spikeEnd = fromBlock + BigInt(spike.blocks) - 1n;
      const said = await waitingDuring(platform, fromBlock, spikeEnd + 1n);
      expect(said).toMatch(/above the bots' fee cap \(50 gwei per gas\)/);

      // Once the base fee fell within the cap, the waiting transactions land and the bot goes on.
      for (const id of waiting) expect((await platform.transactions.wait(id)).status).toBe("confirmed");
      await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 3);
      expect((await platform.bots.get("transfer")).waiting).toBeNull();

      await platform.bots.stop("transfer");
      await platform.bots.settled("transfer");
      const records = (await expectHistoryOnCanonicalChain(platform)).filter((r) => r.source === "transfer");
      expect(records.filter((record) => record.status !== "confirmed")).toEqual([]);
      for (const record of records) {
        const landed = await platform.client.getTransaction({ hash: record.hash });
        expect(landed.maxFeePerGas as bigint).toBeLessThanOrEqual(cap);
      }
      // Waiting for the base fee is not an error of the bot's.
      expect((await platform.bots.get("transfer")).stats).toMatchObject({ failed: 0, errors: 0 });
    } finally {
      bot.stop();
      await platform.close();
    }
  }, 120_000);
});

/** The bot's `waiting` as the status says it at one of the blocks `from`…`to` (null if at none). */
async function waitingDuring(platform: Platform, from: bigint, to: bigint): Promise<string | null> {
  for (let block = from; block <= to; block++) {
    await blockReached(platform.client, block);
    const { waiting } = await platform.bots.get("transfer");
    if (waiting) return waiting;
  }
  return null;
}
