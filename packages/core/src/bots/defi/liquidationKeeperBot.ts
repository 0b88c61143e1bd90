import { type Address, encodeFunctionData, getAbiItem, maxUint256, parseUnits } from "viem";
import { z } from "zod";
import { KEY_INDEXES } from "../../chain/keyIndexes.js";
import { lendingPoolAbi, priceOracleAbi, testTokenAbi } from "../../contracts/generated.js";
import { NATIVE_ETH_ADDRESS } from "../../contracts/platformContracts.js";
import { TransactionFailedError } from "../../errors/sender.js";
import { decimalAmount } from "../BotConfig.js";
import type { BotConfigOf, BotContext } from "../BotDefinition.js";
import { createBotDefinition } from "../defineBot.js";
import { lendingAssetAddress } from "./lendingAssets.js";

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
});

/** The liquidation keeper's settings (what `platform.bots.start("liquidation-keeper", …)` may override). */
export type LiquidationKeeperBotConfig = BotConfigOf<typeof liquidationKeeperBotSchema>;

export const LIQUIDATION_KEEPER_BOT_DEFAULTS: LiquidationKeeperBotConfig = {
  interval: 200,
  maxPending: 256,
  collateral: "100",
  float: { USDC: "20000", DAI: "20000" },
};

type Asset = { address: Address; decimals: number };

/** The run's state: the pool, what it lists, the borrowers seen so far and the liquidations in flight. */
export type LiquidationKeeperRun = {
  pool: Address;
  oracle: Address;
  assets: Asset[];
  /** Float tokens and the amount kept of each. */
  float: Map<Address, bigint>;
  /** Every address that ever borrowed, from the pool's Borrow events. */
  borrowers: Set<Address>;
  /** The last block whose Borrow events were read. */
  scannedTo: bigint;
  /** The last block whose positions were checked. */
  checked: bigint;
  /** Borrowers with a liquidation sent and not yet mined. */
  inFlight: Set<Address>;
  refilling: boolean;
};

const borrowEvent = getAbiItem({ abi: lendingPoolAbi, name: "Borrow" });

/**
 * The liquidation keeper: follows every position of the platform's LendingPool (each address
 * from its Borrow events) and, at each new block, liquidates every one below health factor 1.0 —
 * repaying the most the close factor allows (50 % of its largest debt, within the collateral
 * there is to seize and the keeper's float) for its largest collateral plus the 5 % bonus. Its
 * liquidations go out as soon as it sees the block that made them possible, for the next block.
 * It keeps a float of the debt tokens borrowed against ETH collateral of its own, refilled when
 * half spent.
 */
export const liquidationKeeperBot = createBotDefinition({
  name: "liquidation-keeper",
  keyIndex: KEY_INDEXES.bots["liquidation-keeper"],
  schema: liquidationKeeperBotSchema,
  defaults: LIQUIDATION_KEEPER_BOT_DEFAULTS,
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
      float,
      borrowers: new Set(),
      scannedTo: (contracts.deployment.blockNumbers?.lendingPool ?? contracts.deployment.blockNumber) - 1n,
      checked: 0n,
      inFlight: new Set(),
      refilling: false,
    };
    await prepareFloat(ctx, run);
    return run;
  },
  async tick(ctx, run) {
    const head = await ctx.client.getBlockNumber({ cacheTime: 0 });
    if (head <= run.checked) return;
    if (head > run.scannedTo) {
      const logs = await ctx.client.getLogs({
        address: run.pool,
        event: borrowEvent,
        fromBlock: run.scannedTo + 1n,
        toBlock: head,
      });
      for (const log of logs) if (log.args.user) run.borrowers.add(log.args.user);
      run.scannedTo = head;
    }
    run.checked = head;
    const candidates = [...run.borrowers].filter(
      (user) => !run.inFlight.has(user) && user.toLowerCase() !== ctx.address.toLowerCase(),
    );
    const health = await Promise.all(
      candidates.map((user) =>
        ctx.client.readContract({
          address: run.pool,
          abi: lendingPoolAbi,
          functionName: "healthFactor",
          args: [user],
          blockNumber: head,
        }),
      ),
    );
    const unhealthy = candidates.filter((_, index) => (health[index] ?? maxUint256) < WAD);
    if (unhealthy.length > 0) await liquidateAll(ctx, run, unhealthy, head);
    refillFloat(ctx, run);
  },
});

/** Approves the pool for the float tokens, deposits the keeper's collateral and borrows the float. */
async function prepareFloat(ctx: BotContext<LiquidationKeeperBotConfig>, run: LiquidationKeeperRun) {
  const wanted = parseUnits(ctx.config.collateral, 18);
  const [deposited, ...allowances] = await Promise.all([
    ctx.client.readContract({
      address: run.pool,
      abi: lendingPoolAbi,
      functionName: "collateralOf",
      args: [ctx.address, NATIVE_ETH_ADDRESS],
    }),
    ...[...run.float.keys()].map((token) =>
      ctx.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "allowance",
        args: [ctx.address, run.pool],
      }),
    ),
  ]);
  const sends = [...run.float.keys()].flatMap((token, index) =>
    (allowances[index] ?? 0n) > maxUint256 / 2n
      ? []
      : [
          ctx.send({
            to: token,
            data: encodeFunctionData({
              abi: testTokenAbi,
              functionName: "approve",
              args: [run.pool, maxUint256],
            }),
          }),
        ],
  );
  if (deposited < wanted) {
    sends.push(
      ctx.send({
        to: run.pool,
        value: wanted - deposited,
        data: encodeFunctionData({
          abi: lendingPoolAbi,
          functionName: "deposit",
          args: [NATIVE_ETH_ADDRESS, wanted - deposited],
        }),
      }),
    );
  }
  await settle(await Promise.all(sends), "preparing the keeper's float");
  await borrowFloat(ctx, run, 1n);
}

/** Borrows each float token up to its amount where less than `1 / divisor` of it is left. */
async function borrowFloat(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  divisor: bigint,
) {
  const tokens = [...run.float];
  const balances = await Promise.all(
    tokens.map(([token]) =>
      ctx.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [ctx.address],
      }),
    ),
  );
  const sends = tokens.flatMap(([token, amount], index) => {
    const balance = balances[index] ?? 0n;
    if (balance * divisor >= amount) return [];
    return [
      ctx.send({
        to: run.pool,
        data: encodeFunctionData({
          abi: lendingPoolAbi,
          functionName: "borrow",
          args: [token, amount - balance],
        }),
      }),
    ];
  });
  await settle(await Promise.all(sends), "borrowing the keeper's float");
}

/** Refills the float in the background once half of a token is spent (one refill at a time). */
function refillFloat(ctx: BotContext<LiquidationKeeperBotConfig>, run: LiquidationKeeperRun) {
  if (run.refilling || run.float.size === 0) return;
  run.refilling = true;
  ctx.background(() =>
    borrowFloat(ctx, run, 2n).finally(() => {
      run.refilling = false;
    }),
  );
}

/**
 * Sends one liquidation per unhealthy borrower, as read at block `head`: its largest debt (by
 * value), up to the close factor, for its largest collateral, within what there is to seize and
 * what the keeper holds. Does not wait for them to be mined.
 */
async function liquidateAll(
  ctx: BotContext<LiquidationKeeperBotConfig>,
  run: LiquidationKeeperRun,
  borrowers: Address[],
  head: bigint,
) {
  const read = (functionName: "debtOf" | "collateralOf", user: Address, token: Address) =>
    ctx.client.readContract({
      address: run.pool,
      abi: lendingPoolAbi,
      functionName,
      args: [user, token],
      blockNumber: head,
    });
  const [prices, holdings, positions] = await Promise.all([
    ctx.client.readContract({
      address: run.oracle,
      abi: priceOracleAbi,
      functionName: "getPrices",
      args: [run.assets.map((asset) => asset.address)],
      blockNumber: head,
    }),
    Promise.all(
      run.assets.map((asset) =>
        asset.address === NATIVE_ETH_ADDRESS
          ? maxUint256 // ETH debts are repaid from the keeper's balance, which the bot's funding keeps up
          : ctx.client.readContract({
              address: asset.address,
              abi: testTokenAbi,
              functionName: "balanceOf",
              args: [ctx.address],
            }),
      ),
    ),
    Promise.all(
      borrowers.map((user) =>
        Promise.all([
          Promise.all(run.assets.map((asset) => read("debtOf", user, asset.address))),
          Promise.all(run.assets.map((asset) => read("collateralOf", user, asset.address))),
        ]),
      ),
    ),
  ]);
  const valueUSD = (index: number, amount: bigint) =>
    (amount * (prices[index] ?? 0n)) / 10n ** BigInt(run.assets[index]?.decimals ?? 18);
  const available = [...holdings];

  const sends: Promise<void>[] = [];
  for (const [position, user] of borrowers.entries()) {
    const [debts, collaterals] = positions[position] ?? [[], []];
    const debtIndex = largest(debts.map((debt, index) => valueUSD(index, debt)));
    const collateralIndex = largest(collaterals.map((amount, index) => valueUSD(index, amount)));
    const debtAsset = run.assets[debtIndex];
    const collateralAsset = run.assets[collateralIndex];
    if (!debtAsset || !collateralAsset) continue;
    let repay = ((debts[debtIndex] ?? 0n) * CLOSE_FACTOR_BPS) / BPS;
    const seizable = collaterals[collateralIndex] ?? 0n;
    const seize = seizeAmount(repay, prices, debtIndex, collateralIndex, run.assets);
    // Not more than the collateral there is: scale the repayment down to it (rounding down).
    if (seize > seizable) {
      repay = (repay * seizable) / seize;
      // Each step of the pool's arithmetic rounds down: a last unit over is possible; take a hair off.
      if (seizeAmount(repay, prices, debtIndex, collateralIndex, run.assets) > seizable)
        repay -= repay / 1_000n + 1n;
    }
    const holding = available[debtIndex] ?? 0n;
    if (repay > holding) repay = holding;
    if (repay === 0n) continue;
    available[debtIndex] = holding - repay;
    run.inFlight.add(user);
    const eth = debtAsset.address === NATIVE_ETH_ADDRESS;
    sends.push(
      ctx
        .send({
          to: run.pool,
          ...(eth ? { value: repay } : {}),
          data: encodeFunctionData({
            abi: lendingPoolAbi,
            functionName: "liquidate",
            args: [user, debtAsset.address, repay, collateralAsset.address],
          }),
        })
        .then(
          (sent) => {
            // Looked at again once this one is mined: one liquidation may not be enough.
            ctx.background(() => sent.wait().finally(() => run.inFlight.delete(user)));
          },
          (error: unknown) => {
            run.inFlight.delete(user);
            throw error;
          },
        ),
    );
  }
  const results = await Promise.allSettled(sends);
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** The collateral `liquidate` pays for `repay`, computed as LendingPool._seizeAmount does (rounding down). */
function seizeAmount(
  repay: bigint,
  prices: readonly bigint[],
  debtIndex: number,
  collateralIndex: number,
  assets: Asset[],
): bigint {
  const debtPrice = prices[debtIndex] ?? 0n;
  const collateralPrice = prices[collateralIndex] ?? 0n;
  if (repay === 0n || collateralPrice === 0n) return 0n;
  const repayUSD = (repay * debtPrice) / 10n ** BigInt(assets[debtIndex]?.decimals ?? 18);
  return (
    (repayUSD * (BPS + LIQUIDATION_BONUS_BPS) * 10n ** BigInt(assets[collateralIndex]?.decimals ?? 18)) /
    (collateralPrice * BPS)
  );
}

/** The index of the largest value (the first of equals); -1 when all are 0. */
function largest(values: readonly bigint[]): number {
  let best = -1;
  for (const [index, value] of values.entries()) {
    if (value > 0n && (best === -1 || value > (values[best] ?? 0n))) best = index;
  }
  return best;
}

async function settle(
  sent: { wait(): Promise<{ record: { status: string; hash: `0x${string}` }; reason: string }> }[],
  what: string,
) {
  const settled = await Promise.all(sent.map((one) => one.wait()));
  for (const { record, reason } of settled) {
    if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, `${what}: ${reason}`);
  }
}
