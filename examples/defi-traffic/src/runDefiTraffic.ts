import { type BotEvent, createPlatform, type Platform } from "@privnet/core";
import { lendingPoolAbi } from "@privnet/core/contracts";
import { builtinScenarios } from "@privnet/scenarios";
import { type Address, http, parseEventLogs } from "viem";

export type DefiTrafficOptions = {
  /** Borrowers of the lending scenario; a third of them borrow at 69 % of their collateral. Default 12. */
  borrowers?: number;
  /** How far ETH falls (percent). Default 10: enough to put the 69 % borrowers below 1.0. */
  crashPercent?: number;
  log?: (line: string) => void;
};

export type DefiTrafficReport = {
  swaps: number;
  borrowers: number;
  /** Positions below health factor 1.0 right after the crash. */
  liquidatable: number;
  /** Liquidations the keeper made of them. */
  liquidations: number;
  /** Positions still below 1.0 once the keeper is done. */
  leftLiquidatable: number;
};

/**
 * DeFi-like load on the chain at `rpcUrl`: the uniswap-v2 scenario swapping in its pools, the
 * lending scenario's borrowers (a third of them near the 70 % limit) and the liquidation keeper;
 * once every borrower holds a loan, ETH crashes and the keeper liquidates what fell below 1.0.
 * Returns what happened, read from the chain.
 */
export async function runDefiTraffic(
  rpcUrl: string,
  options: DefiTrafficOptions = {},
): Promise<DefiTrafficReport> {
  const borrowers = options.borrowers ?? 12;
  const log = options.log ?? (() => {});
  const platform = await createPlatform({
    transport: http(rpcUrl),
    contracts: true,
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  try {
    const { addresses } = await platform.contracts.get();
    const pool = addresses.lendingPool;
    const from = await platform.client.getBlockNumber({ cacheTime: 0 });

    await platform.bots.start("liquidation-keeper", {
      collateral: "20",
      float: { USDC: "5000", DAI: "5000" },
    });
    // The lending scenario's borrowers are counted without the keeper, which borrows its float.
    const keeper = (await platform.bots.get("liquidation-keeper")).address;
    await platform.bots.start("uniswap-v2", { interval: 250 });
    await platform.bots.start("lending", {
      interval: 0,
      borrowers,
      collateral: { min: "0.2", max: "0.5" },
      nearMax: { share: 1 / 3, ltv: 0.69 },
      repayChance: 0,
      withdrawChance: 0,
    });
    log(`traffic: uniswap-v2 swapping, ${borrowers} lending borrowers, the liquidation keeper watching`);

    // Every borrower holds a loan: then the crash.
    await until(platform, "lending", async () => {
      const events = await poolEvents(platform, pool, from, "Borrow");
      return (
        new Set(events.flatMap((event) => (event.args.user === keeper ? [] : [event.args.user]))).size >=
        borrowers
      );
    });
    await platform.bots.stop("lending");
    await platform.bots.settled("lending");
    log(`lending: ${borrowers} borrowers hold loans`);

    const users = [
      ...new Set((await poolEvents(platform, pool, from, "Borrow")).map((event) => event.args.user)),
    ].filter((user) => user !== keeper) as Address[];
    const crash = await platform.oracle.crash("ETH", options.crashPercent ?? 10);
    const liquidatable = (await healthFactors(platform, pool, users, crash?.blockNumber)).filter(
      (health) => health < 10n ** 18n,
    ).length;
    log(
      `ETH falls ${options.crashPercent ?? 10} % to ${crash?.prices.ETH} USD: ${liquidatable} positions below 1.0`,
    );

    await until(platform, "liquidation-keeper", async () => {
      const health = await healthFactors(platform, pool, users);
      return health.every((value) => value >= 10n ** 18n);
    });
    const liquidations = await poolEvents(platform, pool, crash?.blockNumber ?? from, "Liquidation");
    const leftLiquidatable = (await healthFactors(platform, pool, users)).filter(
      (health) => health < 10n ** 18n,
    ).length;
    log(`keeper: ${liquidations.length} liquidations, ${leftLiquidatable} positions left below 1.0`);

    await platform.bots.stop("uniswap-v2");
    await platform.bots.stop("liquidation-keeper");
    const swaps = (await platform.bots.get("uniswap-v2")).stats.confirmed;
    log(`uniswap-v2: ${swaps} transactions confirmed`);
    return {
      swaps,
      borrowers: users.length,
      liquidatable,
      liquidations: liquidations.length,
      leftLiquidatable,
    };
  } finally {
    await platform.close();
  }
}

async function poolEvents<Name extends "Borrow" | "Liquidation">(
  platform: Platform,
  pool: Address,
  fromBlock: bigint,
  eventName: Name,
) {
  const logs = await platform.client.getLogs({ address: pool, fromBlock });
  return parseEventLogs({ abi: lendingPoolAbi, logs, eventName });
}

/** Each user's health factor, at `blockNumber` when given (the keeper may already have acted since). */
function healthFactors(platform: Platform, pool: Address, users: Address[], blockNumber?: bigint) {
  return Promise.all(
    users.map((user) =>
      platform.client.readContract({
        address: pool,
        abi: lendingPoolAbi,
        functionName: "healthFactor",
        args: [user],
        ...(blockNumber === undefined ? {} : { blockNumber }),
      }),
    ),
  );
}

/** Resolves once `check` holds, asking again each time a transaction of `bot` settles. */
function until(platform: Platform, bot: string, check: () => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    let checking = false;
    let again = false;
    const finish = (error?: unknown) => {
      platform.events.off("bot", listener);
      if (error) reject(error);
      else resolve();
    };
    const run = async () => {
      if (checking) {
        again = true; // asked once more when the check in progress ends
        return;
      }
      checking = true;
      try {
        do {
          again = false;
          if (await check()) return finish();
        } while (again);
      } catch (error) {
        finish(error);
      } finally {
        checking = false;
      }
    };
    const listener = (event: BotEvent) => {
      if (event.bot !== bot || event.type !== "transaction" || event.transaction?.status === "pending")
        return;
      void run();
    };
    platform.events.on("bot", listener);
    void run();
  });
}
