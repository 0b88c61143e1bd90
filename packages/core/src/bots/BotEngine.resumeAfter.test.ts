import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { nextBotEvents, transactionWith } from "./fixtures/nextBotEvents.js";

const devnet = useDevnet();

/** A storage the platform cannot close (a restart within one test) and one bot left running in it. */
async function storageWithRunningBot(): Promise<StorageAdapter> {
  const storage = memoryStorage();
  const kept: StorageAdapter = { ...storage, close: async () => {} };
  const first = await createPlatform({ transport: http(devnet.rpcUrl), storage: kept, bots: { env: {} } });
  try {
    const confirmed = nextBotEvents(first, "transfer", transactionWith("confirmed"));
    await first.bots.start("transfer", { interval: 50 });
    await confirmed;
  } finally {
    await first.close(); // the bot stays marked running
  }
  return kept;
}

function deferred() {
  let settle: { resolve(): void; reject(error: Error): void } = { resolve() {}, reject() {} };
  const promise = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { promise, ...settle };
}

test("with resumeAfter, a bot left running resumes once it resolves, not while the platform starts", async () => {
  const storage = await storageWithRunningBot();
  const gate = deferred();
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    pollingInterval: 100,
    bots: { env: {}, resumeAfter: gate.promise },
  });
  try {
    expect((await platform.bots.get("transfer")).status).toBe("Stopped");
    const confirmed = nextBotEvents(platform, "transfer", transactionWith("confirmed"));
    gate.resolve();
    await confirmed;
    expect((await platform.bots.get("transfer")).config.interval).toBe(50); // the last run's config
    await platform.bots.stop("transfer");
    await platform.bots.settled("transfer");
  } finally {
    await platform.close();
  }
});

test("a rejected resumeAfter leaves the bots stopped (and marked running for the next start)", async () => {
  const storage = await storageWithRunningBot();
  const gate = deferred();
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    bots: { env: {}, resumeAfter: gate.promise },
  });
  try {
    gate.reject(new Error("the stack did not start"));
    await gate.promise.catch(() => undefined);
    await new Promise((resolve) => setImmediate(resolve)); // the engine's handlers ran
    expect((await platform.bots.get("transfer")).status).toBe("Stopped");
  } finally {
    await platform.close();
  }
  const again = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    pollingInterval: 100,
    bots: { env: {} },
  });
  try {
    expect((await again.bots.get("transfer")).status).toBe("Running");
    await again.bots.stop("transfer");
    await again.bots.settled("transfer");
  } finally {
    await again.close();
  }
});
