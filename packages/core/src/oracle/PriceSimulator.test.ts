import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { encodeFunctionData, http, parseEventLogs } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import type { OracleEvent } from "../context/PriceUpdate.js";
import { priceOracleAbi } from "../contracts/generated.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { type CreatePlatformOptions, createPlatform, type Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { ORACLE_STATE_KEY } from "./OracleState.js";
import { symbolAddress } from "./symbolAddress.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function open(options: Partial<CreatePlatformOptions> = {}): Promise<Platform> {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true, ...options });
  cleanups.push(() => platform.close());
  return platform;
}

/** Resolves with the first `oracle` event that matches. */
function nextOracleEvent(platform: Platform, match: (event: OracleEvent) => boolean): Promise<OracleEvent> {
  return new Promise((resolve) => {
    const listener = (...[event]: PlatformEvents["oracle"]) => {
      if (!match(event)) return;
      platform.events.off("oracle", listener);
      resolve(event);
    };
    platform.events.on("oracle", listener);
  });
}

describe("platform.oracle", () => {
  test("without the contracts option nothing is deployed at start; the first use deploys and stores them", async () => {
    const storage = memoryStorage();
    const platform = await open({ contracts: false, storage });
    expect(await storage.state.get("contracts.platform")).toBeUndefined();
    expect(platform.oracle.status()).toMatchObject({ contract: null, running: false, lastPush: null });
    const prices = await platform.oracle.prices();
    expect(prices.find((price) => price.symbol === "ETH")?.price).toBe("2000");
    expect(await storage.state.get("contracts.platform")).toMatchObject({
      addresses: { priceOracle: platform.oracle.status().contract },
    });
  });

  test("bad oracle options are INVALID_OPTIONS before anything starts", async () => {
    for (const oracle of [
      { interval: 0 },
      { maxAttempts: 0 },
      { model: "walk" as "seed" },
      { seed: Number.NaN },
      { deviation: { threshold: 0 } },
      { tokens: { ETH: { base: -1 } } },
      { tokens: { ETH: { model: { type: "seed" as const, variation: 2 } } } },
    ]) {
      const error = await createPlatform({ transport: http(devnet.rpcUrl), oracle }).catch(
        (caught: unknown) => caught,
      );
      expect(isPrivnetError(error, "INVALID_OPTIONS"), JSON.stringify(oracle)).toBe(true);
    }
  });

  test("the same seed pushes the same prices; another seed other ones", async () => {
    const run = async (seed: number) => {
      const platform = await open({ oracle: { seed } });
      const first = await platform.oracle.push();
      const second = await platform.oracle.push();
      return [first.prices, second.prices];
    };
    const a = await run(7);
    const b = await run(7);
    const c = await run(8);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    // gbm too: it advances one interval per draw, whatever the time between the calls.
    const gbm = async () => {
      const platform = await open({ oracle: { seed: 7, model: "gbm" } });
      return [(await platform.oracle.push()).prices, (await platform.oracle.push()).prices];
    };
    const [firstGbm, secondGbm] = [await gbm(), await gbm()];
    expect(firstGbm).toEqual(secondGbm);
    expect(firstGbm[0]?.ETH).not.toBe(firstGbm[1]?.ETH);
    const [first] = a as [Record<string, string>];
    expect(Object.keys(first).sort()).toEqual(["DAI", "ETH", "PRIV", "USDC"]);
    expect(first.USDC).toBe("1");
    expect(first.DAI).toBe("1");
    expect(Number(first.ETH)).toBeGreaterThanOrEqual(1960);
    expect(Number(first.ETH)).toBeLessThanOrEqual(2040);
    expect(Number(first.PRIV)).toBeGreaterThanOrEqual(0.95);
    expect(Number(first.PRIV)).toBeLessThanOrEqual(1.05);
  });

  test("one updatePrices per push, one price event per token, read back from the contract", async () => {
    const platform = await open({ contracts: { platformToken: { symbol: "GOV" } } });
    const updates: PlatformEvents["price"][0][] = [];
    platform.events.on("price", (update) => updates.push(update));
    const pushed = await platform.oracle.push();
    expect(updates.map((update) => update.symbol).sort()).toEqual(["DAI", "ETH", "GOV", "USDC"]);
    const receipt = await platform.client.getTransactionReceipt({ hash: pushed.hash });
    // Each event names its PriceUpdated log: the push's transaction and the log's index.
    const logs = parseEventLogs({ abi: priceOracleAbi, eventName: "PriceUpdated", logs: receipt.logs });
    expect(updates.map((update) => [update.hash, update.address.toLowerCase(), update.logIndex])).toEqual(
      logs.map((log) => [pushed.hash, log.args.token.toLowerCase(), log.logIndex]),
    );
    const { addresses, updater } = await platform.contracts.get();
    expect(receipt.to?.toLowerCase()).toBe(addresses.priceOracle.toLowerCase());
    expect(receipt.from.toLowerCase()).toBe(updater.toLowerCase());
    const prices = await platform.oracle.prices();
    expect(Object.fromEntries(prices.map((price) => [price.symbol, price.price]))).toEqual(pushed.prices);
    // Read at one block, which says so: the push's, the latest.
    expect(prices.map((price) => price.blockNumber)).toEqual(prices.map(() => pushed.blockNumber));
    const gov = prices.find((price) => price.symbol === "GOV");
    expect(gov?.address).toBe(addresses.platformToken);
    expect(gov?.lastUpdated).toBe(pushed.timestamp);
    expect(gov?.lastUpdatedDate).toBe(new Date(pushed.timestamp * 1000).toISOString());
    expect(platform.oracle.status()).toMatchObject({
      contract: addresses.priceOracle,
      lastPush: { hash: pushed.hash, blockNumber: pushed.blockNumber, reason: "manual" },
      lastError: null,
    });
  });

  test("setPrice writes at once; an unknown symbol gets its given or its derived address and is pushed from then on", async () => {
    const platform = await open();
    const eth = await platform.oracle.setPrice("eth", "2500.5");
    expect(eth).toMatchObject({ symbol: "ETH", price: "2500.5" });
    expect((await platform.oracle.price("ETH")).price).toBe("2500.5");

    const wbtc = await platform.oracle.setPrice("WBTC", 60000);
    expect(wbtc.address).toBe(symbolAddress("WBTC"));
    const given = "0x00000000000000000000000000000000000000aa";
    const link = await platform.oracle.setPrice("LINK", "15", given);
    expect(link.address).toBe("0x00000000000000000000000000000000000000AA");
    const { addresses } = await platform.contracts.get();
    const onChain = await platform.client.readContract({
      address: addresses.priceOracle,
      abi: priceOracleAbi,
      functionName: "getPrice",
      args: [link.address],
    });
    expect(onChain).toBe(15n * 10n ** 18n);

    const next = await platform.oracle.push();
    expect(next.prices).toMatchObject({ WBTC: "60000", LINK: "15" });
    // The set price became ETH's base: the seed model draws within ±2% of 2,500.5.
    expect(Math.abs(Number(next.prices.ETH) - 2500.5)).toBeLessThanOrEqual(50.01);

    for (const [call, code] of [
      [platform.oracle.setPrice("ETH", "0"), "INVALID_PRICE"],
      [platform.oracle.setPrice("ETH", "-5"), "INVALID_PRICE"],
      [platform.oracle.setPrice("ETH", "abc"), "INVALID_PRICE"],
      [platform.oracle.setPrice("ETH", "1.0000000000000000001"), "INVALID_PRICE"],
      [platform.oracle.setPrice("E-TH", "1"), "INVALID_SYMBOL"],
      [platform.oracle.setPrice("ETH", "1", "0x1234"), "INVALID_ADDRESS"],
      // The contract refuses it: it would fail every request sharing the push.
      [
        platform.oracle.setPrice("ZERO", "1", "0x0000000000000000000000000000000000000000"),
        "INVALID_ADDRESS",
      ],
      [
        platform.oracle.setPrice("LINK", "1", "0x00000000000000000000000000000000000000bb"),
        "INVALID_ADDRESS",
      ],
      [platform.oracle.price("NOPE"), "UNKNOWN_SYMBOL"],
      [platform.oracle.crash("NOPE", 10), "UNKNOWN_SYMBOL"],
      [platform.oracle.crash("ETH", 100), "INVALID_PRICE"],
    ] as [Promise<unknown>, string][]) {
      const error = await call.catch((caught: unknown) => caught);
      expect(isPrivnetError(error) && error.code, code).toBe(code);
    }
  });

  test("crash over time moves in a straight line from the current price to the target; depeg pins a price", async () => {
    const platform = await open();
    await platform.oracle.setPrice("ETH", "2000");
    expect(await platform.oracle.crash("ETH", 50, 3600)).toBeNull();
    expect(platform.oracle.status().scenario).toMatchObject({
      type: "crash",
      symbol: "ETH",
      from: 2000,
      to: 1000,
    });
    const during = await platform.oracle.push();
    expect(Number(during.prices.ETH)).toBeLessThanOrEqual(2000);
    expect(Number(during.prices.ETH)).toBeGreaterThan(1000);

    const depeg = await platform.oracle.depeg("USDC", "0.95");
    expect(depeg.price).toBe("0.95");
    const later = await platform.oracle.push();
    expect(later.prices.USDC).toBe("0.95");
    expect((await platform.oracle.tokens()).find((token) => token.symbol === "USDC")?.model).toEqual({
      type: "fixed",
    });
  });

  test("frozen, scenario and last push survive a restart of the platform (storage state)", async () => {
    const storage = memoryStorage();
    const keep = { ...storage, close: async () => {} };
    const first = await open({ storage: keep });
    await first.oracle.crash("ETH", 10, 600);
    const pushed = await first.oracle.push();
    await first.oracle.freeze();
    await first.close();

    const second = await open({ storage: keep });
    await second.oracle.tokens();
    expect(second.oracle.status()).toMatchObject({
      frozen: true,
      scenario: { type: "crash", symbol: "ETH" },
      lastPush: { hash: pushed.hash },
    });
    await second.oracle.start();
    // Frozen: starting the loop pushes nothing.
    expect(second.oracle.status().lastPush?.hash).toBe(pushed.hash);
    await second.oracle.resume();
    expect(second.oracle.status().lastPush?.hash).not.toBe(pushed.hash);
    await storage.close();
  });

  test("two platforms sharing one store push from the one updater key without a nonce clash", async () => {
    const storage = memoryStorage();
    const shared = { ...storage, close: async () => {} };
    const first = await open({ storage: shared });
    const second = await open({ storage: shared });
    const failures: OracleEvent[] = [];
    for (const platform of [first, second]) {
      platform.events.on("oracle", (event) => {
        if (event.type === "push-failed") failures.push(event);
      });
    }
    // Each platform pushes three times in a row (pushes of one platform waiting together would
    // share one transaction), both at once: six transactions from one key, interleaved.
    const inTurn = async (platform: Platform) => [
      await platform.oracle.push(),
      await platform.oracle.push(),
      await platform.oracle.push(),
    ];
    const pushes = (await Promise.all([inTurn(first), inTurn(second)])).flat();
    expect(new Set(pushes.map((push) => push.hash)).size).toBe(6);
    expect(failures).toEqual([]);
    await storage.close();
  });
});

describe("requests that arrive while a push is in flight", () => {
  test("concurrent setPrice calls go out together in the next push; each symbol ends at the price set last", async () => {
    const platform = await open();
    await platform.oracle.tokens();
    const symbols = ["ETH", "PRIV", "USDC", "DAI"];
    const requests = Array.from({ length: 40 }, (_, index) => ({
      symbol: symbols[index % 4] as string,
      price: String(10 + index),
    }));
    const prices: string[] = [];
    platform.events.on("price", (update) => prices.push(`${update.symbol} ${update.price} ${update.reason}`));
    // Called in this order, so taken by the queue in this order.
    const answers = await Promise.all(
      requests.map(({ symbol, price }) => platform.oracle.setPrice(symbol, price)),
    );

    // The first goes out at once, alone; the 39 that arrived meanwhile share the next push.
    const [first, ...rest] = answers;
    expect(first).toMatchObject({ symbol: "ETH", price: "10" });
    expect(new Set(rest.map((answer) => answer.hash))).toEqual(new Set([rest[0]?.hash]));
    expect(rest[0]?.hash).not.toBe(first?.hash);
    expect(rest[0]?.blockNumber).toBeGreaterThan(first?.blockNumber ?? 0n);
    // Every caller of the second push is answered with the price it stored for the symbol: the
    // one set last (requests 36 to 39), which the chain holds and which became the base.
    const last = { ETH: "46", PRIV: "47", USDC: "48", DAI: "49" };
    for (const answer of rest) expect(answer.price).toBe(last[answer.symbol as keyof typeof last]);
    const onChain = await platform.oracle.prices();
    expect(Object.fromEntries(onChain.map((price) => [price.symbol, price.price]))).toEqual(last);
    expect(
      Object.fromEntries((await platform.oracle.tokens()).map((token) => [token.symbol, token.base])),
    ).toEqual({
      ETH: 46,
      PRIV: 47,
      USDC: 48,
      DAI: 49,
    });
    // One price event per symbol per push, not one per caller.
    expect(prices[0]).toBe("ETH 10 setPrice");
    expect(prices.slice(1).sort()).toEqual([
      "DAI 49 setPrice",
      "ETH 46 setPrice",
      "PRIV 47 setPrice",
      "USDC 48 setPrice",
    ]);
    expect(await platform.transactions.list({ source: "oracle" })).toHaveLength(2);
  });

  test("a drawn price (a manual push, a loop tick) waiting with a set one does not replace it", async () => {
    const platform = await open();
    await platform.oracle.tokens();
    const inFlight = platform.oracle.setPrice("DAI", "1.01");
    const [set, pushed, tick] = await Promise.all([
      platform.oracle.setPrice("ETH", "3000"),
      platform.oracle.push(),
      platform.oracle.start().then(() => platform.oracle.status().lastPush),
      inFlight,
    ]);
    // The three waited together: one push, ETH as set, the other symbols as drawn.
    expect(pushed.hash).toBe(set.hash);
    expect(tick?.hash).toBe(set.hash);
    expect(set.price).toBe("3000");
    expect(pushed.prices.ETH).toBe("3000");
    expect(Object.keys(pushed.prices).sort()).toEqual(["DAI", "ETH", "PRIV", "USDC"]);
    expect((await platform.oracle.price("ETH")).price).toBe("3000");
    expect((await platform.oracle.tokens()).find((token) => token.symbol === "ETH")?.base).toBe(3000);
    await platform.oracle.stop();
  });

  test("a push that fails rejects every caller waiting for it, and the queue goes on", async () => {
    const platform = await open({ oracle: { maxAttempts: 1 } });
    await platform.oracle.tokens();
    const { addresses, owner, updater } = await platform.contracts.get();
    const asOwner = async (functionName: "revokeUpdater" | "grantUpdater") => {
      const hash = await devnet.request<`0x${string}`>("eth_sendTransaction", [
        {
          from: owner,
          to: addresses.priceOracle,
          data: encodeFunctionData({ abi: priceOracleAbi, functionName, args: [updater] }),
        },
      ]);
      await platform.client.waitForTransactionReceipt({ hash });
    };
    await devnet.request("anvil_impersonateAccount", [owner]);
    cleanups.push(() => devnet.request("anvil_stopImpersonatingAccount", [owner]));
    await asOwner("revokeUpdater");
    // The first push goes out alone and reverts; the three that waited for it go out together
    // and revert too: every caller hears why.
    const calls = [
      platform.oracle.setPrice("ETH", "2100"),
      platform.oracle.setPrice("ETH", "2200"),
      platform.oracle.setPrice("USDC", "1.02"),
      platform.oracle.push(),
    ];
    for (const settled of await Promise.allSettled(calls)) {
      expect(settled).toMatchObject({
        status: "rejected",
        reason: { code: "ORACLE_PUSH_FAILED", message: expect.stringContaining("Caller is not an updater") },
      });
    }
    await asOwner("grantUpdater");
    expect(await platform.oracle.setPrice("ETH", "2300")).toMatchObject({ price: "2300" });
    expect((await platform.oracle.price("ETH")).price).toBe("2300");
  });
});

describe("push loop", () => {
  test("pushes on its interval, one updatePrices per tick, until stopped", async () => {
    const platform = await open({ oracle: { interval: 250 } });
    const ticks: bigint[] = [];
    const third = new Promise<void>((resolve) => {
      platform.events.on("oracle", (event) => {
        if (event.type === "pushed" && event.reason === "tick") {
          ticks.push(event.blockNumber);
          if (ticks.length === 3) resolve();
        }
      });
    });
    await platform.oracle.start();
    expect(platform.oracle.status().running).toBe(true);
    await third;
    await platform.oracle.stop();
    expect(platform.oracle.status().running).toBe(false);
    // Each tick its own transaction, in its own block (automine), in order.
    expect(new Set(ticks).size).toBe(ticks.length);
    expect([...ticks].sort((a, b) => Number(a - b))).toEqual(ticks);
  });

  test("with a deviation threshold, a drawn price that moves far enough is pushed between ticks", async () => {
    const platform = await open({
      oracle: { interval: 3_600_000, deviation: { threshold: 0.001, checkInterval: 100 } },
    });
    const deviation = nextOracleEvent(
      platform,
      (event) => event.type === "pushed" && event.reason === "deviation",
    );
    await platform.oracle.start();
    expect(await deviation).toMatchObject({ type: "pushed", reason: "deviation" });
  });

  test("a failure of the loop outside the push queue (storing the push) is in the status, not an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const collect = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", collect);
    cleanups.push(async () => {
      process.off("unhandledRejection", collect);
    });
    // A store that cannot write the oracle's state: the push lands on-chain, recording it fails.
    const storage = memoryStorage();
    const failing = {
      ...storage,
      state: {
        ...storage.state,
        async set<T>(key: string, value: T) {
          if (key === ORACLE_STATE_KEY) throw new Error("disk full");
          return storage.state.set(key, value);
        },
      },
    };
    const platform = await open({ storage: failing, oracle: { interval: 3_600_000 } });
    const pushed = nextOracleEvent(platform, (event) => event.type === "pushed");
    // Resolves once the first push of the loop settled, here: mined, then not stored.
    await platform.oracle.start();
    await pushed;
    expect(platform.oracle.status()).toMatchObject({
      running: true,
      consecutiveFailures: 1,
      lastError: { message: "disk full", code: null },
    });
    await platform.oracle.stop();
    expect(unhandled).toEqual([]);
  });

  test("survives a chain reset: the contracts are deployed again, at new addresses, and the loop pushes to them", async () => {
    const platform = await open({ oracle: { interval: 300, retryDelay: 50 } });
    const { addresses, owner } = await platform.contracts.get();
    await platform.oracle.start();
    const pushed = nextOracleEvent(platform, (event) => event.type === "pushed");
    await pushed;

    // Reset while the loop is stopped, and move the owner's nonce so that the new deployment
    // lands at other addresses than the old one.
    await platform.oracle.stop();
    await devnet.reset();
    await devnet.request("anvil_setNonce", [owner, "0x10"]);
    const redeployed = nextOracleEvent(platform, (event) => event.type === "redeployed");
    const written: Record<string, string> = {};
    platform.events.on("price", (update) => {
      written[update.symbol] = update.address;
    });
    await platform.oracle.start();
    const event = await redeployed;
    const fresh = await platform.contracts.get();
    expect(event).toEqual({ type: "redeployed", priceOracle: fresh.addresses.priceOracle });
    expect(fresh.addresses.priceOracle).not.toBe(addresses.priceOracle);
    expect(fresh.reused).toBe(false);
    const prices = await platform.oracle.prices();
    const priv = prices.find((price) => price.symbol === "PRIV");
    expect(priv?.address).toBe(fresh.addresses.platformToken);
    // The push that followed the redeployment wrote to the new token addresses.
    expect(written).toMatchObject({ PRIV: fresh.addresses.platformToken, USDC: fresh.addresses.usdc });
    expect(prices.every((price) => !price.isStale && price.lastUpdated > 0)).toBe(true);
    expect(platform.oracle.status()).toMatchObject({
      contract: fresh.addresses.priceOracle,
      lastError: null,
    });
  });

  test("survives a chain restart: failed pushes are reported and retried, and pushing resumes when the node is back", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-oracle-"));
    const statePath = join(dir, "chain.json");
    let chain = await startDevnet({ port: 0, blockTime: 0, statePath });
    const port = chain.port;
    cleanups.push(async () => {
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    const platform = await createPlatform({
      transport: http(chain.rpcUrl, { retryCount: 0 }),
      contracts: true,
      oracle: { interval: 300, retryDelay: 50, maxAttempts: 2 },
    });
    cleanups.push(() => platform.close());
    await platform.oracle.start();
    const { addresses } = await platform.contracts.get();

    const failed = nextOracleEvent(platform, (event) => event.type === "push-failed" && !event.willRetry);
    await chain.stop();
    await failed;
    expect(platform.oracle.status().consecutiveFailures).toBeGreaterThan(0);
    expect(platform.oracle.status().lastError).not.toBeNull();

    chain = await startDevnet({ port, blockTime: 0, statePath });
    const pushed = await nextOracleEvent(platform, (event) => event.type === "pushed");
    expect(pushed).toMatchObject({ type: "pushed", reason: "tick" });
    expect(platform.oracle.status()).toMatchObject({
      lastError: null,
      consecutiveFailures: 0,
      running: true,
    });
    // Same chain, same contracts: the state file kept them.
    expect((await platform.contracts.get()).addresses.priceOracle).toBe(addresses.priceOracle);
    expect((await platform.oracle.price("ETH")).isStale).toBe(false);
  });
});
