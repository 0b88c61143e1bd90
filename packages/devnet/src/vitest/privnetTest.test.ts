import { parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect } from "vitest";
import { test } from "../exports/vitest.js";

const stranger = privateKeyToAccount(`0x${"42".repeat(32)}`).address;

describe("test.extend fixtures: each test starts from the same snapshot", () => {
  test("devnet: the worker's devnet, reset to genesis for this file", async ({ devnet }) => {
    expect(devnet.accounts).toHaveLength(21);
    expect(await devnet.request("eth_chainId")).toBe("0x301824");
    expect(await devnet.request("eth_blockNumber")).toBe("0x0");
    await devnet.request("evm_mine");
    expect(await devnet.request("eth_blockNumber")).toBe("0x1");
  });

  test("the block the previous test mined is gone", async ({ devnet }) => {
    expect(await devnet.request("eth_blockNumber")).toBe("0x0");
  });

  // devnet first, platform second: the platform is made after the devnet's snapshot was taken.
  test("platform: contracts deployed, a send confirmed", async ({ devnet, platform }) => {
    const { addresses } = await platform.contracts.get();
    expect(await devnet.request("eth_getCode", [addresses.lendingPool, "latest"])).not.toBe("0x");
    const [, sender] = devnet.accounts;
    const sent = await platform.sender.sendWithKey({
      privateKey: sender!.privateKey,
      to: stranger,
      amount: "2",
    });
    expect(sent.status).toBe("confirmed");
    expect(await platform.client.getBalance({ address: stranger })).toBe(parseEther("2"));
  });

  test("the platform outlives the test, its deployment too; the transfer does not", async ({
    platform,
    testClient,
  }) => {
    const { addresses } = await platform.contracts.get();
    expect(await testClient.getCode({ address: addresses.lendingPool })).not.toBeUndefined();
    expect(await testClient.getBalance({ address: stranger })).toBe(0n);
    const prices = await platform.oracle.prices();
    expect(prices.find((price) => price.symbol === "ETH")?.isStale).toBe(false);
  });

  test("testClient: viem's test client in anvil mode on the worker's devnet", async ({
    testClient,
    devnet,
  }) => {
    expect(testClient.mode).toBe("anvil");
    expect(testClient.transport.url).toBe(devnet.rpcUrl);
    await testClient.setBalance({ address: stranger, value: 5n });
    expect(await testClient.getBalance({ address: stranger })).toBe(5n);
  });

  test("a reset inside a test: the next test gets a fresh platform on the new chain", async ({
    devnet,
    platform,
  }) => {
    const before = (await platform.contracts.get()).addresses.lendingPool;
    await devnet.reset();
    expect(await devnet.request("eth_getCode", [before, "latest"])).toBe("0x");
  });

  test("after the reset", async ({ platform, testClient }) => {
    const { addresses } = await platform.contracts.get();
    expect(await testClient.getCode({ address: addresses.lendingPool })).not.toBeUndefined();
    expect(await testClient.getBalance({ address: stranger })).toBe(0n);
  });
});

describe("test.extend fixtures: devnet.faults", () => {
  test("a reorg from the devnet fixture replaces the blocks", async ({ devnet }) => {
    await devnet.request("evm_mine");
    await devnet.request("evm_mine");
    const head = BigInt(await devnet.request<string>("eth_blockNumber"));
    const { replaced } = await devnet.faults.reorg({ depth: 2 });
    expect(replaced.map(({ number }) => number)).toEqual([head - 1n, head]);
    expect(replaced.every(({ oldHash, newHash }) => oldHash !== newHash)).toBe(true);
  });

  test("a restart loses the test's snapshot: the chain is reset after the test", async ({ devnet }) => {
    await devnet.request("evm_mine");
    const before = BigInt(await devnet.request<string>("eth_blockNumber"));
    const { head } = await devnet.faults.restart();
    expect(head.number).toBe(before);
    expect(await devnet.request("eth_blockNumber")).toBe(`0x${before.toString(16)}`);
  });

  test("after the restart the next test starts at genesis", async ({ devnet }) => {
    expect(await devnet.request("eth_blockNumber")).toBe("0x0");
  });
});
