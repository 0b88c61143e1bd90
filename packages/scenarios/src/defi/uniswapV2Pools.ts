import { type BotBaseConfig, type BotContext, deployBotContract, sendAll, settle } from "@privnet/core/bots";
import { testTokenAbi, testTokenBytecode } from "@privnet/core/contracts";
import { type Address, encodeDeployData, encodeFunctionData, type Hex, maxUint256, parseUnits } from "viem";
import type { UniswapV2Artifacts } from "./uniswapV2Artifacts.js";

/** One of the scenario's own tokens, as its config gives it. */
type UniswapToken = { symbol: string; decimals: number; perEth: string };

/** The uniswap-v2 scenario's context, as far as its contracts and pools are concerned. */
type UniswapContext = BotContext<BotBaseConfig & { tokens: readonly UniswapToken[]; ethPerPool: string }>;

/** What each of the scenario's tokens is minted with: enough that no run spends it. */
export const TOKEN_SUPPLY_UNITS = 10n ** 15n;

/** One side of a pool: the WETH side is paid in ETH through the router's `…ETH` functions. */
export type PoolSide = { address: Address; eth: boolean; seeded: bigint };

/** A pool the scenario trades in. */
export type UniswapV2Pool = { pair: Address; a: PoolSide; b: PoolSide };

/** The scenario's contracts: Uniswap's, as published, and its own tokens. */
export type UniswapV2Deployment = {
  artifacts: UniswapV2Artifacts;
  factory: Address;
  router: Address;
  weth: Address;
  tokens: Address[];
};

/** Deploys (or finds again) WETH9, the factory, the router and the scenario's tokens. */
export async function deployUniswapV2(ctx: UniswapContext, artifacts: UniswapV2Artifacts) {
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
export async function seedPools(
  ctx: UniswapContext,
  deployed: UniswapV2Deployment,
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

  await approveRouter(ctx, deployed.tokens, deployed.router, "approving the router");

  const reserves = await Promise.all(wanted.map((pool) => readPair(ctx, deployed, pool)));
  await settle(
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
  await approveRouter(
    ctx,
    pools.map(({ pair }) => pair),
    deployed.router,
    "approving the pools' liquidity tokens",
  );
  return pools;
}

/** The pair of `pool`'s two tokens (the zero address before it exists) and whether it has reserves. */
async function readPair(
  ctx: UniswapContext,
  deployed: UniswapV2Deployment,
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
export function addLiquidity(
  deployed: UniswapV2Deployment,
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

/**
 * Approves `router` for all of each of `tokens` (the scenario's tokens, or pools' liquidity tokens:
 * ERC-20s alike) that it may not spend yet, and waits until every approval is confirmed.
 */
async function approveRouter(ctx: UniswapContext, tokens: readonly Address[], router: Address, what: string) {
  const allowances = await Promise.all(
    tokens.map(
      (token) =>
        ctx.client.readContract({
          address: token,
          abi: testTokenAbi,
          functionName: "allowance",
          args: [ctx.address, router],
        }) as Promise<bigint>,
    ),
  );
  const approve = encodeFunctionData({
    abi: testTokenAbi,
    functionName: "approve",
    args: [router, maxUint256],
  });
  await sendAll(
    ctx,
    tokens.map((token, index) =>
      (allowances[index] ?? 0n) > maxUint256 / 2n ? undefined : { to: token, data: approve },
    ),
    what,
  );
}
