import { createPublicClient, type Hash, http } from "viem";
import { describe, expect, test } from "vitest";
import { useDevnet } from "../exports/vitest.js";

const devnet = useDevnet();
const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });

async function transfer(): Promise<Hash> {
  const [from, to] = devnet.accounts;
  const hash = await devnet.request<Hash>("eth_sendTransaction", [
    { from: from?.address, to: to?.address, value: "0x1" },
  ]);
  await client.waitForTransactionReceipt({ hash });
  return hash;
}

describe("useDevnet().faults", () => {
  test("reorg({ depth: 3 }) from a test file replaces the worker devnet's last 3 blocks", async () => {
    const sent = [await transfer(), await transfer(), await transfer()];
    const { replaced, remined, newHead } = await devnet.faults.reorg({ depth: 3 });
    expect(remined).toEqual(sent);
    expect(newHead.number).toBe(3n);
    for (const { number, oldHash, newHash } of replaced) {
      expect(newHash).not.toBe(oldHash);
      expect((await client.getBlock({ blockNumber: number })).hash).toBe(newHash);
    }
  });

  test("the next test starts from the file's chain again", async () => {
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
  });

  test("restart from a test file keeps the chain; its snapshot is gone, so the chain is reset after it", async () => {
    await transfer();
    const before = await client.getBlock({ blockTag: "latest" });
    const { head } = await devnet.faults.restart();
    expect(head).toEqual({ number: before.number, hash: before.hash });
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(1n);
  });

  test("after a restart the next test still starts at genesis", async () => {
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(0n);
    expect(await devnet.request("anvil_getAutomine")).toBe(true);
  });

  test("reset() ends a stall under way; the port answers again after recover() ends unreachable", async () => {
    await devnet.faults.unreachable({ ms: 600_000 });
    await expect(fetch(devnet.rpcUrl, { method: "POST", body: "{}" })).rejects.toThrow();
    await devnet.faults.recover();
    await devnet.faults.stall({ ms: 600_000 });
    await devnet.reset();
    await transfer();
  });
});
