import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http, keccak256, toHex } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000dd");

/** The same store under a close() that does nothing: a stand-in for a database that outlives a process. */
const outliving = (storage: StorageAdapter): StorageAdapter => ({ ...storage, close: async () => {} });

test("records a previous run left pending are settled on start", async () => {
  const storage = memoryStorage();
  await devnet.request("evm_setAutomine", [false]);
  try {
    const previous = await createPlatform({ transport: http(devnet.rpcUrl), storage: outliving(storage) });
    const mined = await previous.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    await devnet.request("evm_mine");
    const inPool = await previous.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" });
    await previous.close();
    const from = devnet.accounts[1]?.address ?? recipient;
    const unknown = await storage.transactions.insert({
      hash: keccak256(toHex("never sent")),
      from,
      to: recipient,
      value: 1n,
      nonce: 99,
      status: "pending",
      blockNumber: null,
      source: "sdk",
      createdAt: new Date().toISOString(),
    });

    const next = await createPlatform({ transport: http(devnet.rpcUrl), storage, pollingInterval: 100 });
    try {
      // Settled during start: mined → confirmed, unknown to the node → failed.
      expect((await storage.transactions.get(mined.id))?.status).toBe("confirmed");
      expect((await storage.transactions.get(unknown.id))?.status).toBe("failed");
      // Still in the pool → followed by the new platform's watcher.
      expect((await storage.transactions.get(inPool.id))?.status).toBe("pending");
      await devnet.request("evm_mine");
      expect((await next.transactions.wait(inPool.id)).status).toBe("confirmed");
    } finally {
      await next.close();
    }
  } finally {
    await devnet.request("evm_setAutomine", [true]);
  }
});
