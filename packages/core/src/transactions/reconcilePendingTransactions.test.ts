import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, type Hex, http, keccak256, toHex } from "viem";
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
      kind: "transfer",
      selector: null,
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

test("a record seen in the pool and mined before the new watcher follows it is settled, not left pending", async () => {
  const storage = memoryStorage();
  await devnet.request("evm_setAutomine", [false]);
  try {
    const previous = await createPlatform({ transport: http(devnet.rpcUrl), storage: outliving(storage) });
    const left = await previous.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    await previous.close();

    // The block comes right after the start's receipt read answered "none", and that answer is
    // held until the new watcher has read the new head (and, with nothing followed yet, moved its
    // scan past it; its next poll shows that tick is over): the transaction is mined in a block
    // the watcher will not scan, before the watcher follows it.
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    let minedAt: bigint | undefined;
    let headSeen = false;
    let release: (() => void) | undefined;
    const transport = custom(
      {
        async request({ method, params }) {
          if (method === "eth_blockNumber" && headSeen) release?.();
          const answer = await inner.request({ method, params });
          if (
            method === "eth_getBlockByNumber" &&
            minedAt !== undefined &&
            (params as [string])[0] === "latest"
          ) {
            headSeen ||= BigInt((answer as { number: Hex }).number) >= minedAt;
          }
          if (
            method === "eth_getTransactionReceipt" &&
            (params as [Hex])[0] === left.hash &&
            minedAt === undefined
          ) {
            await inner.request({ method: "evm_mine" });
            minedAt = BigInt((await inner.request({ method: "eth_blockNumber" })) as Hex);
            await new Promise<void>((resolve) => {
              release = resolve;
            });
          }
          return answer;
        },
      },
      { retryCount: 0 },
    );
    // No replacement check for ten minutes: only the start can settle it in time.
    const next = await createPlatform({ transport, storage, pollingInterval: 100, replaceAfter: 600_000 });
    try {
      expect(headSeen).toBe(true);
      expect(await next.transactions.wait(left.id)).toMatchObject({ status: "confirmed", hash: left.hash });
    } finally {
      await next.close();
    }
  } finally {
    await devnet.request("evm_setAutomine", [true]);
  }
});
