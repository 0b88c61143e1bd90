import { type SendTransactionReturnType, TransactionFailedError } from "@privnet/core";
import {
  type BotConfigOf,
  type BotContext,
  type BotTransaction,
  decimalAmount,
  defineBot,
  deployBotContract,
} from "@privnet/core/bots";
import { testTokenAbi, testTokenBytecode } from "@privnet/core/contracts";
import routerInterface from "@uniswap/v2-periphery/build/IUniswapV2Router02.json" with { type: "json" };
import {
  type Abi,
  type Address,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  maxUint256,
  parseUnits,
} from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { loadUniswapV2Artifacts, type UniswapV2Artifacts } from "./uniswapV2Artifacts.js";

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

/** What each of the scenario's tokens is minted with: enough that no run spends it. */
const TOKEN_SUPPLY_UNITS = 10n ** 15n;

/** One side of a pool: the WETH side is paid in ETH through the router's `…ETH` functions. */
type PoolSide = { address: Address; eth: boolean; seeded: bigint };

/** A pool the scenario trades in. */
export type UniswapV2Pool = { pair: Address; a: PoolSide; b: PoolSide };

/** The run's state: the deployed contracts and the pools. */
export type UniswapV2Run = {
  artifacts: UniswapV2Artifacts;
  factory: Address;
  router: Address;
  weth: Address;
  tokens: Address[];
  pools: UniswapV2Pool[];
  /** The gas limit of each kind of send (see `sendWithGasOf`). */
  gas: Map<string, Promise<bigint>>;
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
    return { artifacts, factory, router, weth, tokens, pools, gas: new Map(), provisioned: new Map() };
  },
  async tick(rawCtx, run) {
    // A pool's wallet trades with tokens and approvals of its own, which its first tick puts in place.
    if (!isAddressEqual(rawCtx.address, rawCtx.root.address)) await provisionWallet(rawCtx, run);
    const pool = pick(run.pools);
    const action = pickAction(rawCtx.config.weights);
    let direction = "";
    const ctx = {
      ...rawCtx,
      send: (transaction: BotTransaction) =>
        sendWithGasOf(rawCtx, run, `${action}:${pool.pair}:${direction}`, transaction),
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
    await settleAll(
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

/**
 * Sends with the gas limit of its kind (`key`: the action, the pool, the direction): the node's
 * estimate of the first of them + 20 % + {@link UNISWAP_V2_ACCUMULATOR_GAS}, reused for the
 * others. One swap costs what another in the same pool and direction does, and an estimate costs
 * the node a dozen runs of the call: estimating each send capped the scenario at a fifth of a block.
 */
async function sendWithGasOf(
  ctx: BotContext<UniswapV2BotConfig>,
  run: UniswapV2Run,
  key: string,
  transaction: BotTransaction,
) {
  let gas = run.gas.get(key);
  if (!gas) {
    gas = ctx.client
      .estimateGas({
        account: ctx.address,
        to: transaction.to,
        value: transaction.value,
        data: transaction.data,
      })
      .then((estimate) => (estimate * 12n) / 10n + UNISWAP_V2_ACCUMULATOR_GAS);
    run.gas.set(key, gas);
    // A failed estimate is not kept: the next send of its kind asks again.
    gas.catch(() => run.gas.delete(key));
  }
  return ctx.send({ ...transaction, gas: await gas });
}

/** Deploys (or finds again) WETH9, the factory, the router and the scenario's tokens. */
async function deployUniswapV2(ctx: BotContext<UniswapV2BotConfig>, artifacts: UniswapV2Artifacts) {
  const { config } = ctx;
  // The independent deployments go out together; the router needs the factory's and WETH's addresses.
  const [weth, factory, ...tokens] = await Promise.all([
    deployBotContract(ctx, "weth", artifacts.weth.bytecode, "WETH9"),
    deployBotContract(
      ctx,
      "factory",
      encodeDeployData({
        abi: artifacts.factory.abi,
        bytecode: artifacts.factory.bytecode,
        args: [ctx.address],
      }),
      "UniswapV2Factory",
    ),
    ...config.tokens.map((token) =>
      deployBotContract(
        ctx,
        `token:${token.symbol}`,
        encodeDeployData({
          abi: testTokenAbi,
          bytecode: testTokenBytecode,
          args: [
            `privnet Uniswap ${token.symbol}`,
            token.symbol,
            token.decimals,
            TOKEN_SUPPLY_UNITS * 10n ** BigInt(token.decimals),
          ],
        }),
        `TestToken ${token.symbol}`,
      ),
    ),
  ]);
  if (!weth || !factory) throw new Error("unreachable: the deployments resolve in order");
  const router = await deployBotContract(
    ctx,
    "router",
    encodeDeployData({
      abi: artifacts.router.abi,
      bytecode: artifacts.router.bytecode,
      args: [factory.address, weth.address],
    }),
    "UniswapV2Router02",
  );
  return {
    weth: weth.address,
    factory: factory.address,
    router: router.address,
    tokens: tokens.map((token) => token.address),
  };
}

/**
 * Approves the router for the bot's tokens and each pool's liquidity token, and seeds every pool
 * that has no reserves yet (creating it on the way). Waits for all of it.
 */
async function seedPools(
  ctx: BotContext<UniswapV2BotConfig>,
  deployed: Omit<UniswapV2Run, "pools" | "gas" | "provisioned">,
): Promise<UniswapV2Pool[]> {
  const { config } = ctx;
  const ethPerPool = parseUnits(config.ethPerPool, 18);
  const side = (index: number): PoolSide => {
    const token = config.tokens[index] as (typeof config.tokens)[number];
    return {
      address: deployed.tokens[index] as Address,
      eth: false,
      seeded: (ethPerPool * parseUnits(token.perEth, token.decimals)) / 10n ** 18n,
    };
  };
  const wethSide: PoolSide = { address: deployed.weth, eth: true, seeded: ethPerPool };
  const wanted: Omit<UniswapV2Pool, "pair">[] = [];
  for (const [index] of config.tokens.entries()) {
    wanted.push({ a: side(index), b: wethSide });
    if (index + 1 < config.tokens.length) wanted.push({ a: side(index), b: side(index + 1) });
  }

  await settleAll(
    deployed.tokens.map(async (token) => {
      const allowance = (await ctx.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "allowance",
        args: [ctx.address, deployed.router],
      })) as bigint;
      if (allowance > maxUint256 / 2n) return undefined;
      return ctx.send({
        to: token,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "approve",
          args: [deployed.router, maxUint256],
        }),
      });
    }),
    "approving the router",
  );

  const reserves = await Promise.all(wanted.map((pool) => readPair(ctx, deployed, pool)));
  await settleAll(
    wanted.map((pool, index) =>
      reserves[index]?.seeded
        ? undefined
        : ctx.send(addLiquidity(deployed, pool, pool.a.seeded, pool.b.seeded, ctx.address)),
    ),
    "seeding the pools",
  );

  const pools: UniswapV2Pool[] = [];
  for (const pool of wanted) {
    const { pair } = await readPair(ctx, deployed, pool);
    pools.push({ ...pool, pair });
  }
  await settleAll(
    pools.map(async ({ pair }) => {
      const allowance = (await ctx.client.readContract({
        address: pair,
        abi: deployed.artifacts.pair.abi,
        functionName: "allowance",
        args: [ctx.address, deployed.router],
      })) as bigint;
      if (allowance > maxUint256 / 2n) return undefined;
      return ctx.send({
        to: pair,
        data: encodeFunctionData({
          abi: deployed.artifacts.pair.abi,
          functionName: "approve",
          args: [deployed.router, maxUint256],
        }),
      });
    }),
    "approving the pools' liquidity tokens",
  );
  return pools;
}

/** The pair of `pool`'s two tokens (the zero address before it exists) and whether it has reserves. */
async function readPair(
  ctx: BotContext<UniswapV2BotConfig>,
  deployed: Omit<UniswapV2Run, "pools" | "gas" | "provisioned">,
  pool: Omit<UniswapV2Pool, "pair">,
): Promise<{ pair: Address; seeded: boolean }> {
  const pair = (await ctx.client.readContract({
    address: deployed.factory,
    abi: deployed.artifacts.factory.abi,
    functionName: "getPair",
    args: [pool.a.address, pool.b.address],
  })) as Address;
  if (/^0x0{40}$/.test(pair)) return { pair, seeded: false };
  const [reserve0] = (await ctx.client.readContract({
    address: pair,
    abi: deployed.artifacts.pair.abi,
    functionName: "getReserves",
  })) as readonly [bigint, bigint, number];
  return { pair, seeded: reserve0 > 0n };
}

/** The router call that adds `amountA` and `amountB` (desired; the router keeps the pool's ratio). */
function addLiquidity(
  deployed: Omit<UniswapV2Run, "pools" | "gas" | "provisioned">,
  pool: Omit<UniswapV2Pool, "pair">,
  amountA: bigint,
  amountB: bigint,
  to: Address,
): { to: Address; value?: bigint; data: Hex } {
  const abi = deployed.artifacts.router.abi;
  const [token, eth] = pool.b.eth ? [pool.a, pool.b] : pool.a.eth ? [pool.b, pool.a] : [undefined, undefined];
  if (token && eth) {
    const [tokenAmount, ethAmount] = pool.b.eth ? [amountA, amountB] : [amountB, amountA];
    return {
      to: deployed.router,
      value: ethAmount,
      // The router sends back the ETH the pool's ratio does not take.
      data: encodeFunctionData({
        abi,
        functionName: "addLiquidityETH",
        args: [token.address, tokenAmount, 0n, 0n, to, maxUint256],
      }),
    };
  }
  return {
    to: deployed.router,
    data: encodeFunctionData({
      abi,
      functionName: "addLiquidity",
      args: [pool.a.address, pool.b.address, amountA, amountB, 0n, 0n, to, maxUint256],
    }),
  };
}

/** Sends what `sends` started (undefined: nothing to send) and waits until each is confirmed. */
async function settleAll(
  sends: (Promise<SendTransactionReturnType | undefined> | SendTransactionReturnType | undefined)[],
  what: string,
): Promise<void> {
  const sent = await Promise.all(sends);
  const settled = await Promise.all(sent.map((one) => one?.wait()));
  for (const result of settled) {
    if (result && result.record.status !== "confirmed") {
      throw new TransactionFailedError(result.record.hash, `${what}: ${result.reason}`);
    }
  }
}

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
