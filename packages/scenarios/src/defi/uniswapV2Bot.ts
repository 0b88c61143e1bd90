import {
  type BotConfigOf,
  type BotContext,
  type BotTransaction,
  decimalAmount,
  defineBot,
  type EstimateCache,
  estimateCache,
  settle,
} from "@privnet/core/bots";
import { testTokenAbi } from "@privnet/core/contracts";
import routerInterface from "@uniswap/v2-periphery/build/IUniswapV2Router02.json" with { type: "json" };
import { type Abi, encodeFunctionData, isAddressEqual, maxUint256 } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { loadUniswapV2Artifacts } from "./uniswapV2Artifacts.js";
import {
  addLiquidity,
  deployUniswapV2,
  type PoolSide,
  seedPools,
  TOKEN_SUPPLY_UNITS,
  type UniswapV2Deployment,
  type UniswapV2Pool,
} from "./uniswapV2Pools.js";

const uniswapToken = z
  .object({
    /** The token's symbol (its name is "privnet Uniswap <symbol>"). */
    symbol: z.string().regex(/^[A-Za-z0-9]{1,11}$/, "1–11 letters or digits"),
    decimals: z.number().int().min(0).max(18),
    /** Tokens worth one ETH: the price its pools are seeded at, decimal. */
    perEth: decimalAmount,
  })
  .strict();

const percentRange = z
  .object({ min: z.number().positive().max(50), max: z.number().positive().max(50) })
  .strict()
  .refine((range) => range.min <= range.max, "min must not be above max");

export const uniswapV2BotSchema = z.object({
  /**
   * The scenario's own tokens (TestToken, minted to the bot, which owns them): each gets a pool
   * with WETH, and each with the next one a token/token pool.
   */
  tokens: z.array(uniswapToken).min(1).max(8),
  /** ETH seeded into each WETH pool (decimal); token/token pools get the tokens' worth of it. */
  ethPerPool: decimalAmount,
  /** Each swap, add or removal moves this share of the pool's seeded side, in percent. */
  sizePercent: percentRange,
  /** Relative weights of the three actions: swap, add liquidity, remove liquidity. */
  weights: z
    .object({ swap: z.number().min(0), add: z.number().min(0), remove: z.number().min(0) })
    .strict()
    .refine((weights) => weights.swap + weights.add + weights.remove > 0, "at least one weight above 0"),
});

/** The uniswap-v2 scenario's settings (what `platform.bots.start("uniswap-v2", …)` may override). */
export type UniswapV2BotConfig = BotConfigOf<typeof uniswapV2BotSchema>;

export const UNISWAP_V2_BOT_DEFAULTS: UniswapV2BotConfig = {
  interval: 1_000,
  maxPending: 64,
  tokens: [
    { symbol: "uUSDC", decimals: 6, perEth: "2000" },
    { symbol: "uDAI", decimals: 18, perEth: "2000" },
    { symbol: "uPRIV", decimals: 18, perEth: "2000" },
  ],
  ethPerPool: "10",
  sizePercent: { min: 0.01, max: 0.5 },
  weights: { swap: 90, add: 5, remove: 5 },
};

/** The run's state: the deployed contracts and the pools. */
export type UniswapV2Run = UniswapV2Deployment & {
  pools: UniswapV2Pool[];
  /**
   * The gas limit of each kind of send (the action, the pool, the direction): the node's estimate
   * of the first of them + 20 % + {@link UNISWAP_V2_ACCUMULATOR_GAS}, reused for the others. One
   * swap costs what another in the same pool and direction does, and an estimate costs the node a
   * dozen runs of the call: estimating each send capped the scenario at a fifth of a block.
   */
  gas: EstimateCache;
  /** With a wallet pool: each wallet's tokens and approvals, once in place (see `provisionWallet`). */
  provisioned: Map<string, Promise<void>>;
};

/**
 * The uniswap-v2 scenario: deploys the Uniswap V2 factory, router and WETH9 from the compiled
 * artifacts of `@uniswap/v2-core` and `@uniswap/v2-periphery` (as published), and its own
 * TestTokens; creates a WETH pool per token and a pool of each token with the next, seeds them,
 * then at each tick swaps a random amount either way through one pool (exact input, any price), or
 * adds or removes a little liquidity. Everything is sent by the bot's key through the platform's
 * pipeline; with a wallet pool the ticks trade from the pool's wallets, each given tokens by the
 * bot and its own approvals at its first tick. Contracts and pools are reused across restarts
 * while the chain has them.
 */
export const uniswapV2Bot = defineBot({
  name: "uniswap-v2",
  keyIndex: SCENARIO_KEY_INDEXES["uniswap-v2"],
  env: { prefix: "UNISWAP_V2" },
  schema: uniswapV2BotSchema,
  defaults: UNISWAP_V2_BOT_DEFAULTS,
  contract: {
    key: "router",
    name: "UniswapV2Router02",
    contract: "UniswapV2Router02",
    abi: routerInterface.abi as Abi,
  },
  async setup(ctx): Promise<UniswapV2Run> {
    const artifacts = await loadUniswapV2Artifacts();
    const { factory, weth, router, tokens } = await deployUniswapV2(ctx, artifacts);
    const pools = await seedPools(ctx, { artifacts, factory, router, weth, tokens });
    const gas = estimateCache({ extra: UNISWAP_V2_ACCUMULATOR_GAS });
    return { artifacts, factory, router, weth, tokens, pools, gas, provisioned: new Map() };
  },
  async tick(rawCtx, run) {
    // A pool's wallet trades with tokens and approvals of its own, which its first tick puts in place.
    if (!isAddressEqual(rawCtx.address, rawCtx.root.address)) await provisionWallet(rawCtx, run);
    const pool = pick(run.pools);
    const action = pickAction(rawCtx.config.weights);
    let direction = "";
    const ctx = {
      ...rawCtx,
      send: async (transaction: BotTransaction) => {
        const gas = await run.gas.gas(rawCtx, `${action}:${pool.pair}:${direction}`, transaction);
        return rawCtx.send({ ...transaction, gas });
      },
    };
    const size = (side: PoolSide) => percentOf(side.seeded, ctx.config.sizePercent);
    const router = run.artifacts.router.abi;
    if (action === "swap") {
      const forward = Math.random() < 0.5;
      direction = forward ? "a-b" : "b-a";
      const [from, to] = forward ? [pool.a, pool.b] : [pool.b, pool.a];
      const amountIn = size(from);
      const path = [from.address, to.address];
      // Random traffic takes any price (amountOutMin 0), so a swap never reverts on the pools moving.
      if (from.eth) {
        await ctx.send({
          to: run.router,
          value: amountIn,
          data: encodeFunctionData({
            abi: router,
            functionName: "swapExactETHForTokens",
            args: [0n, path, ctx.address, maxUint256],
          }),
        });
      } else {
        await ctx.send({
          to: run.router,
          data: encodeFunctionData({
            abi: router,
            functionName: to.eth ? "swapExactTokensForETH" : "swapExactTokensForTokens",
            args: [amountIn, 0n, path, ctx.address, maxUint256],
          }),
        });
      }
      return;
    }
    if (action === "add") {
      await ctx.send(addLiquidity(run, pool, size(pool.a), size(pool.b), ctx.address));
      return;
    }
    const liquidity = await ctx.client.readContract({
      address: pool.pair,
      abi: run.artifacts.pair.abi,
      functionName: "balanceOf",
      args: [ctx.address],
    });
    // A removal takes a share of the sender's own liquidity: the bot's, which the seed gave it most
    // of, or a pool wallet's, from the liquidity it added (none yet: nothing to remove).
    const amount = percentOf(liquidity as bigint, ctx.config.sizePercent);
    if (amount === 0n) return;
    const eth = pool.a.eth ? pool.b : pool.b.eth ? pool.a : undefined;
    await ctx.send({
      to: run.router,
      data: eth
        ? encodeFunctionData({
            abi: router,
            functionName: "removeLiquidityETH",
            args: [eth.address, amount, 0n, 0n, ctx.address, maxUint256],
          })
        : encodeFunctionData({
            abi: router,
            functionName: "removeLiquidity",
            args: [pool.a.address, pool.b.address, amount, 0n, 0n, ctx.address, maxUint256],
          }),
    });
  },
});

/**
 * What a pool's wallet is given of each token: this many times what the token's pools were seeded
 * with (an action moves at most 0.5 % of that: 20,000 of them at the least), and at most a
 * two-thousandth of the supply (room for the largest pool, 1,000 wallets, twice over).
 */
const WALLET_TOKEN_POOLS = 100n;

/**
 * Makes `ctx.address` (a pool's wallet) able to trade like the bot: the bot, which holds the
 * tokens' supply, transfers it its share of each token it lacks (see {@link WALLET_TOKEN_POOLS}),
 * and the wallet approves the router for each token and each pool's liquidity token (its own,
 * from the liquidity it adds). Once per wallet and run, waited for; the wallet's other ticks
 * meanwhile wait for the same; a failure is tried again at its next tick.
 */
function provisionWallet(ctx: BotContext<UniswapV2BotConfig>, run: UniswapV2Run): Promise<void> {
  const wallet = ctx.address;
  const key = wallet.toLowerCase();
  let provisioned = run.provisioned.get(key);
  if (provisioned) return provisioned;
  provisioned = (async () => {
    // Each token's seeded side is the same in all its pools.
    const wanted = run.tokens.map((token, index) => {
      const seeded =
        run.pools.find((pool) => isAddressEqual(pool.a.address, token))?.a.seeded ??
        run.pools.find((pool) => isAddressEqual(pool.b.address, token))?.b.seeded ??
        0n;
      const decimals = ctx.config.tokens[index]?.decimals ?? 18;
      const cap = (TOKEN_SUPPLY_UNITS * 10n ** BigInt(decimals)) / 2_000n;
      const share = seeded * WALLET_TOKEN_POOLS;
      return share < cap ? share : cap;
    });
    const approvable = [...run.tokens, ...run.pools.map((pool) => pool.pair)];
    const [balances, allowances] = await Promise.all([
      Promise.all(
        run.tokens.map(
          (token) =>
            ctx.client.readContract({
              address: token,
              abi: testTokenAbi,
              functionName: "balanceOf",
              args: [wallet],
            }) as Promise<bigint>,
        ),
      ),
      Promise.all(
        approvable.map(
          (token) =>
            ctx.client.readContract({
              address: token,
              abi: testTokenAbi,
              functionName: "allowance",
              args: [wallet, run.router],
            }) as Promise<bigint>,
        ),
      ),
    ]);
    await settle(
      [
        ...run.tokens.map((token, index) => {
          const balance = balances[index] ?? 0n;
          const amount = wanted[index] ?? 0n;
          if (balance * 2n >= amount) return undefined;
          // Only the bot holds the supply: its own key gives.
          return ctx.root.send({
            to: token,
            data: encodeFunctionData({
              abi: testTokenAbi,
              functionName: "transfer",
              args: [wallet, amount - balance],
            }),
          });
        }),
        ...approvable.map((token, index) =>
          (allowances[index] ?? 0n) > maxUint256 / 2n
            ? undefined
            : ctx.send({
                to: token,
                data: encodeFunctionData({
                  abi: testTokenAbi,
                  functionName: "approve",
                  args: [run.router, maxUint256],
                }),
              }),
        ),
      ],
      "giving a pool wallet its tokens and approvals",
    );
  })();
  run.provisioned.set(key, provisioned);
  provisioned.catch(() => {
    if (run.provisioned.get(key) === provisioned) run.provisioned.delete(key);
  });
  return provisioned;
}

/**
 * A pair writes its price accumulators only in the first transaction of a block with a later
 * timestamp; an estimate made against the latest block (same timestamp) leaves them out. The
 * first write of one (zero to non-zero) costs 22,100 gas, two of them: this much is added to
 * every estimate, so that no swap, add or removal runs out of gas for it.
 */
export const UNISWAP_V2_ACCUMULATOR_GAS = 2n * 22_100n + 5_000n;

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T;
}

function pickAction(weights: UniswapV2BotConfig["weights"]): "swap" | "add" | "remove" {
  const roll = Math.random() * (weights.swap + weights.add + weights.remove);
  if (roll < weights.swap) return "swap";
  return roll < weights.swap + weights.add ? "add" : "remove";
}

/** A random share of `amount` within `range` (percent), at least 1 unit of a non-zero amount. */
function percentOf(amount: bigint, range: { min: number; max: number }): bigint {
  const percent = range.min + Math.random() * (range.max - range.min);
  const share = (amount * BigInt(Math.round(percent * 1_000_000))) / 100_000_000n;
  return amount > 0n && share === 0n ? 1n : share;
}
