import { createPublicClient, http } from "viem";
import { describe, expect, test } from "vitest";
import { useDevnet } from "./vitest.js";

const devnet = useDevnet();
const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });

describe("useDevnet", () => {
  test("hands the worker a devnet of its own, reset to genesis for this file", async () => {
    expect(devnet.accounts).toHaveLength(21);
    expect(await client.getChainId()).toBe(3151908);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
    await devnet.request("evm_mine");
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
  });

  test("reverts what the previous test did", async () => {
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
  });

  test("reset() inside a test starts a new chain at genesis balances", async () => {
    const [rich] = devnet.accounts;
    await devnet.request("anvil_setBalance", [rich!.address, "0x1"]);
    await devnet.request("evm_mine");
    await devnet.reset();
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
    expect(await client.getBalance({ address: rich!.address })).toBe(10n ** 27n);
  });
});
