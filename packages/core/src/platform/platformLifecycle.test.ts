import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { afterEach, describe, expect, test, vi } from "vitest";
import { BotEngine } from "../bots/BotEngine.js";
import { ChainIndexer } from "../explorer/ChainIndexer.js";
import { PriceSimulator } from "../oracle/PriceSimulator.js";
import { PushLoop } from "../oracle/PushLoop.js";
import { NonceManager } from "../sender/NonceManager.js";
import { TransactionWatcher } from "../sender/TransactionWatcher.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { createPlatform } from "./createPlatform.js";

const devnet = useDevnet();

// The real services, observed as they stop (each spy calls through to the real method).
function watchStops(storage: StorageAdapter) {
  const stops = {
    bots: vi.spyOn(BotEngine.prototype, "close"),
    pushLoop: vi.spyOn(PushLoop.prototype, "stop"),
    oracle: vi.spyOn(PriceSimulator.prototype, "close"),
    nonceManagers: vi.spyOn(NonceManager.prototype, "close"),
    explorer: vi.spyOn(ChainIndexer.prototype, "stop"),
    watcher: vi.spyOn(TransactionWatcher.prototype, "stop"),
    storage: vi.spyOn(storage, "close"),
  };
  return {
    /** The services that stopped, in the order they did; each stopped once. */
    order() {
      const called = Object.entries(stops).filter(([, spy]) => spy.mock.calls.length > 0);
      for (const [name, spy] of called) {
        if (name !== "nonceManagers") expect(spy.mock.calls, name).toHaveLength(1);
      }
      return called
        .map(([name, spy]) => [name, Math.min(...spy.mock.invocationCallOrder)] as const)
        .sort((a, b) => a[1] - b[1])
        .map(([name]) => name);
    },
  };
}

/** Timers that keep the process alive (an unref'd timer does not count). */
const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

/** Collects unhandled rejections until `stop()`, a turn of the event loop after the last one. */
function collectUnhandled() {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on("unhandledRejection", listener);
  return async () => {
    await new Promise((resolve) => setImmediate(resolve));
    process.off("unhandledRejection", listener);
    return reasons;
  };
}

/** A memory store whose `fail` part rejects, as a full disk or a lost connection would. */
function failingStorage(fail: "walletInsert" | "botsState"): StorageAdapter {
  const storage = memoryStorage();
  const broken = new Error(`storage failed (${fail})`);
  if (fail === "walletInsert") {
    return { ...storage, wallets: { ...storage.wallets, insert: () => Promise.reject(broken) } };
  }
  return {
    ...storage,
    state: {
      ...storage.state,
      get: ((key: string) =>
        key.startsWith("bots:")
          ? Promise.reject(broken)
          : storage.state.get(key)) as typeof storage.state.get,
    },
  };
}

describe("createPlatform's services", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test("close() stops the services in the reverse of their start and leaves nothing running", async () => {
    const timersBefore = liveTimers();
    const unhandled = collectUnhandled();
    const storage = memoryStorage();
    const stops = watchStops(storage);
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), storage });
    const sent = await platform.sender.sendFromWallet({
      fromWalletId: 2,
      to: "0x00000000000000000000000000000000000000ee",
      amount: "1",
    });
    expect((await platform.transactions.wait(sent.id)).status).toBe("confirmed");
    expect(liveTimers()).toBeGreaterThan(timersBefore); // the watcher and the index poll the head
    await platform.close();
    expect(stops.order()).toEqual([
      "bots",
      "pushLoop",
      "oracle",
      "nonceManagers",
      "explorer",
      "watcher",
      "storage",
    ]);
    expect(liveTimers()).toBeLessThanOrEqual(timersBefore);
    expect(await unhandled()).toEqual([]);
  });

  test("a storage failing early in the start stops what had started, in reverse, and throws its error", async () => {
    const timersBefore = liveTimers();
    const unhandled = collectUnhandled();
    const storage = failingStorage("walletInsert");
    const stops = watchStops(storage);
    await expect(createPlatform({ transport: http(devnet.rpcUrl), storage })).rejects.toThrow(
      "storage failed (walletInsert)",
    );
    // The system wallets' step failed: the bots, the oracle and its loop had not started.
    expect(stops.order()).toEqual(["explorer", "watcher", "storage"]);
    expect(liveTimers()).toBeLessThanOrEqual(timersBefore);
    expect(await unhandled()).toEqual([]);
  });

  test("a failure in the last step stops every service in the same order as close()", async () => {
    const timersBefore = liveTimers();
    const unhandled = collectUnhandled();
    const storage = failingStorage("botsState");
    const stops = watchStops(storage);
    await expect(createPlatform({ transport: http(devnet.rpcUrl), storage })).rejects.toThrow(
      "storage failed (botsState)",
    );
    expect(stops.order()).toEqual(["bots", "pushLoop", "oracle", "explorer", "watcher", "storage"]);
    expect(liveTimers()).toBeLessThanOrEqual(timersBefore);
    expect(await unhandled()).toEqual([]);
  });
});
