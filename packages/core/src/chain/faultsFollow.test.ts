import { type Devnet, startDevnet } from "@privnet/devnet";
import { type Hash, http, parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { nextBotEvents, transactionWith } from "../bots/fixtures/nextBotEvents.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import type { ChainFaultEvent } from "./ChainFaults.js";
import {
  collectBotEvents,
  expectExplorerMatchesChain,
  expectHistoryOnCanonicalChain,
} from "./fixtures/expectFollowsChain.js";

// Each fault other than a reorganisation, under the transfer bot and the oracle's push loop, on
// one chain of its own with 1 s blocks. After each: the bot confirms again and the oracle pushes
// again; then, the bot stopped and settled, no acknowledged send lost (no failed record), every
// confirmed record's receipt in the canonical block at its height, `verify()` clean, the
// explorer's index on the chain, and no error about nonces from the bot.
let devnet: Devnet;
let platform: Platform;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 1 });
  platform = await createPlatform({
    transport: http(devnet.rpcUrl, { retryCount: 0 }),
    pollingInterval: 100,
    // Quick to look at a send still pending (a fee spike, a lost pool), slow to give one up.
    replaceAfter: 2_000,
    dropAfter: 120_000,
    contracts: true,
    oracle: { interval: 1_000 },
    bots: { env: {} },
  });
  await platform.oracle.start();
}, 60_000);
afterAll(async () => {
  await platform?.close();
  await devnet?.stop();
});

function nextOraclePush() {
  return new Promise<bigint>((resolve) => {
    const listener = (...[event]: PlatformEvents["oracle"]) => {
      if (event.type !== "pushed") return;
      platform.events.off("oracle", listener);
      resolve(event.blockNumber);
    };
    platform.events.on("oracle", listener);
  });
}

function nextFaultEvent(type: ChainFaultEvent["type"]) {
  return new Promise<ChainFaultEvent>((resolve) => {
    const stop = devnet.faults.subscribe((event) => {
      if (event.type !== type) return;
      stop();
      resolve(event);
    });
  });
}

/**
 * Runs `fault` under the transfer bot (pending sends in the pool when it hits) and checks what
 * privnet runs followed it. Answers the hashes `fault` answered as its own (the pool's), which
 * must all end confirmed.
 */
async function underTheBot(fault: () => Promise<readonly Hash[]>) {
  const bot = collectBotEvents(platform);
  try {
    const from = await platform.client.getBlockNumber({ cacheTime: 0 });
    const pending = nextBotEvents(platform, "transfer", transactionWith("pending"), 3);
    await platform.bots.start("transfer", { interval: 100 });
    await pending;
    const confirmedBefore = (await platform.bots.get("transfer")).stats.confirmed;

    const touched = await fault();

    await Promise.all([
      nextBotEvents(platform, "transfer", transactionWith("confirmed"), 5),
      nextOraclePush(),
    ]);
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
    // The oracle pushes every second: stopped, and its last pushes settled, before the history is
    // read (started again for the next fault, in `finally`).
    await platform.oracle.stop();
    for (const record of await readWholeHistory(platform.storage))
      if (record.status === "pending") await platform.transactions.wait(record.id);
    const records = await expectHistoryOnCanonicalChain(platform);
    const acknowledged = bot.acknowledged();
    expect(records.filter((record) => record.status === "failed" && acknowledged.has(record.id))).toEqual([]);
    const byHash = new Map(records.map((record) => [record.hash.toLowerCase(), record.status]));
    const ours = touched.filter((hash) => byHash.has(hash.toLowerCase()));
    for (const hash of ours) expect(byHash.get(hash.toLowerCase())).toBe("confirmed");
    expect((await platform.bots.get("transfer")).stats.confirmed).toBeGreaterThan(confirmedBefore);
    expect(bot.nonceErrors()).toEqual([]);
    await expectExplorerMatchesChain(platform, from);
    return ours;
  } finally {
    bot.stop();
    await platform.bots.stop("transfer");
    await platform.oracle.start();
  }
}

describe("privnet follows each fault (bot, oracle, history, explorer)", () => {
  test("dropPool: the sends the node lost are put back from their signed bytes and confirmed", async () => {
    const ours = await underTheBot(async () => (await devnet.faults.dropPool()).dropped);
    expect(ours.length).toBeGreaterThan(0);
  }, 60_000);

  test("restart without its pool: the lost sends are put back and confirmed", async () => {
    await underTheBot(async () => (await devnet.faults.restart()).pool);
  }, 60_000);

  test("restart keeping its pool: nothing lost, nothing sent twice", async () => {
    await underTheBot(async () => (await devnet.faults.restart({ keepPool: true })).pool);
  }, 60_000);

  test("stall: sends wait in the pool, then confirm once blocks come again", async () => {
    await underTheBot(async () => {
      const recovered = nextFaultEvent("recovered");
      await devnet.faults.stall({ ms: 2_000 });
      await recovered;
      return [];
    });
  }, 60_000);

  test("unreachable: the watcher and the bot retry until the node answers again", async () => {
    await underTheBot(async () => {
      const recovered = nextFaultEvent("recovered");
      await devnet.faults.unreachable({ ms: 2_000 });
      await recovered;
      return [];
    });
  }, 60_000);

  test("feeSpike: a send made during the spike is priced over the spiked base fee and confirms", async () => {
    const baseFee = parseGwei("20");
    await underTheBot(async () => {
      const { fromBlock } = await devnet.faults.feeSpike({ baseFee, blocks: 2 });
      const sent = await platform.sender.sendFromWallet({
        fromWalletId: 3,
        to: "0x00000000000000000000000000000000000000bb",
        amount: "1",
      });
      const settled = await platform.transactions.wait(sent.id);
      expect(settled.status).toBe("confirmed");
      // Sent at the base fee before the spike, replaced at the spiked one: it lands in the spike.
      const block = await platform.client.getBlock({ blockNumber: settled.blockNumber as bigint });
      expect(block.number).toBeGreaterThanOrEqual(fromBlock);
      expect(block.baseFeePerGas).toBe(baseFee);
      return [settled.hash];
    });
  }, 60_000);
});
