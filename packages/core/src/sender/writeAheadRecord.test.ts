import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http, keccak256, parseEther, parseGwei, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { StorageUnreachableError } from "../errors/storage.js";
import { createPlatform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { NewTransactionRecord, StorageAdapter } from "../storage/StorageAdapter.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000ee");

test("a record that cannot be written fails the send with STORAGE_UNREACHABLE; nothing reaches the node", async () => {
  const storage = memoryStorage();
  let broken = false;
  const attempts: number[] = [];
  const flaky: StorageAdapter = {
    ...storage,
    transactions: {
      ...storage.transactions,
      insertMany(records) {
        attempts.push(records.length);
        if (broken)
          return Promise.reject(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }));
        return storage.transactions.insertMany(records);
      },
    },
  };
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: flaky,
    pollingInterval: 100,
  });
  try {
    const wallet = await platform.wallets.get(2);
    const nonceBefore = await platform.client.getTransactionCount({
      address: wallet.address,
      blockTag: "pending",
    });
    broken = true;
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
      ),
    );
    for (const result of results) {
      expect(result.status).toBe("rejected");
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: "STORAGE_UNREACHABLE" });
    }
    // The write was tried, and the node never saw a transaction: no nonce was used.
    expect(attempts.length).toBeGreaterThan(0);
    expect(await platform.client.getTransactionCount({ address: wallet.address, blockTag: "pending" })).toBe(
      nonceBefore,
    );
    expect(await storage.transactions.list({ limit: 10 })).toEqual([]);

    // Back: the next send takes the very nonce the failed ones did not use.
    broken = false;
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await storage.transactions.get(sent.id))?.nonce).toBe(nonceBefore);
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
  } finally {
    await platform.close();
  }
});

test("an adapter's own STORAGE_UNREACHABLE reaches the sender's caller saying that nothing was sent", async () => {
  const storage = memoryStorage();
  const cause = new Error("terminating connection due to administrator command");
  const unreachable: StorageAdapter = {
    ...storage,
    transactions: {
      ...storage.transactions,
      insertMany: () => Promise.reject(new StorageUnreachableError({ cause })),
    },
  };
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage: unreachable });
  try {
    const error = await platform.sender
      .sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageUnreachableError);
    expect(error).toMatchObject({
      code: "STORAGE_UNREACHABLE",
      nothingSent: true,
      shortMessage: "The storage did not answer; nothing was sent.",
      details: cause.message,
      cause,
    });
  } finally {
    await platform.close();
  }
});

test("sends signed together are recorded together, each with its signed bytes until it settles", async () => {
  const storage = memoryStorage();
  const groups: NewTransactionRecord[][] = [];
  const watched: StorageAdapter = {
    ...storage,
    transactions: {
      ...storage.transactions,
      insertMany(records) {
        groups.push([...records]);
        return storage.transactions.insertMany(records);
      },
    },
  };
  await devnet.request("evm_setAutomine", [false]);
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: watched,
    pollingInterval: 100,
  });
  try {
    const sent = await Promise.all(
      Array.from({ length: 20 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
      ),
    );
    // Fewer storage calls than sends, and every record holds the bytes whose hash it carries.
    expect(groups.length).toBeLessThan(20);
    expect(groups.flat()).toHaveLength(20);
    for (const entry of sent) {
      const raw = await storage.transactions.getRawTransaction(entry.id);
      expect(raw && keccak256(raw)).toBe(entry.hash);
    }
    await devnet.request("evm_mine");
    for (const entry of sent) expect((await platform.transactions.wait(entry.id)).status).toBe("confirmed");
    // Confirmed, the bytes stay: a chain that comes back from a crash without the block gets them again.
    const first = sent[0];
    expect(first && keccak256((await storage.transactions.getRawTransaction(first.id)) ?? "0x")).toBe(
      first?.hash,
    );
  } finally {
    await platform.close();
    await devnet.request("evm_setAutomine", [true]);
  }
});

test("a record written before a crash, its transaction never submitted, is submitted on restart", async () => {
  const storage = memoryStorage();
  const account = mnemonicToAccount(SYSTEM_MNEMONIC, { addressIndex: 19 });
  const probe = await createPlatform({ transport: http(devnet.rpcUrl), storage: memoryStorage() });
  // One transaction of this key lands first, so that a nonce below the next one is taken.
  const privateKey = toHex(account.getHdKey().privateKey as Uint8Array);
  await probe.sender.sendWithKey({ privateKey, to: recipient, amount: "3" });
  const nonce = await probe.client.getTransactionCount({ address: account.address, blockTag: "pending" });
  const block = await probe.client.getBlock();
  await probe.close();
  const sign = (at: number) =>
    account.signTransaction({
      chainId: devnet.chain.id,
      type: "eip1559",
      nonce: at,
      to: recipient,
      value: parseEther("1"),
      gas: 21_000n,
      maxFeePerGas: (block.baseFeePerGas ?? 0n) * 2n + parseGwei("1"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
  const record = async (raw: `0x${string}`, at: number) =>
    storage.transactions.insert({
      hash: keccak256(raw),
      from: account.address,
      to: recipient,
      value: parseEther("1"),
      nonce: at,
      status: "pending",
      blockNumber: null,
      source: "sdk",
      createdAt: new Date().toISOString(),
      kind: "transfer",
      selector: null,
      rawTransaction: raw,
    });
  // Written, then the process died before eth_sendRawTransaction.
  const unsent = await record(await sign(nonce), nonce);
  // Written for a nonce another transaction took meanwhile: refused again, so failed.
  const stale = await record(await sign(nonce - 1), nonce - 1);

  const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage, pollingInterval: 100 });
  try {
    const settled = await platform.transactions.wait(unsent.id);
    expect(settled).toMatchObject({ status: "confirmed", hash: unsent.hash });
    const onChain = await platform.client.getTransaction({ hash: unsent.hash });
    expect(onChain.nonce).toBe(nonce);
    expect((await storage.transactions.get(stale.id))?.status).toBe("failed");
  } finally {
    await platform.close();
  }
});

test("a write that failed after the database committed it leaves no record behind once storage answers again", async () => {
  const storage = memoryStorage();
  let cutAfterCommit = false;
  const flaky: StorageAdapter = {
    ...storage,
    transactions: {
      ...storage.transactions,
      async insertMany(records) {
        const stored = await storage.transactions.insertMany(records);
        // Committed, then the connection broke before the answer came back.
        if (cutAfterCommit) throw Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" });
        return stored;
      },
    },
  };
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: flaky,
    pollingInterval: 100,
  });
  try {
    const wallet = await platform.wallets.get(2);
    const nonceBefore = await platform.client.getTransactionCount({
      address: wallet.address,
      blockTag: "pending",
    });
    cutAfterCommit = true;
    const error = await platform.sender
      .sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "STORAGE_UNREACHABLE" });
    // The record is there although the write "failed"; nothing was submitted.
    expect(await storage.transactions.list({ limit: 10 })).toHaveLength(1);
    expect(await platform.client.getTransactionCount({ address: wallet.address, blockTag: "pending" })).toBe(
      nonceBefore,
    );

    cutAfterCommit = false;
    const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    // Only the send that went out is in the history, at the nonce the failed one did not use.
    const records = await storage.transactions.list({ limit: 10 });
    expect(records.map((record) => [record.id, record.nonce, record.status])).toEqual([
      [sent.id, nonceBefore, "confirmed"],
    ]);
  } finally {
    await platform.close();
  }
});
