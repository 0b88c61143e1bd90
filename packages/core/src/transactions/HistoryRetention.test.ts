import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http, keccak256, toHex } from "viem";
import { expect, test, vi } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { NewTransactionRecord, StorageAdapter } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000dd");

let serial = 0;

/** `count` records of `source` (a seed bot's name, or the API), settled unless `pending`. */
async function record(storage: StorageAdapter, source: string, count: number, pending = false) {
  const from = devnet.accounts[1]?.address ?? recipient;
  const records = Array.from(
    { length: count },
    (_, index): NewTransactionRecord => ({
      hash: keccak256(toHex(`${source} ${serial++}`)),
      from,
      to: recipient,
      value: 1n,
      nonce: index,
      status: pending ? "pending" : "confirmed",
      blockNumber: pending ? null : 1n,
      source,
      createdAt: new Date().toISOString(),
      kind: "transfer",
      selector: null,
    }),
  );
  return storage.transactions.insertMany(records);
}

test("the bots' oldest settled records beyond botRetention go; the wallets' sends and pending records stay", async () => {
  const storage = memoryStorage();
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    bots: { env: {} },
    history: { botRetention: 5 },
  });
  try {
    const pendingBot = await record(storage, "transfer", 1, true);
    const transfer = await record(storage, "transfer", 8);
    const wallet = await record(storage, "api", 4);
    const erc20 = await record(storage, "erc20", 3);
    // 12 bot records, 5 kept: the pending one and the 4 newest.
    expect(await platform.transactions.applyRetention()).toBe(7);
    const left = await storage.transactions.list({ limit: 100 });
    expect(left.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      [...pendingBot, transfer.at(-1), ...wallet, ...erc20]
        .map((entry) => entry?.id as number)
        .sort((a, b) => a - b),
    );
    expect(await platform.transactions.applyRetention()).toBe(0);
    expect(platform.transactions.retention()).toMatchObject({ botRetention: 5, removed: 7, lastError: null });
  } finally {
    await platform.close();
  }
});

test("runs by itself as blocks come, and botRetention: false keeps everything", async () => {
  const storage = memoryStorage();
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage,
    pollingInterval: 100,
    bots: { env: {} },
    history: { botRetention: 2 },
  });
  try {
    await record(storage, "nft", 6);
    for (let block = 0; block < 20; block++) await devnet.request("evm_mine");
    await vi.waitFor(() => expect(platform.transactions.retention().removed).toBe(4), { timeout: 10_000 });
    expect(await storage.transactions.list({ limit: 100, source: "nft" })).toHaveLength(2);
  } finally {
    await platform.close();
  }

  const kept = memoryStorage();
  const keeping = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: kept,
    bots: { env: {} },
    history: { botRetention: false },
  });
  try {
    await record(kept, "transfer", 3);
    expect(await keeping.transactions.applyRetention()).toBe(0);
    expect(keeping.transactions.retention().botRetention).toBeNull();
  } finally {
    await keeping.close();
  }
  await expect(
    createPlatform({ transport: http(devnet.rpcUrl), history: { botRetention: -1 } }),
  ).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
});

test("a removed instance's records are still the bots': bounded with the rest, after a restart too", async () => {
  // One store for two platforms in turn, as a database file is: the first's close leaves it open.
  const storage: StorageAdapter = { ...memoryStorage(), close: async () => undefined };
  const options = {
    transport: http(devnet.rpcUrl),
    storage,
    bots: { env: {} },
    history: { botRetention: 2 },
  };
  const platform = await createPlatform(options);
  try {
    await platform.bots.createInstance({ scenario: "transfer", name: "gone" });
    await platform.bots.removeInstance("gone");
    await record(storage, "gone", 5);
    expect(await platform.transactions.applyRetention()).toBe(3);
  } finally {
    await platform.close();
  }
  // The next platform on the store knows the name from it.
  const next = await createPlatform(options);
  try {
    const newer = await record(storage, "gone", 4);
    expect(await next.transactions.applyRetention()).toBe(4);
    expect(
      (await storage.transactions.list({ limit: 100, source: "gone" })).map((entry) => entry.id),
    ).toEqual(
      newer
        .slice(-2)
        .map((entry) => entry.id)
        .reverse(),
    );
  } finally {
    await next.close();
  }
});
