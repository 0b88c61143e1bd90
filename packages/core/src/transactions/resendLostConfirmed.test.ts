import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter, TransactionRecord } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000de");

/** The same store under a close() that does nothing: a stand-in for a database that outlives a process. */
const outliving = (storage: StorageAdapter): StorageAdapter => ({ ...storage, close: async () => {} });

/**
 * A previous run that confirmed one transfer, then five more (two senders) that the chain loses:
 * it comes back at the block before them, as a chain reloaded from an older state write does.
 */
async function runThenLoseBlocks(storage: StorageAdapter) {
  const previous = await createPlatform({ transport: http(devnet.rpcUrl), storage: outliving(storage) });
  const send = async (fromWalletId: number, amount: string): Promise<TransactionRecord> => {
    const sent = await previous.sender.sendFromWallet({ fromWalletId, to: recipient, amount });
    await previous.transactions.wait(sent.id);
    const stored = await storage.transactions.get(sent.id);
    if (!stored) throw new Error("the record is gone");
    return stored;
  };
  const kept = await send(2, "1");
  const snapshot = await devnet.request<string>("evm_snapshot");
  const lost: TransactionRecord[] = [];
  for (const [wallet, amount] of [
    [2, "2"],
    [3, "3"],
    [2, "4"],
    [3, "5"],
    [2, "6"],
  ] as const)
    lost.push(await send(wallet, amount));
  await previous.close();
  await devnet.request("evm_revert", [snapshot]);
  return { kept, lost };
}

test("what the history calls confirmed and the chain lost is sent again on start: same hashes, confirmed in new blocks, verify clean", async () => {
  const storage = memoryStorage();
  const { kept, lost } = await runThenLoseBlocks(storage);
  expect(lost.every((record) => record.status === "confirmed")).toBe(true);
  expect(await devnet.request<string>("eth_blockNumber")).toBe(`0x${kept.blockNumber?.toString(16)}`);

  const next = await createPlatform({ transport: http(devnet.rpcUrl), storage, resendLostConfirmed: true });
  try {
    // Followed again before createPlatform resolved: each settles from the watcher.
    for (const record of lost) {
      await next.transactions.wait(record.id);
      const settled = await storage.transactions.get(record.id);
      expect(settled).toMatchObject({ status: "confirmed", hash: record.hash, nonce: record.nonce });
      const receipt = await next.client.getTransactionReceipt({ hash: record.hash });
      expect(receipt.blockNumber).toBe(settled?.blockNumber);
    }
    // The record whose block the chain kept is untouched.
    expect(await storage.transactions.get(kept.id)).toEqual(kept);
    const { mismatches, checked } = await next.transactions.verify();
    expect(checked).toBe(6);
    expect(mismatches).toEqual([]);
  } finally {
    await next.close();
  }
});

test("the chain mined past the lost blocks before the start (its block time goes on): still sent again", async () => {
  const storage = memoryStorage();
  const { kept, lost } = await runThenLoseBlocks(storage);
  // Empty blocks where the lost ones were: every lost record names a block the chain has again.
  await devnet.request("anvil_mine", ["0x10"]);
  const head = BigInt(await devnet.request<string>("eth_blockNumber"));
  expect(lost.every((record) => (record.blockNumber as bigint) <= head)).toBe(true);

  const next = await createPlatform({ transport: http(devnet.rpcUrl), storage, resendLostConfirmed: true });
  try {
    for (const record of lost) {
      await next.transactions.wait(record.id);
      const settled = await storage.transactions.get(record.id);
      expect(settled).toMatchObject({ status: "confirmed", hash: record.hash });
      expect(settled?.blockNumber as bigint).toBeGreaterThan(head);
    }
    expect(await storage.transactions.get(kept.id)).toEqual(kept);
    expect((await next.transactions.verify()).mismatches).toEqual([]);
  } finally {
    await next.close();
  }
});

test("without resendLostConfirmed (a test suite's revert), nothing is sent again", async () => {
  const storage = memoryStorage();
  const { lost } = await runThenLoseBlocks(storage);
  const next = await createPlatform({ transport: http(devnet.rpcUrl), storage });
  try {
    for (const record of lost) {
      expect(await storage.transactions.get(record.id)).toEqual(record);
      expect(await next.client.getTransaction({ hash: record.hash }).catch(() => undefined)).toBeUndefined();
    }
  } finally {
    await next.close();
  }
});
