import { type Devnet, startDevnet } from "@privnet/devnet";
import { http } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { nextBotEvents, transactionWith } from "../bots/fixtures/nextBotEvents.js";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { readWholeHistory } from "../storage/readWholeHistory.js";
import type { ChainFaults } from "./ChainFaults.js";
import {
  collectBotEvents,
  expectExplorerMatchesChain,
  expectHistoryOnCanonicalChain,
} from "./fixtures/expectFollowsChain.js";

// Real reorganisations (new hashes for the last `depth` blocks, the orphaned transactions mined
// again on the new branch) under the transfer bot, on a chain of its own with 1 s blocks. After
// each: no acknowledged send lost, every confirmed record's receipt in the canonical block at its
// height, `verify()` clean, the explorer's index on the new branch, the bot sending.
//
// Depths 1 and 3 run the bot at full speed (thousands of transactions a block re-mined). Depth 10
// proves the same rules over ten blocks with the bot held to 100 transactions a block: at full
// speed it re-mined ~7,000 transactions and checked ~9,000 records, 35–45 s of the machine's
// time that grows with its load (over the 120 s timeout twice), for nothing the shallower
// depths do not already show at that rate.
//
// The platform talks to the devnet's port like any client: the devnet's reorg holds its requests
// while the new branch is put in place, so it sees the chain before and after, as with a node.
// A deep reorganisation at full speed takes longer than viem's default 10 s request timeout: the
// platform's transport waits as long as the hold may last (docs/faults.md).
let devnet: Devnet;
let platform: Platform;
let faults: Pick<ChainFaults, "reorg">;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 1 });
  faults = devnet.faults;
}, 60_000);

// Each depth on a platform of its own (fresh history, the bot's nonce read from the chain).
beforeEach(async () => {
  platform = await createPlatform({
    transport: http(devnet.rpcUrl, { timeout: 60_000 }),
    pollingInterval: 100,
    bots: { env: {} },
  });
}, 30_000);
afterEach(async () => {
  await platform?.close();
});

afterAll(async () => {
  await devnet?.stop();
});

/** Resolves once the bot's confirmed transactions are spread over `blocks` blocks (from now on). */
function confirmedOverBlocks(blocks: number) {
  return new Promise<void>((resolve) => {
    const seen = new Set<bigint>();
    const listener = (event: {
      bot: string;
      type: string;
      transaction?: { status: string; blockNumber: bigint | null };
    }) => {
      if (event.bot !== "transfer" || event.transaction?.status !== "confirmed") return;
      seen.add(event.transaction.blockNumber as bigint);
      if (seen.size < blocks) return;
      platform.events.off("bot", listener);
      resolve();
    };
    platform.events.on("bot", listener);
  });
}

/** The acceptance check for a reorganisation of `depth` under the bot, at full speed unless `run` says otherwise. */
async function reorgUnderTheBot(
  depth: number,
  run: { interval: number } | { txPerBlock: number } = { interval: 0 },
) {
  const bot = collectBotEvents(platform);
  try {
    const busy = confirmedOverBlocks(depth + 1);
    await platform.bots.start("transfer", run);
    await busy;
    const confirmedBefore = (await platform.bots.get("transfer")).stats.confirmed;

    const reorg = await faults.reorg({ depth });
    expect(reorg.replaced).toHaveLength(depth);
    for (const { oldHash, newHash } of reorg.replaced) expect(newHash).not.toBe(oldHash);
    const history = new Map(
      (await readWholeHistory(platform.storage)).map((record) => [record.hash.toLowerCase(), record]),
    );
    const ours = reorg.orphaned.filter((hash) => history.has(hash.toLowerCase()));
    expect(ours.length).toBeGreaterThan(0);

    // The bot goes on after the fault, then stops and everything it sent settles.
    await nextBotEvents(platform, "transfer", transactionWith("confirmed"), 20);
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");

    const records = await expectHistoryOnCanonicalChain(platform);
    const acknowledged = bot.acknowledged();
    expect(records.filter((record) => record.status === "failed" && acknowledged.has(record.id))).toEqual([]);
    const byHash = new Map(records.map((record) => [record.hash.toLowerCase(), record]));
    for (const hash of ours) expect(byHash.get(hash.toLowerCase())?.status).toBe("confirmed");
    expect((await platform.bots.get("transfer")).stats.confirmed).toBeGreaterThan(confirmedBefore);
    expect(bot.nonceErrors()).toEqual([]);
    await expectExplorerMatchesChain(
      platform,
      (reorg.replaced[0]?.number ?? 1n) - 1n,
      reorg.replaced.map((block) => block.oldHash),
    );
  } finally {
    bot.stop();
  }
}

describe("a reorganisation under the transfer bot", () => {
  test(
    "depth 1, at full speed: no acknowledged send lost, every record on the canonical chain",
    () => reorgUnderTheBot(1),
    60_000,
  );
  test(
    "depth 3, at full speed: no acknowledged send lost, every record on the canonical chain",
    () => reorgUnderTheBot(3),
    60_000,
  );
  test(
    "depth 10, at 100 transactions a block: no acknowledged send lost, every record on the canonical chain",
    () => reorgUnderTheBot(10, { txPerBlock: 100 }),
    60_000,
  );
});
