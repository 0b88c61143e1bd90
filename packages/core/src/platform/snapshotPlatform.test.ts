import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, http } from "viem";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { memoryStorage } from "../storage/memoryStorage.js";
import { createPlatform, type Platform } from "./createPlatform.js";
import type { PlatformSnapshot } from "./snapshotPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

// The acceptance case of issue 14 in hooks style: one platform for the file, each test isolated
// by a platform snapshot taken before it and reverted after it.
describe("hooks: one platform, a platform snapshot around each test", () => {
  const requests: { method: string; params: unknown }[] = [];
  let platform: Platform;
  let snapshot: PlatformSnapshot;
  let systemWallets: number;

  beforeAll(async () => {
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    const transport = custom(
      {
        async request({ method, params }) {
          requests.push({ method, params });
          return inner.request({ method, params });
        },
      },
      { retryCount: 0 },
    );
    // The check of stuck transactions would look at one after 5 s: it must never have to.
    platform = await createPlatform({ transport, replaceAfter: 5_000 });
    systemWallets = (await platform.wallets.list()).length;
  });
  afterAll(() => platform.close());
  beforeEach(async () => {
    snapshot = await platform.snapshot();
  });
  afterEach(() => platform.revert(snapshot));

  for (const amount of ["1", "2", "3"]) {
    test(`send ${amount} ETH and wait: confirmed from the head; history and wallets hold only this test's`, async () => {
      requests.length = 0;
      const wallet = await platform.wallets.create({ name: `wallet for ${amount}` });
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: wallet.address, amount });
      const settled = await platform.transactions.wait(sent.id);
      expect(settled).toMatchObject({ status: "confirmed", blockNumber: 1n });
      expect((await platform.storage.transactions.get(sent.id))?.nonce).toBe(0);
      const stuckChecks = requests.filter(
        ({ method, params }) =>
          method === "eth_getTransactionByHash" && JSON.stringify(params).includes(sent.hash),
      );
      expect(stuckChecks).toEqual([]);

      // Off-chain state from the same moment as the chain's: the earlier tests left nothing.
      expect(await platform.transactions.list()).toEqual([settled]);
      const receipt = await platform.client.getTransactionReceipt({ hash: sent.hash });
      expect(receipt.blockNumber).toBe(1n);
      expect((await platform.wallets.list()).length).toBe(systemWallets + 1);
      expect(await platform.client.getBalance({ address: wallet.address })).toBe(BigInt(amount) * 10n ** 18n);
    });
  }
});

describe("platform.revert()", () => {
  test("a transaction still pending fails for whoever waits, leaves the pool, and is gone from the history", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
    try {
      const snapshot = await platform.snapshot();
      await devnet.request("evm_setAutomine", [false]);
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 3, to: recipient, amount: "1" });
      const waiting = platform.transactions.wait(sent.id);
      await platform.revert(snapshot);
      expect(await waiting).toMatchObject({ id: sent.id, status: "failed" });
      expect(await platform.transactions.list()).toEqual([]);
      // The pool is empty: a block mined now holds nothing of the reverted test.
      await devnet.request("evm_mine");
      const block = await platform.client.getBlock({ blockTag: "latest" });
      expect(block.transactions).toEqual([]);
      await devnet.request("evm_setAutomine", [true]);
      // The nonce the reverted transaction took is free again.
      const next = await platform.sender.sendFromWallet({ fromWalletId: 3, to: recipient, amount: "2" });
      expect(await platform.transactions.wait(next.id)).toMatchObject({ status: "confirmed" });
      expect((await platform.storage.transactions.get(next.id))?.nonce).toBe(0);
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("state keys come back too, and a snapshot is used up: INVALID_OPTIONS on a second revert", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      await platform.storage.state.set("my-app", { step: 1 });
      const snapshot = await platform.snapshot();
      await platform.storage.state.set("my-app", { step: 2 });
      await platform.revert(snapshot);
      expect(await platform.storage.state.get("my-app")).toEqual({ step: 1 });
      await expect(platform.revert(snapshot)).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    } finally {
      await platform.close();
    }
  });

  test("a storage adapter without snapshots: platform.snapshot() fails with INVALID_OPTIONS", async () => {
    const { snapshot: _snapshot, restore: _restore, ...withoutSnapshots } = memoryStorage();
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage: withoutSnapshots });
    try {
      await expect(platform.snapshot()).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
    } finally {
      await platform.close();
    }
  });
});
