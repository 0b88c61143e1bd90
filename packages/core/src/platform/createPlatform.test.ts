import { createServer } from "node:net";
import { useDevnet } from "@privnet/devnet/vitest";
import { defineChain, http } from "viem";
import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { createPlatform } from "./createPlatform.js";

const devnet = useDevnet();

describe("createPlatform", () => {
  test("connects to the devnet and reports the network in viem's types", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      await devnet.request("evm_mine");
      await devnet.request("evm_mine");
      const info = await platform.network.info();
      expect(info.chainId).toBe(3151908);
      expect(info.blockNumber).toBe(2n);
      expect(info.gasPrice).toBeGreaterThan(0n);
      expect(platform.chain.id).toBe(3151908);
    } finally {
      await platform.close();
    }
  });

  test("network.watchHead follows the platform's hub: each new head, and the head going back", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), pollingInterval: 50 });
    try {
      const snapshot = await devnet.request<string>("evm_snapshot");
      const seen: bigint[] = [];
      const reached = (number: bigint) =>
        new Promise<void>((resolve) => {
          const unwatch = platform.network.watchHead({
            onBlock: (n) => {
              if (n !== number) return;
              unwatch();
              resolve();
            },
          });
        });
      const unwatch = platform.network.watchHead({ onBlock: (n) => seen.push(n) });
      const start = await platform.network.blockNumber();
      await devnet.request("evm_mine");
      await reached(start + 1n);
      expect(seen.at(-1)).toBe(start + 1n);
      // The head going down (viem's watchBlockNumber reports only numbers above the last it saw).
      await devnet.request("evm_revert", [snapshot]);
      await reached(start);
      expect(seen.slice(-2)).toEqual([start + 1n, start]);
      unwatch();
    } finally {
      await platform.close();
    }
  });

  test("refuses a node that runs another chain: CHAIN_ID_MISMATCH", async () => {
    const mainnetLike = defineChain({
      id: 1,
      name: "other",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [devnet.rpcUrl] } },
    });
    const error = await createPlatform({ transport: http(devnet.rpcUrl), chain: mainnetLike }).catch(
      (caught: unknown) => caught,
    );
    expect(isPrivnetError(error, "CHAIN_ID_MISMATCH")).toBe(true);
  });

  test("a node that does not answer is CHAIN_UNREACHABLE", async () => {
    // A port that was free a moment ago and has nothing listening on it now.
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
      });
    });
    const error = await createPlatform({
      transport: http(`http://127.0.0.1:${port}`, { retryCount: 0 }),
    }).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "CHAIN_UNREACHABLE")).toBe(true);
  });

  test("close() is idempotent and removes event listeners", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    platform.events.on("transaction", () => {});
    expect(platform.events.listenerCount("transaction")).toBe(1);
    await Promise.all([platform.close(), platform.close()]);
    expect(platform.events.listenerCount("transaction")).toBe(0);
  });
});

describe("createPlatform services", () => {
  test("close() lets accepted sends finish recording, then refuses calls with PLATFORM_CLOSED", async () => {
    const storage = memoryStorage();
    // The store outlives the platform here so that the test can read it after close().
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      storage: { ...storage, close: async () => {} },
    });
    const firstRecorded = new Promise<void>((resolve) =>
      platform.events.once("transaction", () => resolve()),
    );
    const sends = Array.from({ length: 200 }, () =>
      platform.sender.sendFromWallet({
        fromWalletId: 2,
        to: "0x00000000000000000000000000000000000000ee",
        amount: "1",
      }),
    );
    await firstRecorded;
    await platform.close();
    const results = await Promise.allSettled(sends);
    const sent = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === "rejected" ? [result.reason] : []));
    // Either sent and recorded before the storage closed, or refused as closed: never half-done.
    expect(sent.length).toBeGreaterThan(0);
    expect(refused.every((reason) => isPrivnetError(reason, "PLATFORM_CLOSED"))).toBe(true);
    const records = await storage.transactions.list({ limit: 1000 });
    expect(records.map((record) => record.id).sort((a, b) => a - b)).toEqual(
      sent.map((entry) => entry.id).sort((a, b) => a - b),
    );
    const error = await platform.wallets.list().catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "PLATFORM_CLOSED")).toBe(true);
  });

  test("a listener that throws or rejects fails neither the send nor the listeners after it", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const reported: [unknown, string][] = [];
      platform.events.on("listenerError", (error, event) => reported.push([error, event]));
      const seen: string[] = [];
      platform.events.on("transaction", () => {
        throw new Error("listener bug");
      });
      platform.events.on("transaction", async () => {
        throw new Error("async listener bug");
      });
      platform.events.on("transaction", (record) => seen.push(record.status));
      const entry = await platform.sender.sendFromWallet({
        fromWalletId: 2,
        to: "0x00000000000000000000000000000000000000ee",
        amount: "1",
      });
      expect(entry.status).toBe("pending");
      expect((await platform.transactions.wait(entry.id)).status).toBe("confirmed");
      expect(seen).toEqual(["pending", "confirmed"]);
      await Promise.resolve(); // the rejected promise's report comes a microtask later
      expect(reported.map(([error, event]) => [(error as Error).message, event])).toEqual([
        ["listener bug", "transaction"],
        ["async listener bug", "transaction"],
        ["listener bug", "transaction"],
        ["async listener bug", "transaction"],
      ]);
    } finally {
      await platform.close();
    }
  });

  test("listeners are removed by the function given, once listeners run once", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    try {
      const calls: string[] = [];
      const listener = () => calls.push("on");
      platform.events.on("oracle", listener);
      platform.events.once("oracle", () => calls.push("once"));
      const event = { type: "resumed" } as never;
      platform.events.emit("oracle", event);
      platform.events.off("oracle", listener);
      platform.events.emit("oracle", event);
      expect(calls).toEqual(["on", "once"]);
      expect(platform.events.listenerCount("oracle")).toBe(0);
    } finally {
      await platform.close();
    }
  });

  test("bad options are INVALID_OPTIONS", async () => {
    for (const options of [
      { replaceAfter: 0 },
      { maxInFlight: 1.5 },
      { encryptionPassphrase: "" },
      { adaptiveWindow: "yes" as unknown as boolean },
    ]) {
      const error = await createPlatform({ transport: http(devnet.rpcUrl), ...options }).catch(
        (caught: unknown) => caught,
      );
      expect(isPrivnetError(error, "INVALID_OPTIONS"), JSON.stringify(options)).toBe(true);
    }
  });

  test("registerSystemWallets: false leaves the wallet list empty", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), registerSystemWallets: false });
    try {
      expect(await platform.wallets.list()).toEqual([]);
    } finally {
      await platform.close();
    }
  });
});
