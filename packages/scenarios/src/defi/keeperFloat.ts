import { NATIVE_ETH_ADDRESS } from "@privnet/core";
import { type BotBaseConfig, type BotContext, settle } from "@privnet/core/bots";
import { lendingPoolAbi, priceOracleAbi, testTokenAbi } from "@privnet/core/contracts";
import { type Address, encodeFunctionData, maxUint256, parseUnits } from "viem";

/** The keeper's context, as far as its float is concerned: its collateral setting. */
type KeeperContext = BotContext<BotBaseConfig & { collateral: string }>;

/** What the keeper's float is managed with: the part of its run the float reads and keeps. */
export type KeeperFloat = {
  /** The LendingPool and the PriceOracle. */
  pool: Address;
  oracle: Address;
  /** Decimals by asset (lower-case address). */
  decimals: ReadonlyMap<string, number>;
  /** Float tokens and the amount kept of each. */
  float: ReadonlyMap<Address, bigint>;
  /** A refill runs (one at a time). */
  refilling: boolean;
  /** Whether the last refill found no room to borrow (counted once until a refill borrows again). */
  refillHeld: boolean;
};

/** Approves the pool for the float tokens, deposits the keeper's collateral and borrows the float. */
export async function prepareFloat(ctx: KeeperContext, run: KeeperFloat) {
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
  await settle(sends, "preparing the keeper's float");
  await borrowFloat(ctx, run, 1n);
}

/**
 * Borrows each float token up to its amount where less than `1 / divisor` of it is left, within
 * what the keeper's collateral allows at today's prices (the pool's `borrowableUSD`, less a tenth
 * for prices that move before the borrow is mined). After a crash that devalued its collateral
 * there may be no room: it then borrows nothing and liquidates with the float it has left, rather
 * than send a borrow the pool refuses. Returns whether it borrowed all it wanted.
 */
async function borrowFloat(ctx: KeeperContext, run: KeeperFloat, divisor: bigint): Promise<boolean> {
  const tokens = [...run.float];
  const [account, ...balances] = await Promise.all([
    ctx.client.readContract({
      address: run.pool,
      abi: lendingPoolAbi,
      functionName: "accountData",
      args: [ctx.address],
    }),
    ...tokens.map(([token]) =>
      ctx.client.readContract({
        address: token,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [ctx.address],
      }),
    ),
  ]);
  const wanted = tokens.flatMap(([token, amount], index) => {
    const balance = balances[index] ?? 0n;
    return balance * divisor >= amount ? [] : [{ token, amount: amount - balance }];
  });
  if (wanted.length === 0) return true;
  const prices = await ctx.client.readContract({
    address: run.oracle,
    abi: priceOracleAbi,
    functionName: "getPrices",
    args: [wanted.map(({ token }) => token)],
  });
  let room = (account[3] * 9n) / 10n;
  let all = true;
  const sends = wanted.flatMap(({ token, amount }, index) => {
    const price = prices[index] ?? 0n;
    const unit = 10n ** BigInt(run.decimals.get(token.toLowerCase()) ?? 18);
    const fits = price === 0n ? 0n : (room * unit) / price;
    const borrow = amount < fits ? amount : fits;
    if (borrow < amount) all = false;
    if (borrow <= 0n) return [];
    room -= (borrow * price) / unit;
    return [
      ctx.send({
        to: run.pool,
        data: encodeFunctionData({
          abi: lendingPoolAbi,
          functionName: "borrow",
          args: [token, borrow],
        }),
      }),
    ];
  });
  await settle(sends, "borrowing the keeper's float");
  return all;
}

/** Refills the float in the background once half of a token is spent (one refill at a time). */
export function refillFloat(ctx: KeeperContext, run: KeeperFloat) {
  if (run.refilling || run.float.size === 0) return;
  run.refilling = true;
  ctx.background(() =>
    borrowFloat(ctx, run, 2n)
      .then((all) => {
        // Counted once per time the collateral stops the float being refilled in full.
        if (!all && !run.refillHeld) ctx.count("float-refill-held");
        run.refillHeld = !all;
      })
      .finally(() => {
        run.refilling = false;
      }),
  );
}
