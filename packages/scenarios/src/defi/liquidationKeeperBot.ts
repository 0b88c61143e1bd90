import { NATIVE_ETH_ADDRESS } from "@privnet/core";
import {
  type BotConfigOf,
  type BotContext,
  decimalAmount,
  defineBot,
  type EstimateCache,
  estimateCache,
} from "@privnet/core/bots";
import { lendingPoolAbi, priceOracleAbi, testTokenAbi } from "@privnet/core/contracts";
import { type Address, encodeFunctionData, isAddressEqual, type Log, maxUint256, parseUnits } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { prepareFloat, refillFloat } from "./keeperFloat.js";
import { lendingAssetAddress } from "./lendingAssets.js";
import { LendingBook } from "./lendingBook.js";

// The LendingPool's constants (LendingPool.sol): what a liquidation may repay and what it pays.
const BPS = 10_000n;
const CLOSE_FACTOR_BPS = 5_000n;
const LIQUIDATION_BONUS_BPS = 500n;
const WAD = 10n ** 18n;

export const liquidationKeeperBotSchema = z.object({
  /** ETH the keeper deposits as its own collateral, to borrow the float it repays debts with. */
  collateral: decimalAmount,
  /**
   * The debt tokens it keeps on hand, decimal, borrowed against its collateral ("PRIV" is the
   * platform token). Debts in ETH are repaid from the keeper's ETH.
   */
  float: z.partialRecord(z.enum(["USDC", "DAI", "PRIV"]), decimalAmount),
  /**
   * Blocks per `eth_getLogs` call when it reads the pool's events: nodes cap the range of one call
   * (geth's RPC providers at 10,000 or less, some at 2,000), and its first scan runs from the
   * pool's deployment to the head.
   */
  logRange: z.number().int().min(1).max(100_000),
});

/** The liquidation keeper's settings (what `platform.bots.start("liquidation-keeper", …)` may override). */
export type LiquidationKeeperBotConfig = BotConfigOf<typeof liquidationKeeperBotSchema>;

export const LIQUIDATION_KEEPER_BOT_DEFAULTS: LiquidationKeeperBotConfig = {
  interval: 100,
  maxPending: 256,
  collateral: "50",
  float: { USDC: "10000", DAI: "10000" },
  logRange: 2_000,
};

type Asset = { address: Address; decimals: number };

/** The run's state: the pool, what it lists, its positions as its events tell them, the liquidations in flight. */
export type LiquidationKeeperRun = {
  pool: Address;
  oracle: Address;
  assets: Asset[];
  /** Decimals by asset (lower-case address). */
  decimals: Map<string, number>;
  /** Float tokens and the amount kept of each. */
  float: Map<Address, bigint>;
  /** Every position, from the pool's events up to `scannedTo`. */
  book: LendingBook;
  /** The last block whose events are in the book. */
  scannedTo: bigint;
  /** Borrowers with a liquidation sent and not yet mined. */
  inFlight: Set<string>;
  /**
   * The gas of a liquidation per debt/collateral pair: the first one's estimate + 30 %, the same
   * for the others (they cost the same), so that a hundred liquidations after a crash do not wait
   * for a hundred estimates.
   */
  gas: EstimateCache;
  refilling: boolean;
  /** Whether the last refill found no room to borrow (counted once until a refill borrows again). */
  refillHeld: boolean;
  /** Accounts (lower-case) whose collateral was last seen worth less than their debt. */
  badDebt: Set<string>;
};

/**
 * The liquidation keeper: follows every position of the platform's LendingPool from the pool's
 * events (the pool charges no interest, so they tell each position exactly) and, at each new
 * block, values them at that block's prices as the pool does and liquidates every one below
 * health factor 1.0 — repaying the most the close factor allows (50 % of its largest debt, within
 * the collateral there is to seize and the keeper's float) for its largest collateral plus the
 * 5 % bonus. Its liquidations go out as soon as it sees the block that made them possible, for
 * the next block. It keeps a float of the debt tokens, borrowed against ETH collateral of its
 * own, refilled when half spent within what that collateral allows at today's prices; when the
 * float runs short it serves the positions a liquidation can make healthy first. Positions whose
 * collateral is worth less than their debt (bad debt, its own included) are counted in its stats
 * (`bad-debt`), and a refill the collateral cannot cover in full (`float-refill-held`).
 */
export const liquidationKeeperBot = defineBot({
  name: "liquidation-keeper",
  keyIndex: SCENARIO_KEY_INDEXES["liquidation-keeper"],
  env: { prefix: "LIQUIDATION_KEEPER" },
  schema: liquidationKeeperBotSchema,
  defaults: LIQUIDATION_KEEPER_BOT_DEFAULTS,
  // One actor: its collateral, its debt and the float it repays with are the bot's own key's, and
  // a liquidation must come from the account that holds the float.
  refusesWalletPool:
    "it is one keeper, whose collateral, debt and float are its own key's (its liquidations repay from that float)",
  async setup(ctx): Promise<LiquidationKeeperRun> {
    const contracts = await ctx.platformContracts();
    const pool = contracts.addresses.lendingPool;
    const listed = await ctx.client.readContract({
      address: pool,
      abi: lendingPoolAbi,
      functionName: "listedAssets",
    });
    const assets = await Promise.all(
      listed.map(async (address) => ({
        address,
        decimals:
          address === NATIVE_ETH_ADDRESS
            ? 18
            : await ctx.client.readContract({ address, abi: testTokenAbi, functionName: "decimals" }),
      })),
    );
    const float = new Map<Address, bigint>();
    for (const [symbol, amount] of Object.entries(ctx.config.float)) {
      const address = lendingAssetAddress(contracts, symbol as "USDC");
      const asset = assets.find((one) => one.address === address);
      if (asset && amount) float.set(address, parseUnits(amount, asset.decimals));
    }
    const run: LiquidationKeeperRun = {
      pool,
      oracle: contracts.addresses.priceOracle,
      assets,
      decimals: new Map(assets.map((asset) => [asset.address.toLowerCase(), asset.decimals])),
      float,
      book: new LendingBook(),
      scannedTo: (contracts.deployment.blockNumbers?.lendingPool ?? contracts.deployment.blockNumber) - 1n,
      inFlight: new Set(),
      gas: estimateCache({ margin: 30 }),
      refilling: false,
      refillHeld: false,
      badDebt: new Set(),
    };
    await prepareFloat(ctx, run);
    return run;
  },
  async tick(ctx, run) {
    // The head as the platform's follower of it saw it last: a tick works once per new block.
    const head = ctx.head.number;
    if (head === undefined || head <= run.scannedTo) return;
    const [logs, prices] = await Promise.all([readPoolLogs(ctx, run, head), readPrices(ctx, run, head)]);
    run.book.apply(logs);
    run.scannedTo = head;
    countBadDebt(ctx, run, prices);
    const unhealthy = run.book.borrowers().filter((user) => {
      if (run.inFlight.has(user.toLowerCase()) || isAddressEqual(user, ctx.address)) return false;
      const health = run.book.healthFactor(user, prices, run.decimals);
      return health !== undefined && health < WAD;
    });
    if (unhealthy.length > 0) await liquidateAll(ctx, run, unhealthy, prices);
    refillFloat(ctx, run);
  },
});

/**
 * Counts (`bad-debt` in the bot's counters) each account whose collateral is worth less than its
 * debt at these prices, the keeper's own included, once from the block it is first seen so until
 * it recovers: a liquidation can take its collateral, but nobody can close what it owes beyond
 * that. These are the pool's losses, not the keeper's errors.
 */
function countBadDebt(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  prices: ReadonlyMap<string, bigint>,
) {
  for (const user of run.book.borrowers()) {
    const key = user.toLowerCase();
    if (isBadDebt(run, user, prices)) {
      if (!run.badDebt.has(key)) ctx.count("bad-debt");
      run.badDebt.add(key);
    } else run.badDebt.delete(key);
  }
}

/** Whether `user`'s collateral is worth less than its debt at `prices` (false without a price). */
function isBadDebt(run: LiquidationKeeperRun, user: Address, prices: ReadonlyMap<string, bigint>) {
  const { collateral, debt } = run.book.position(user);
  const debtUSD = LendingBook.value(debt, prices, run.decimals);
  const collateralUSD = LendingBook.value(collateral, prices, run.decimals);
  return debtUSD !== undefined && collateralUSD !== undefined && collateralUSD < debtUSD;
}

/** The pool's logs after `run.scannedTo` up to `head`, in ranges of `logRange` blocks; in block order. */
async function readPoolLogs(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  head: bigint,
) {
  const logs: Log[] = [];
  const range = BigInt(ctx.config.logRange);
  for (let from = run.scannedTo + 1n; from <= head; from += range) {
    const to = from + range - 1n < head ? from + range - 1n : head;
    logs.push(...(await ctx.client.getLogs({ address: run.pool, fromBlock: from, toBlock: to })));
  }
  return logs;
}

/** Each listed asset's price at block `head` (lower-case address → 1e18 USD); one that fails to read (stale) is left out. */
async function readPrices(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  head: bigint,
): Promise<Map<string, bigint>> {
  const addresses = run.assets.map((asset) => asset.address);
  try {
    const prices = await ctx.client.readContract({
      address: run.oracle,
      abi: priceOracleAbi,
      functionName: "getPrices",
      args: [addresses],
      blockNumber: head,
    });
    return new Map(addresses.map((address, index) => [address.toLowerCase(), prices[index] ?? 0n]));
  } catch {
    // One stale price fails them all: read them one by one, keeping those there are.
    const each = await Promise.allSettled(
      addresses.map((address) =>
        ctx.client.readContract({
          address: run.oracle,
          abi: priceOracleAbi,
          functionName: "getPrice",
          args: [address],
          blockNumber: head,
        }),
      ),
    );
    const prices = new Map<string, bigint>();
    for (const [index, result] of each.entries()) {
      if (result.status === "fulfilled") prices.set(addresses[index]?.toLowerCase() ?? "", result.value);
    }
    return prices;
  }
}

/**
 * Sends one liquidation per unhealthy borrower, as the book has it at the prices read: its
 * largest debt (by value), up to the close factor, for its largest collateral, within what there
 * is to seize and what the keeper holds. Does not wait for them to be mined.
 */
async function liquidateAll(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  borrowers: Address[],
  prices: ReadonlyMap<string, bigint>,
) {
  // What the keeper holds of each float token; ETH debts are repaid from its balance, which the
  // bot's funding keeps up.
  const floatTokens = [...run.float.keys()];
  const balances = await Promise.all(
    floatTokens.map((token) =>
      ctx.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [ctx.address],
      }),
    ),
  );
  const available = new Map(floatTokens.map((token, index) => [token.toLowerCase(), balances[index] ?? 0n]));
  available.set(NATIVE_ETH_ADDRESS.toLowerCase(), maxUint256);
  const usdValue = (asset: string, amount: bigint) =>
    (amount * (prices.get(asset) ?? 0n)) / 10n ** BigInt(run.decimals.get(asset) ?? 18);

  // The funds go first to positions a liquidation can make healthy, largest debt first; then to
  // those in bad debt, whose collateral is all that can be taken.
  const debtUSD = (user: Address) =>
    LendingBook.value(run.book.position(user).debt, prices, run.decimals) ?? 0n;
  const ordered = [...borrowers].sort((a, b) => {
    const bad = Number(isBadDebt(run, a, prices)) - Number(isBadDebt(run, b, prices));
    if (bad !== 0) return bad;
    const [debtA, debtB] = [debtUSD(a), debtUSD(b)];
    return debtA === debtB ? 0 : debtA > debtB ? -1 : 1;
  });

  const sends: Promise<void>[] = [];
  for (const user of ordered) {
    const { debt, collateral } = run.book.position(user);
    const debtAsset = largest([...debt].map(([asset, amount]) => [asset, usdValue(asset, amount)]));
    const collateralAsset = largest(
      [...collateral].map(([asset, amount]) => [asset, usdValue(asset, amount)]),
    );
    if (!debtAsset || !collateralAsset) continue;
    let repay = ((debt.get(debtAsset) ?? 0n) * CLOSE_FACTOR_BPS) / BPS;
    const seizable = collateral.get(collateralAsset) ?? 0n;
    const seize = (amount: bigint) => seizeAmount(amount, debtAsset, collateralAsset, prices, run.decimals);
    if (seize(repay) > seizable) {
      // Not more than the collateral there is: scale the repayment down to it. Each step of the
      // pool's arithmetic rounds down, so a last unit over is possible: take a hair more off.
      repay = (repay * seizable) / seize(repay);
      if (seize(repay) > seizable) repay -= repay / 1_000n + 1n;
    }
    const holding = available.get(debtAsset) ?? 0n;
    if (repay > holding) repay = holding;
    if (repay <= 0n) continue;
    available.set(debtAsset, holding - repay);
    const debtToken = run.assets.find((asset) =>
      isAddressEqual(asset.address, debtAsset as Address),
    )?.address;
    const collateralToken = run.assets.find((asset) =>
      isAddressEqual(asset.address, collateralAsset as Address),
    )?.address;
    if (!debtToken || !collateralToken) continue;
    const transaction = {
      to: run.pool,
      ...(debtToken === NATIVE_ETH_ADDRESS ? { value: repay } : {}),
      data: encodeFunctionData({
        abi: lendingPoolAbi,
        functionName: "liquidate",
        args: [user, debtToken, repay, collateralToken],
      }),
    };
    const key = user.toLowerCase();
    run.inFlight.add(key);
    sends.push(
      (async () => {
        try {
          // A failed estimate leaves the gas to the sender, which estimates (and says why it fails).
          const gas = await run.gas
            .gas(ctx, `${debtAsset}:${collateralAsset}`, transaction)
            .catch(() => undefined);
          const sent = await ctx.send({ ...transaction, gas });
          // Looked at again once this one is mined: one liquidation may not be enough.
          ctx.background(() => sent.wait().finally(() => run.inFlight.delete(key)));
        } catch (error) {
          run.inFlight.delete(key);
          throw error;
        }
      })(),
    );
  }
  const results = await Promise.allSettled(sends);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** The collateral `liquidate` pays for `repay`, computed as LendingPool._seizeAmount does (rounding down). */
function seizeAmount(
  repay: bigint,
  debtAsset: string,
  collateralAsset: string,
  prices: ReadonlyMap<string, bigint>,
  decimals: ReadonlyMap<string, number>,
): bigint {
  const debtPrice = prices.get(debtAsset) ?? 0n;
  const collateralPrice = prices.get(collateralAsset) ?? 0n;
  if (repay === 0n || collateralPrice === 0n) return 0n;
  const repayUSD = (repay * debtPrice) / 10n ** BigInt(decimals.get(debtAsset) ?? 18);
  return (
    (repayUSD * (BPS + LIQUIDATION_BONUS_BPS) * 10n ** BigInt(decimals.get(collateralAsset) ?? 18)) /
    (collateralPrice * BPS)
  );
}

/** The asset of the largest value; undefined when every value is 0. */
function largest(values: [string, bigint][]): string | undefined {
  let best: [string, bigint] | undefined;
  for (const entry of values) if (entry[1] > 0n && (!best || entry[1] > best[1])) best = entry;
  return best?.[0];
}
