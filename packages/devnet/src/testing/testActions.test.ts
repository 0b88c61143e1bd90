import { parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect } from "vitest";
import { test } from "../exports/vitest.js";
import { fund } from "./fund.js";
import { impersonate } from "./impersonate.js";
import { makePriceStale } from "./makePriceStale.js";
import { mineBlocks } from "./mineBlocks.js";
import { setTokenPrice } from "./setTokenPrice.js";
import { timeTravel } from "./timeTravel.js";

const alice = privateKeyToAccount(`0x${"a1".repeat(32)}`);
const bob = privateKeyToAccount(`0x${"b0".repeat(32)}`).address;

describe("test actions", () => {
  test("fund adds ETH; with `balance` it sets it", async ({ testClient }) => {
    expect(await fund(testClient, { address: alice.address, amount: "1.5" })).toBe(parseEther("1.5"));
    expect(await fund(testClient, { address: alice.address, amount: "1" })).toBe(parseEther("2.5"));
    expect(await testClient.getBalance({ address: alice.address })).toBe(parseEther("2.5"));
    await fund(testClient, { address: alice.address, balance: "0.25" });
    expect(await testClient.getBalance({ address: alice.address })).toBe(parseEther("0.25"));
  });

  test("timeTravel moves the clock and mines, by seconds or to a timestamp", async ({ testClient }) => {
    const start = (await testClient.getBlock()).timestamp;
    const later = await timeTravel(testClient, { seconds: 3600 });
    expect(later - start).toBeGreaterThanOrEqual(3600n);
    expect(later - start).toBeLessThan(3610n);
    expect((await testClient.getBlock()).timestamp).toBe(later);
    expect(await timeTravel(testClient, { to: later + 86_400n })).toBe(later + 86_400n);
  });

  test("mineBlocks mines empty blocks at once", async ({ testClient }) => {
    // Read afresh: viem caches a client's block number for a while (the chain declares 2 s blocks),
    // and a number cached earlier in this worker can be from before a block mined since.
    const before = await testClient.getBlockNumber({ cacheTime: 0 });
    expect(await mineBlocks(testClient, { blocks: 50, interval: 12 })).toBe(before + 50n);
    const first = await testClient.getBlock({ blockNumber: before + 1n });
    const last = await testClient.getBlock({ blockNumber: before + 50n });
    expect(last.timestamp - first.timestamp).toBe(49n * 12n);
  });

  test("impersonate sends as an address without its key, then stops", async ({ testClient }) => {
    await fund(testClient, { address: alice.address, amount: "2" });
    const receipt = await impersonate(testClient, alice.address, async (wallet) => {
      const hash = await wallet.sendTransaction({ to: bob, value: parseEther("1") });
      return wallet.waitForTransactionReceipt({ hash });
    });
    expect(receipt.status).toBe("success");
    expect(receipt.from).toBe(alice.address.toLowerCase());
    expect(await testClient.getBalance({ address: bob })).toBe(parseEther("1"));
    await expect(
      testClient.request({
        method: "eth_sendTransaction",
        params: [{ from: alice.address, to: bob, value: "0x1" }],
      } as never),
    ).rejects.toThrow();
  });

  test("setTokenPrice writes a price the oracle serves at once", async ({ platform }) => {
    const written = await setTokenPrice(platform, { symbol: "ETH", price: "1234.5" });
    expect(written.price).toBe("1234.5");
    expect((await platform.oracle.price("ETH")).price).toBe("1234.5");
  });

  test("makePriceStale ages a price past its heartbeat: lending fails with PRICE_STALE", async ({
    platform,
    devnet,
    testClient,
  }) => {
    const [, borrower] = devnet.accounts;
    await platform.lending.deposit({ privateKey: borrower!.privateKey, token: "ETH", amount: "1" });
    const stale = await makePriceStale(testClient, platform, { symbol: "ETH" });
    expect(stale).toMatchObject({ symbol: "ETH", heartbeat: 3600, ageSeconds: 3601 });
    expect((await platform.oracle.price("ETH")).isStale).toBe(true);
    await expect(
      platform.lending.borrow({ privateKey: borrower!.privateKey, token: "USDC", amount: "10" }),
    ).rejects.toMatchObject({ code: "PRICE_STALE" });
  });

  test("the stale price is gone with the previous test's snapshot", async ({ platform }) => {
    expect((await platform.oracle.price("ETH")).isStale).toBe(false);
  });
});
