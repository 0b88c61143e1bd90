import { useDevnet } from "@privnet/devnet/vitest";
import { expect, test } from "vitest";
import type { CreatePlatformOptions, Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { MAX_PENDING_LIMIT } from "./BotConfig.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";

// At interval 0 the pending limit follows the chain: 60M gas a block, 21,000 a transfer → 2,857
// transfers a block, three blocks of headroom, within anvil's pool (no limit: the largest
// maxPending) — unless maxPending was given.

const devnet = useDevnet();
const chainLimit = Math.floor(60_000_000 / 21_000) * 3;

const open = (options: Partial<CreatePlatformOptions> = {}) => openBotPlatform(devnet.rpcUrl, options);

/** Runs the transfer bot until it confirmed a transaction; answers its status then, and stops it. */
async function runBriefly(platform: Platform, overrides: Record<string, unknown>) {
  const confirmed = nextBotEvents(platform, "transfer", transactionWith("confirmed"));
  await platform.bots.start("transfer", overrides);
  await confirmed;
  const running = await platform.bots.get("transfer");
  await platform.bots.stop("transfer");
  await platform.bots.settled("transfer");
  return running;
}

test("interval 0 without maxPending: the limit is the chain's capacity, shown in the status", async () => {
  expect(chainLimit).toBeLessThanOrEqual(MAX_PENDING_LIMIT);
  const platform = await open();
  try {
    expect((await runBriefly(platform, { interval: 0 })).config.maxPending).toBe(chainLimit);
    // Stopped, the configured default shows again.
    expect((await platform.bots.get("transfer")).config.maxPending).toBe(512);
  } finally {
    await platform.close();
  }
});

test("an explicit maxPending wins: in the start request, the options or the environment", async () => {
  const platform = await open();
  try {
    expect((await runBriefly(platform, { interval: 0, maxPending: 100 })).config.maxPending).toBe(100);
  } finally {
    await platform.close();
  }
  for (const bots of [{ transfer: { maxPending: 300 } }, { env: { TRANSFER_MAX_PENDING: "200" } }]) {
    const configured = await open({ bots });
    try {
      const expected = "transfer" in bots ? 300 : 200;
      expect((await runBriefly(configured, { interval: 0 })).config.maxPending).toBe(expected);
    } finally {
      await configured.close();
    }
  }
});

test("poolLimit bounds it; an interval above 0 keeps maxPending", async () => {
  const platform = await open({ bots: { poolLimit: 1_000 } });
  try {
    expect((await runBriefly(platform, { interval: 0 })).config.maxPending).toBe(1_000);
    expect((await runBriefly(platform, { interval: 10 })).config.maxPending).toBe(512);
  } finally {
    await platform.close();
  }
});

test("a bot resumed after a restart follows the chain again (its limit was not stored as explicit)", async () => {
  const storage = memoryStorage();
  const keep: StorageAdapter = { ...storage, close: async () => {} };
  const first = await open({ storage: keep });
  try {
    const confirmed = nextBotEvents(first, "transfer", transactionWith("confirmed"));
    await first.bots.start("transfer", { interval: 0 });
    await confirmed;
  } finally {
    await first.close(); // still marked running: it resumes
  }
  const second = await open({ storage: keep });
  try {
    await nextBotEvents(second, "transfer", transactionWith("confirmed"));
    expect((await second.bots.get("transfer")).config).toMatchObject({ interval: 0, maxPending: chainLimit });
    await second.bots.stop("transfer");
    await second.bots.settled("transfer");
  } finally {
    await second.close();
    await storage.close();
  }
});
