import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, createTestClient, custom, getAddress, http, parseEther, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { getTxpoolStatus } from "viem/actions";
import { afterEach, describe, expect, test } from "vitest";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

// A node that keeps its blocks but loses its pool: privnet holds the signed bytes of every
// acknowledged send, so each one is put back on the node and ends confirmed. The timers that look
// at stuck transactions are set far beyond the tests' timeouts: the rebroadcast must come from
// noticing the loss (a head poll after the node answers again, a pool that holds fewer of our
// transactions than we follow), not from a per-transaction timer.

const recipient = getAddress("0x00000000000000000000000000000000000000bb");
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Timers that would look at a stuck transaction only long after the tests' timeouts. */
const watchedByLoss = { pollingInterval: 100, replaceAfter: 600_000, dropAfter: 600_000 };

/** A platform on `rpcUrl` (closed after the test) whose sends come back only by noticing the loss. */
async function followingPlatform(rpcUrl: string, storage: StorageAdapter = memoryStorage()) {
  const platform = await createPlatform({
    transport: http(rpcUrl, { retryCount: 0 }),
    storage,
    ...watchedByLoss,
  });
  cleanups.push(() => platform.close());
  return platform;
}

async function setAutomine(rpcUrl: string, on: boolean) {
  await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setAutomine", params: [on] }),
  });
}

async function poolSize(platform: Platform) {
  const { pending, queued } = await getTxpoolStatus(
    createTestClient({ mode: "anvil", transport: custom(platform.client) }),
  );
  return pending + queued;
}

/**
 * The invariants every fault test ends with: what `platform.transactions.verify()` checks (each
 * confirmed record has its receipt, status 1, at its block; one confirmed record per nonce), and,
 * privnet being the address's only sender, as many confirmed records as the chain's nonce.
 */
async function expectHistoryMatchesChain(platform: Platform, address: Address) {
  const report = await platform.transactions.verify();
  expect(report.mismatches).toEqual([]);
  expect(report.nextCursor).toBeNull();
  const confirmed = (await platform.storage.transactions.list({ limit: 1_000 })).filter(
    (entry) => entry.status === "confirmed" && entry.from.toLowerCase() === address.toLowerCase(),
  );
  const nonce = await platform.client.getTransactionCount({ address, blockTag: "latest" });
  expect(confirmed).toHaveLength(nonce);
  expect(new Set(confirmed.map((entry) => entry.nonce)).size).toBe(nonce);
}

describe("a node that lost its pool", () => {
  test("restarted from its state: every acknowledged send is rebroadcast and confirmed, in nonce order", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-pool-loss-"));
    const statePath = join(dir, "chain.json");
    let chain: Devnet = await startDevnet({ port: 0, blockTime: 0, statePath });
    const port = chain.port;
    cleanups.push(async () => {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const platform = await followingPlatform(chain.rpcUrl);
    const wallet = await platform.wallets.get(2);
    // Sends wait in the pool: the node mines nothing until it is restarted.
    await setAutomine(chain.rpcUrl, false);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.01" }),
      ),
    );
    expect(sent.every((record) => record.status === "pending")).toBe(true);
    expect(await poolSize(platform)).toBe(20);

    // SIGINT writes the state (blocks, balances, nonces), not the pool.
    await chain.stop();
    chain = await startDevnet({ port, blockTime: 0, statePath });
    expect(await poolSize(platform)).toBe(0);

    const settled = await Promise.all(sent.map((record) => platform.transactions.wait(record.id)));
    expect(settled.map((entry) => entry.status)).toEqual(sent.map(() => "confirmed"));
    // The very transactions that were acknowledged: same hashes, same nonces.
    expect(settled.map((entry) => entry.hash)).toEqual(sent.map((record) => record.hash));
    const nonces = await Promise.all(
      sent.map(async (record) => (await platform.storage.transactions.get(record.id))?.nonce),
    );
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, index) => index));
    await expectHistoryMatchesChain(platform, wallet.address);
  }, 30_000);
});

describe("a node that lost its pool while privnet was stopped", () => {
  test("the records a new platform adopts at start-up are put back and confirmed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-pool-loss-"));
    const statePath = join(dir, "chain.json");
    let chain: Devnet = await startDevnet({ port: 0, blockTime: 0, statePath });
    const port = chain.port;
    cleanups.push(async () => {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    // One storage for both platforms: the first one's close leaves it open.
    const storage: StorageAdapter = { ...memoryStorage(), close: async () => {} };
    const before = await createPlatform({
      transport: http(chain.rpcUrl, { retryCount: 0 }),
      storage,
      ...watchedByLoss,
    });
    const wallet = await before.wallets.get(2);
    await setAutomine(chain.rpcUrl, false);
    const sent = await Promise.all(
      Array.from({ length: 20 }, () =>
        before.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.01" }),
      ),
    );
    // The platform stops with its records pending; the chain restarts without its pool.
    await before.close();
    await chain.stop();
    chain = await startDevnet({ port, blockTime: 0, statePath });

    const after = await followingPlatform(chain.rpcUrl, storage);
    const settled = await Promise.all(sent.map((record) => after.transactions.wait(record.id)));
    expect(settled.map((entry) => entry.status)).toEqual(sent.map(() => "confirmed"));
    expect(settled.map((entry) => entry.hash)).toEqual(sent.map((record) => record.hash));
    await expectHistoryMatchesChain(after, wallet.address);
  }, 30_000);
});

describe("a chain restarted from its state again and again, privnet restarted with it", () => {
  // anvil mining on a block time and started from its state file often reports block 0 with
  // another timestamp (another hash) over the same blocks. Taken for a reset, the new platform's
  // nonces would start at the chain's count and reuse those of the sends it adopted: two records
  // at one nonce, or an acknowledged send failed.
  test("the adopted sends keep their nonces and new sends come after them, every round", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-pool-loss-"));
    const statePath = join(dir, "chain.json");
    let chain: Devnet = await startDevnet({ port: 0, blockTime: 1, statePath });
    const port = chain.port;
    cleanups.push(async () => {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const storage: StorageAdapter = { ...memoryStorage(), close: async () => {} };
    const open = () =>
      createPlatform({ transport: http(chain.rpcUrl, { retryCount: 0 }), storage, ...watchedByLoss });
    let platform = await open();
    const wallet = await platform.wallets.get(2);
    const send = () => platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.01" });
    const sent = [await send()];
    await platform.transactions.wait(sent[0]?.id ?? 0);
    for (let round = 0; round < 3; round++) {
      // Mining paused: these wait in the pool, which the restart loses.
      await fetch(chain.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_setIntervalMining", params: [0] }),
      });
      sent.push(...(await Promise.all([send(), send(), send()])));
      await platform.close();
      await chain.stop();
      chain = await startDevnet({ port, blockTime: 1, statePath });
      platform = await open();
      // Sent while the adopted ones are being put back.
      sent.push(await send());
      const settled = await Promise.all(sent.map((record) => platform.transactions.wait(record.id)));
      expect(
        settled.map((entry) => entry.status),
        `round ${round}`,
      ).toEqual(sent.map(() => "confirmed"));
    }
    cleanups.push(() => platform.close());
    const nonces = await Promise.all(
      sent.map(async (record) => (await storage.transactions.get(record.id))?.nonce),
    );
    expect(nonces).toEqual(sent.map((_, index) => index));
    await expectHistoryMatchesChain(platform, wallet.address);
  }, 60_000);
});

describe("a pool dropped under a running node", () => {
  const devnet = useDevnet();

  test("anvil_dropAllTransactions mid-burst: the dropped sends come back and every send is confirmed", async () => {
    const platform = await followingPlatform(devnet.rpcUrl);
    const key = `0x${"42".repeat(32)}` as const;
    const sender = privateKeyToAccount(key).address;
    await devnet.request("anvil_setBalance", [sender, toHex(parseEther("100"))]);
    await setAutomine(devnet.rpcUrl, false);
    cleanups.push(() => setAutomine(devnet.rpcUrl, true));
    const first = await Promise.all(
      Array.from({ length: 30 }, () =>
        platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 1n }),
      ),
    );
    await devnet.request("anvil_dropAllTransactions");
    // The burst goes on into the emptied pool, and blocks come again.
    const second = await Promise.all(
      Array.from({ length: 30 }, () =>
        platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 2n }),
      ),
    );
    await setAutomine(devnet.rpcUrl, true);
    await devnet.request("evm_mine");
    const all = [...first, ...second];
    const settled = await Promise.all(all.map((sent) => sent.wait()));
    expect(settled.map(({ record }) => record.status)).toEqual(all.map(() => "confirmed"));
    expect(settled.map(({ record }) => record.hash)).toEqual(all.map((sent) => sent.record.hash));
    // One nonce each, none skipped or given twice (the gas estimates end in any order, so the
    // sends take their nonces in that order, not in the order of the calls).
    expect(settled.map(({ record }) => record.nonce).sort((a, b) => a - b)).toEqual(
      all.map((_, index) => index),
    );
    await expectHistoryMatchesChain(platform, sender);
  }, 30_000);

  test("dropped with nothing sent after: the next block shows the loss and the sends come back", async () => {
    const platform = await followingPlatform(devnet.rpcUrl);
    const key = `0x${"43".repeat(32)}` as const;
    const sender = privateKeyToAccount(key).address;
    await devnet.request("anvil_setBalance", [sender, toHex(parseEther("100"))]);
    await setAutomine(devnet.rpcUrl, false);
    cleanups.push(() => setAutomine(devnet.rpcUrl, true));
    const sent = await Promise.all(
      Array.from({ length: 10 }, () =>
        platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 1n }),
      ),
    );
    await devnet.request("anvil_dropAllTransactions");
    // An empty block: the head moves, the pool holds fewer of our transactions than we follow.
    await setAutomine(devnet.rpcUrl, true);
    await devnet.request("evm_mine");
    const settled = await Promise.all(sent.map((one) => one.wait()));
    expect(settled.map(({ record }) => record.status)).toEqual(sent.map(() => "confirmed"));
    await expectHistoryMatchesChain(platform, sender);
  }, 30_000);

  test("a nonce taken meanwhile by a transaction privnet did not send: that send fails as dropped, the rest land", async () => {
    const platform = await followingPlatform(devnet.rpcUrl);
    const key = `0x${"44".repeat(32)}` as const;
    const account = privateKeyToAccount(key);
    await devnet.request("anvil_setBalance", [account.address, toHex(parseEther("100"))]);
    await setAutomine(devnet.rpcUrl, false);
    cleanups.push(() => setAutomine(devnet.rpcUrl, true));
    const first = await platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 1n });
    const rest = [];
    for (let index = 0; index < 4; index++)
      rest.push(await platform.sender.sendTransaction({ privateKey: key, to: recipient, value: 1n }));
    await devnet.request("anvil_dropAllTransactions");
    // Signed elsewhere with the same key, at the first send's nonce, and mined.
    const foreign = await account.signTransaction({
      chainId: devnet.chain.id,
      type: "eip1559",
      nonce: 0,
      to: account.address,
      value: 0n,
      gas: 21_000n,
      maxFeePerGas: parseEther("0.00000001"),
      maxPriorityFeePerGas: 1n,
    });
    await devnet.request("eth_sendRawTransaction", [foreign]);
    await setAutomine(devnet.rpcUrl, true);
    await devnet.request("evm_mine");

    const lost = await first.wait();
    expect(lost.record).toMatchObject({ status: "failed", blockNumber: null, hash: first.record.hash });
    expect(lost.reason).toMatch(/^dropped: its nonce was used by another transaction/);
    const landed = await Promise.all(rest.map((one) => one.wait()));
    expect(landed.map(({ record }) => record.status)).toEqual([
      "confirmed",
      "confirmed",
      "confirmed",
      "confirmed",
    ]);
    const report = await platform.transactions.verify();
    expect(report.mismatches).toEqual([]);
    expect(await platform.client.getTransactionCount({ address: account.address })).toBe(5);
  }, 30_000);
});
