import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, type Hex, http, parseTransaction, recoverTransactionAddress, toHex } from "viem";
import { expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

/**
 * The node behind a transport that can make anvil hold a transaction back though it is next in
 * line, as anvil does with one that arrives while the block with the nonce before it is mined (it
 * files it as waiting for that nonce, and never wakes it). Made on purpose: while the next
 * `eth_sendRawTransaction` after `holdNext()` goes in, the node is told the sender's count is one
 * lower; then it is given the true count back. `intercept` sees every other request first.
 */
function holdingBackNode(
  intercept?: (
    method: string,
    params: unknown,
    inner: ReturnType<ReturnType<typeof http>>,
  ) => Promise<unknown>,
) {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let holdBack = false;
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_sendRawTransaction" && holdBack) {
          holdBack = false;
          const serializedTransaction = (params as [Hex])[0];
          const nonce = parseTransaction(serializedTransaction).nonce as number;
          const from = await recoverTransactionAddress({
            serializedTransaction: serializedTransaction as never,
          });
          await inner.request({ method: "anvil_setNonce", params: [from, toHex(nonce - 1)] });
          const hash = await inner.request({ method, params });
          await inner.request({ method: "anvil_setNonce", params: [from, toHex(nonce)] });
          return hash;
        }
        const answer = await intercept?.(method, params, inner);
        return answer === undefined ? inner.request({ method, params }) : answer;
      },
    },
    { retryCount: 0 },
  );
  return {
    transport,
    holdNext: () => {
      holdBack = true;
    },
    /** True once the transaction made to be held back has gone in. */
    heldOne: () => !holdBack,
  };
}

/** A memory storage that tells when a request for a lock has to wait for another holder of it. */
function lockWatchingStorage() {
  const storage = memoryStorage();
  const holders = new Map<string, number>();
  const waiting: (() => void)[] = [];
  const observed: StorageAdapter = {
    ...storage,
    withLock(key, fn) {
      if ((holders.get(key) ?? 0) > 0) for (const wake of waiting.splice(0)) wake();
      return storage.withLock(key, async () => {
        holders.set(key, (holders.get(key) ?? 0) + 1);
        try {
          return await fn();
        } finally {
          holders.set(key, (holders.get(key) ?? 1) - 1);
        }
      });
    },
  };
  return {
    storage: observed,
    /** Resolves when a lock is next asked for while it is held. */
    nextWait: () => new Promise<void>((resolve) => waiting.push(resolve)),
  };
}

test("a failed poll of the node is counted in watcherStatus and retried: the transaction still confirms", async () => {
  // The node behind a transport that fails the watcher's next two reads of a block's receipts.
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let failures = 0;
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_getBlockReceipts" && failures > 0) {
          failures--;
          throw new Error("node briefly away");
        }
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  // The explorer reads block receipts too: off, so that the failures are the watcher's.
  const platform = await createPlatform({
    transport,
    pollingInterval: 100,
    replaceAfter: 1_000,
    explorer: false,
  });
  try {
    expect(platform.transactions.watcherStatus()).toEqual({ following: 0, errors: 0, lastError: null });
    failures = 2;
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    expect(failures).toBe(0);
    expect(platform.transactions.watcherStatus()).toMatchObject({
      following: 0,
      errors: 2,
      lastError: { code: null, message: expect.stringContaining("node briefly away") },
    });
  } finally {
    await platform.close();
  }
});

test("a transaction anvil holds back though it is next in line is released, with its hash, without waiting for replaceAfter", async () => {
  const node = holdingBackNode(async (method, params, inner) => {
    if (method !== "anvil_removePoolTransactions" || during) return undefined;
    const removed = await inner.request({ method, params });
    // A send from the same wallet while the release has its transactions out of the pool:
    // anvil's counts then show neither, and their nonces must not be given again. The release
    // goes on once that send waits for the address's lock (which the release holds), or has been
    // accepted (were the lock not held).
    const waits = locks.nextWait();
    during = platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "4" });
    await Promise.race([waits, during]);
    return removed;
  });
  let during: Promise<{ id: number; hash: Hex }> | undefined;
  const locks = lockWatchingStorage();
  // No replacement for ten minutes: only the held-back check can get it mined in time.
  const platform = await createPlatform({
    transport: node.transport,
    storage: locks.storage,
    pollingInterval: 100,
    replaceAfter: 600_000,
  });
  try {
    await platform.transactions.wait(
      (await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })).id,
    );
    node.holdNext();
    const held = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" });
    // Behind it, from the same wallet: waits for it, and lands with it.
    const behind = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" });
    expect(node.heldOne()).toBe(true);
    expect(await devnet.request("txpool_status")).toMatchObject({ queued: "0x2" });
    const [first, second] = await Promise.all([
      platform.transactions.wait(held.id),
      platform.transactions.wait(behind.id),
    ]);
    expect(first).toMatchObject({ status: "confirmed", hash: held.hash });
    expect(second).toMatchObject({ status: "confirmed", hash: behind.hash });
    // The release ran, with a send from the same wallet in the middle of it.
    if (!during) throw new Error("the held-back transaction was not released by putting it back");
    const third = await during;
    expect(await platform.transactions.wait(third.id)).toMatchObject({
      status: "confirmed",
      hash: third.hash,
    });
    // Neither the send behind it nor the one made during the release was given a nonce already
    // taken (anvil's pending count leaves queued transactions out, and the released ones are out
    // of the pool for a moment).
    const [heldNonce, ...after] = await Promise.all(
      [held.hash, behind.hash, third.hash].map(
        async (hash) => (await platform.client.getTransaction({ hash })).nonce,
      ),
    );
    expect(after).toEqual([Number(heldNonce) + 1, Number(heldNonce) + 2]);
  } finally {
    await platform.close();
  }
});

test("ready transactions an automining anvil did not mine are mined when the head stands still", async () => {
  // anvil's automine can miss ready transactions (a burst past its notice channel) and leave them
  // until the next send. Made here on purpose: the node mines nothing (automine off) while
  // telling the platform that it automines.
  await devnet.request("evm_setAutomine", [false]);
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const transport = custom(
    {
      request: ({ method, params }) =>
        method === "anvil_getAutomine" ? Promise.resolve(true) : inner.request({ method, params }),
    },
    { retryCount: 0 },
  );
  const platform = await createPlatform({ transport, pollingInterval: 100, replaceAfter: 600_000 });
  try {
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect(await devnet.request("txpool_status")).toMatchObject({ pending: "0x1" });
    expect(await platform.transactions.wait(sent.id)).toMatchObject({ status: "confirmed", hash: sent.hash });
  } finally {
    await platform.close();
    await devnet.request("evm_setAutomine", [true]);
  }
});

test("a transaction held back for one platform keeps its nonce when another platform on the same storage sends from that wallet", async () => {
  // Two processes on one database, each with its own watcher: the second follows none of the
  // first one's transactions, and anvil's pending count leaves the held-back one out.
  const storage = memoryStorage();
  const node = holdingBackNode();
  const options = { storage, pollingInterval: 100, replaceAfter: 600_000 };
  const first = await createPlatform({ ...options, transport: node.transport });
  const second = await createPlatform({ ...options, transport: http(devnet.rpcUrl) });
  try {
    await first.transactions.wait(
      (await first.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })).id,
    );
    node.holdNext();
    const held = await first.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" });
    expect(await devnet.request("txpool_status")).toMatchObject({ queued: "0x1" });
    const other = await second.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" });
    const [heldDone, otherDone] = await Promise.all([
      first.transactions.wait(held.id),
      second.transactions.wait(other.id),
    ]);
    // Released with their own hashes (no replacement for ten minutes), by whichever watcher came
    // first: the other platform's transaction put back from the bytes stored with its record.
    expect([heldDone, otherDone]).toMatchObject([
      { status: "confirmed", hash: held.hash },
      { status: "confirmed", hash: other.hash },
    ]);
    const [heldNonce, otherNonce] = await Promise.all(
      [heldDone.hash, otherDone.hash].map(
        async (hash) => (await first.client.getTransaction({ hash })).nonce,
      ),
    );
    expect(otherNonce).toBe(Number(heldNonce) + 1);
  } finally {
    await first.close();
    await second.close();
  }
});

test("a held-back transaction of a platform that has closed is released by another platform on the same storage", async () => {
  const storage = memoryStorage();
  const node = holdingBackNode();
  const options = { pollingInterval: 100, replaceAfter: 600_000 };
  // The first process ends; the database stays.
  const first = await createPlatform({
    ...options,
    storage: { ...storage, close: async () => undefined },
    transport: node.transport,
  });
  // Started before: it adopts no record of the first one (a platform adopts the pending records in
  // its storage when it starts).
  const second = await createPlatform({ ...options, storage, transport: http(devnet.rpcUrl) });
  try {
    await first.transactions.wait(
      (await first.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })).id,
    );
    node.holdNext();
    const held = await first.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "2" });
    // Its process ends (or crashes) with the transaction still held back: no watcher of its own.
    await first.close();
    expect(await devnet.request("txpool_status")).toMatchObject({ queued: "0x1" });
    const other = await second.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "3" });
    // Behind the held-back one, which the second platform's watcher puts back with its stored bytes.
    expect(await second.transactions.wait(other.id)).toMatchObject({ status: "confirmed", hash: other.hash });
    const heldOnChain = await second.client.getTransactionReceipt({ hash: held.hash });
    const otherOnChain = await second.client.getTransaction({ hash: other.hash });
    expect(heldOnChain.status).toBe("success");
    expect(otherOnChain.nonce).toBe((await second.client.getTransaction({ hash: held.hash })).nonce + 1);
  } finally {
    await first.close();
    await second.close();
  }
});
