import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, createPublicClient, getAbiItem, http, type PublicClient, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { builtinScenarios } from "../builtinScenarios.js";
import { untilBot } from "./fixtures/untilBot.js";
import { loadUniswapV2Artifacts, type UniswapV2Artifacts } from "./uniswapV2Artifacts.js";

// One run of the scenario, checked from several sides: the chain it leaves is what the tests read.
const devnet = useDevnet({ isolateTests: false });
let platform: Platform;
let artifacts: UniswapV2Artifacts;
let startBlock: bigint;
let client: PublicClient;

type Reserves = { reserve0: bigint; reserve1: bigint };
type SwapSeen = {
  pair: Address;
  before: Reserves;
  after: Reserves;
  amount0In: bigint;
  amount1In: bigint;
  amount0Out: bigint;
  amount1Out: bigint;
};

/** The pairs' events since the scenario started, in chain order. */
async function pairEvents(pairs: Address[]) {
  const pair = artifacts.pair.abi;
  const logs = await client.getLogs({
    address: pairs,
    events: [
      getAbiItem({ abi: pair, name: "Sync" }),
      getAbiItem({ abi: pair, name: "Swap" }),
      getAbiItem({ abi: pair, name: "Mint" }),
      getAbiItem({ abi: pair, name: "Burn" }),
    ] as never,
    fromBlock: startBlock,
  });
  return parseEventLogs({ abi: pair, logs }) as unknown as {
    address: Address;
    eventName: "Sync" | "Swap" | "Mint" | "Burn";
    args: Record<string, bigint>;
  }[];
}

async function pairsOf(router: Address): Promise<Address[]> {
  const factory = (await client.readContract({
    address: router,
    abi: artifacts.router.abi,
    functionName: "factory",
  })) as Address;
  const count = (await client.readContract({
    address: factory,
    abi: artifacts.factory.abi,
    functionName: "allPairsLength",
  })) as bigint;
  return Promise.all(
    Array.from(
      { length: Number(count) },
      (_, index) =>
        client.readContract({
          address: factory,
          abi: artifacts.factory.abi,
          functionName: "allPairs",
          args: [BigInt(index)],
        }) as Promise<Address>,
    ),
  );
}

/**
 * Each swap with the pair's reserves just before and just after it. A pair emits Sync with its new
 * reserves, then Swap: the reserves before a swap are those of the Sync before that one.
 */
function swapsWithReserves(events: Awaited<ReturnType<typeof pairEvents>>): SwapSeen[] {
  const previous = new Map<string, Reserves>();
  const current = new Map<string, Reserves>();
  const swaps: SwapSeen[] = [];
  for (const event of events) {
    const key = event.address.toLowerCase();
    if (event.eventName === "Sync") {
      const last = current.get(key);
      if (last) previous.set(key, last);
      else previous.delete(key);
      current.set(key, { reserve0: event.args.reserve0 as bigint, reserve1: event.args.reserve1 as bigint });
    }
    if (event.eventName === "Swap") {
      const before = previous.get(key);
      const after = current.get(key);
      if (!before || !after) continue;
      swaps.push({
        pair: event.address,
        before,
        after,
        amount0In: event.args.amount0In as bigint,
        amount1In: event.args.amount1In as bigint,
        amount0Out: event.args.amount0Out as bigint,
        amount1Out: event.args.amount1Out as bigint,
      });
    }
  }
  return swaps;
}

/** Uniswap V2's getAmountOut: the 0.3 % fee taken from the input. */
function amountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint) {
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

let router: Address;
let pairs: Address[];

beforeAll(async () => {
  artifacts = await loadUniswapV2Artifacts();
  client = createPublicClient({ transport: http(devnet.rpcUrl) });
  platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  startBlock = (await platform.network.info()).blockNumber;
  await platform.bots.start("uniswap-v2", {
    interval: 0,
    maxPending: 8,
    weights: { swap: 80, add: 10, remove: 10 },
  });
  // Until the pools have seen enough swaps, and at least one add and one removal after the seed.
  await untilBot(platform, "uniswap-v2", async () => {
    const status = await platform.bots.get("uniswap-v2");
    if (!status.contract) return false;
    router = status.contract;
    pairs = await pairsOf(router);
    if (pairs.length < 5) return false;
    const events = await pairEvents(pairs);
    const mints = events.filter((event) => event.eventName === "Mint").length;
    const burns = events.filter((event) => event.eventName === "Burn").length;
    return swapsWithReserves(events).length >= 40 && mints > pairs.length && burns >= 1;
  });
  await platform.bots.stop("uniswap-v2");
  await platform.bots.settled("uniswap-v2");
}, 240_000);

afterAll(async () => {
  await platform?.close();
});

describe("the uniswap-v2 scenario", () => {
  test("deploys the published factory, router and WETH9, and a seeded pool per token with WETH and per neighbouring tokens", async () => {
    const weth = (await client.readContract({
      address: router,
      abi: artifacts.router.abi,
      functionName: "WETH",
    })) as Address;
    const factory = (await client.readContract({
      address: router,
      abi: artifacts.router.abi,
      functionName: "factory",
    })) as Address;
    // The deployed code is the packages' runtime code: the creation code's tail, as published.
    const factoryCode = await client.getCode({ address: factory });
    expect(artifacts.factory.bytecode.endsWith((factoryCode ?? "").slice(2))).toBe(true);
    // 3 tokens: 3 WETH pools and 2 token/token pools.
    expect(pairs).toHaveLength(5);
    const tokensOf = await Promise.all(
      pairs.map(async (pair) =>
        Promise.all(
          (["token0", "token1"] as const).map(
            (functionName) =>
              client.readContract({
                address: pair,
                abi: artifacts.pair.abi,
                functionName,
              }) as Promise<Address>,
          ),
        ),
      ),
    );
    expect(tokensOf.filter((tokens) => tokens.includes(weth))).toHaveLength(3);
    for (const pair of pairs) {
      const [reserve0, reserve1] = (await client.readContract({
        address: pair,
        abi: artifacts.pair.abi,
        functionName: "getReserves",
      })) as [bigint, bigint];
      expect(reserve0).toBeGreaterThan(0n);
      expect(reserve1).toBeGreaterThan(0n);
    }
  });

  test("every swap pays out exactly getAmountOut of the reserves before it, and never lowers x·y", async () => {
    const swaps = swapsWithReserves(await pairEvents(pairs));
    expect(swaps.length).toBeGreaterThanOrEqual(40);
    for (const swap of swaps) {
      // Exact input, one direction per swap.
      const zeroForOne = swap.amount0In > 0n;
      expect(zeroForOne ? swap.amount1In : swap.amount0In).toBe(0n);
      const [reserveIn, reserveOut] = zeroForOne
        ? [swap.before.reserve0, swap.before.reserve1]
        : [swap.before.reserve1, swap.before.reserve0];
      const amountIn = zeroForOne ? swap.amount0In : swap.amount1In;
      const paid = zeroForOne ? swap.amount1Out : swap.amount0Out;
      expect(paid).toBe(amountOut(amountIn, reserveIn, reserveOut));
      // The reserves after: in added, out taken; k grows by the fee.
      expect(swap.after.reserve0).toBe(swap.before.reserve0 + swap.amount0In - swap.amount0Out);
      expect(swap.after.reserve1).toBe(swap.before.reserve1 + swap.amount1In - swap.amount1Out);
      expect(swap.after.reserve0 * swap.after.reserve1).toBeGreaterThanOrEqual(
        swap.before.reserve0 * swap.before.reserve1,
      );
      // The pair's own invariant with the 0.3 % fee on the input.
      const adjusted0 = swap.after.reserve0 * 1000n - swap.amount0In * 3n;
      const adjusted1 = swap.after.reserve1 * 1000n - swap.amount1In * 3n;
      expect(adjusted0 * adjusted1).toBeGreaterThanOrEqual(
        swap.before.reserve0 * swap.before.reserve1 * 1_000_000n,
      );
    }
    // The router's own getAmountOut agrees with the arithmetic above.
    const [first] = swaps;
    if (!first) throw new Error("no swap");
    const onChain = await client.readContract({
      address: router,
      abi: artifacts.router.abi,
      functionName: "getAmountOut",
      args: [
        first.amount0In || first.amount1In,
        first.amount0In ? first.before.reserve0 : first.before.reserve1,
        first.amount0In ? first.before.reserve1 : first.before.reserve0,
      ],
    });
    expect(onChain).toBe(first.amount0Out || first.amount1Out);
  });

  test("sends everything through the platform's pipeline: each transaction is in the history as the bot's", async () => {
    const status = await platform.bots.get("uniswap-v2");
    expect(status.stats.confirmed).toBeGreaterThan(40);
    expect(status.stats.failed).toBe(0);
    const { transactions } = await platform.bots.logs("uniswap-v2", { limit: 500 });
    expect(transactions.length).toBe(status.stats.sent);
    expect(
      new Set(transactions.map((transaction) => transaction.to?.toLowerCase())).has(router.toLowerCase()),
    ).toBe(true);
  });
});
