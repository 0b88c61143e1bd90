import { useDevnet } from "@privnet/devnet/vitest";
import { createWalletClient, custom, getAddress, type Hash, http, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { createPlatform } from "../platform/createPlatform.js";
import { nextTransactionEvent } from "../transactions/fixtures/nextTransactionEvent.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

describe("NonceManager", () => {
  test("replaces a transaction stuck past the timeout with a higher fee; the record follows the hash that lands", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
    });
    try {
      await devnet.request("evm_setAutomine", [false]);
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
      const replaced = await nextTransactionEvent(
        platform,
        (record) => record.id === sent.id && record.hash !== sent.hash,
      );
      expect(replaced.status).toBe("pending");

      await devnet.request("evm_mine");
      const done = await platform.transactions.wait(sent.id);
      expect(done.status).toBe("confirmed");
      // The watcher may have replaced more than once before the block came: the record holds the last.
      expect(done.hash).not.toBe(sent.hash);
      const original = await platform.client.getTransaction({ hash: sent.hash }).catch(() => undefined);
      expect(original).toBeUndefined();
      const landed = await platform.client.getTransaction({ hash: done.hash as Hash });
      expect(landed.nonce).toBe((await platform.storage.transactions.get(sent.id))?.nonce);
      expect(landed.maxPriorityFeePerGas).toBeGreaterThan(parseGwei("1.1"));
      const [entry] = await platform.transactions.list();
      expect(entry).toMatchObject({ id: sent.id, status: "confirmed", hash: done.hash });
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("a transaction whose nonce another transaction used is marked failed", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
      replaceAfter: 200,
    });
    try {
      await devnet.request("evm_setAutomine", [false]);
      const sent = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
      // The same key sends elsewhere with the same nonce and a far higher fee: it takes the slot.
      const owner = privateKeyToAccount(devnet.accounts[1]?.privateKey ?? "0x");
      const other = createWalletClient({
        account: owner,
        chain: devnet.chain,
        transport: http(devnet.rpcUrl),
      });
      const nonce = (await platform.storage.transactions.get(sent.id))?.nonce ?? -1;
      const otherHash = await other.sendTransaction({
        to: owner.address,
        value: 0n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: parseGwei("500"),
        maxPriorityFeePerGas: parseGwei("100"),
      });
      await devnet.request("evm_mine");
      const done = await platform.transactions.wait(sent.id);
      expect(done.status).toBe("failed");
      expect(done.blockNumber).toBeNull();
      expect((await platform.client.getTransactionReceipt({ hash: otherHash })).status).toBe("success");
    } finally {
      await devnet.request("evm_setAutomine", [true]);
      await platform.close();
    }
  });

  test("resynchronises when something outside the platform used the next nonce", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 100 });
    try {
      const first = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
      await platform.transactions.wait(first.id);
      const firstNonce = (await platform.storage.transactions.get(first.id))?.nonce ?? -1;
      // Spend nonces 1 and 2 behind the platform's back.
      const owner = privateKeyToAccount(devnet.accounts[1]?.privateKey ?? "0x");
      const other = createWalletClient({
        account: owner,
        chain: devnet.chain,
        transport: http(devnet.rpcUrl),
      });
      await other.sendTransaction({ to: recipient, value: 1n });
      await other.sendTransaction({ to: recipient, value: 1n });
      const next = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
      expect((await platform.transactions.wait(next.id)).status).toBe("confirmed");
      expect((await platform.storage.transactions.get(next.id))?.nonce).toBe(firstNonce + 3);
    } finally {
      await platform.close();
    }
  });
});

describe("NonceManager gap filling", () => {
  test("a nonce the node refused below accepted ones is filled, so later transfers still land", async () => {
    // The real node behind a transport that refuses the third transfer once, as a node refuses a
    // transaction for reasons of its own (pool full, fee rules).
    let sends = 0;
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    const transport = custom({
      async request({ method, params }) {
        if (method === "eth_sendRawTransaction" && ++sends === 3) throw new Error("txpool is full");
        return inner.request({ method, params });
      },
    });
    const platform = await createPlatform({ transport, pollingInterval: 100 });
    try {
      const from = devnet.accounts[1]?.address ?? recipient;
      const start = await platform.client.getTransactionCount({ address: from });
      const results = await Promise.allSettled(
        Array.from({ length: 5 }, () =>
          platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([
        "fulfilled",
        "fulfilled",
        "rejected",
        "fulfilled",
        "fulfilled",
      ]);
      const refused = results[2] as PromiseRejectedResult;
      expect(isPrivnetError(refused.reason, "TRANSACTION_REJECTED")).toBe(true);
      expect(String(refused.reason)).toContain("txpool is full");

      const records = await platform.storage.transactions.list({ limit: 100 });
      expect(records).toHaveLength(5);
      const filler = records.find((record) => record.source === "nonce-gap-filler");
      expect(filler).toMatchObject({ nonce: start + 2, from, to: from, value: 0n });
      const settled = await Promise.all(records.map((record) => platform.transactions.wait(record.id)));
      expect(settled.map((entry) => entry.status)).toEqual(Array(5).fill("confirmed"));
      expect(await platform.client.getTransactionCount({ address: from })).toBe(start + 5);
    } finally {
      await platform.close();
    }
  });
});

describe("NonceManager and transport retries", () => {
  test("a send whose answer was lost and retried is not sent twice", async () => {
    // A proxy in front of the node loses the answer to the first raw transaction and resends it
    // on its own; the node (automine: already mined) answers the second copy "nonce too low".
    // viem itself never retries eth_sendRawTransaction, but proxies and fallbacks may.
    let lost = false;
    const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
    const transport = custom({
      async request({ method, params }) {
        if (method === "eth_sendRawTransaction" && !lost) {
          lost = true;
          await inner.request({ method, params });
        }
        return inner.request({ method, params });
      },
    });
    const platform = await createPlatform({ transport, pollingInterval: 100 });
    try {
      const from = devnet.accounts[1]?.address ?? recipient;
      const start = await platform.client.getTransactionCount({ address: from });
      const sent = await Promise.all(
        Array.from({ length: 3 }, () =>
          platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
        ),
      );
      const settled = await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
      expect(lost).toBe(true);
      expect(settled.map((entry) => entry.status)).toEqual(["confirmed", "confirmed", "confirmed"]);
      expect(await platform.client.getTransactionCount({ address: from })).toBe(start + 3);
      expect(await platform.storage.transactions.list({ limit: 10 })).toHaveLength(3);
    } finally {
      await platform.close();
    }
  });
});
