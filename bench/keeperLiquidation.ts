/**
 * `keeper_liquidation_blocks`: how fast the liquidation-keeper scenario clears a crash. The lending
 * scenario opens N positions (default 100) at 69 % of their collateral (ETH); one crash push takes
 * ETH down 10 %, which puts every one of them below health factor 1.0. The figure is the number of
 * blocks from the block that carries the crash price to the block with the last of their
 * liquidations; the baseline, in the same run, is the same count for one position alone. Target:
 * the next block (≤ 1). `keeper_positions_left` counts the positions still liquidatable once the
 * keeper is done (target 0).
 *
 * Then a deep crash with the same targets: N more positions, ETH −85 % (2,000 → 300), which puts
 * every position and the keeper's own in bad debt. `keeper_deep_crash_blocks` (≤ 1),
 * `keeper_deep_positions_left` (positions below 1.0 with collateral left to take: 0),
 * `keeper_deep_bad_debt_positions` (those nobody can close; no target) and
 * `keeper_deep_crash_errors` (the keeper's errors: 0).
 *
 * The devnet mines at once while the positions are opened, then at its 2 s block time (the seed's
 * 60M gas) from before the crash; the platform runs as `privnet up` makes it (sqlite storage).
 *
 *   pnpm bench:keeper                   # 100 positions
 *   pnpm bench:keeper --positions 300
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createPlatform, type Platform } from "@privnet/core";
import { lendingPoolAbi } from "@privnet/core/contracts";
import { startDevnet } from "@privnet/devnet";
import { builtinScenarios } from "@privnet/scenarios";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { type Address, formatEther, http, parseEventLogs } from "viem";
import { figure, recordFigures } from "./harness/index.js";

const { values: args } = parseArgs({ options: { positions: { type: "string", default: "100" } } });
const positions = Number(args.positions);

const dataDir = mkdtempSync(join(tmpdir(), "privnet-bench-keeper-"));
const devnet = await startDevnet({ port: 0, blockTime: 2, automineFirst: true });
try {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: sqliteStorage({ path: join(dataDir, "privnet.db") }),
    contracts: true,
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  try {
    const { addresses } = await platform.contracts.get();
    const pool = addresses.lendingPool;
    const client = platform.client;

    // The keeper first: it watches the pool from before any position is opened.
    await platform.bots.start("liquidation-keeper", {});
    await untilSettledOnce(platform, "liquidation-keeper");

    /** Opens `count` positions at 69 % LTV with the lending scenario (borrowers of their own seed). */
    const open = async (count: number, seed: string) => {
      const from = await client.getBlockNumber({ cacheTime: 0 });
      await platform.bots.start("lending", {
        interval: 0,
        borrowers: count,
        seed,
        collateral: { min: "0.1", max: "0.1" },
        borrowTokens: ["USDC", "DAI"],
        nearMax: { share: 1, ltv: 0.69 },
        repayChance: 0,
        withdrawChance: 0,
      });
      const borrowers = new Set<string>();
      while (borrowers.size < count) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const logs = await client.getLogs({ address: pool, fromBlock: from });
        for (const event of parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Borrow" }))
          borrowers.add(event.args.user.toLowerCase());
      }
      await platform.bots.stop("lending");
      await platform.bots.settled("lending");
      return [...borrowers] as Address[];
    };

    /**
     * Crashes ETH by `percent` and counts blocks to the last liquidation of `borrowers`; then how
     * many stay liquidatable with collateral left to take (more than a cent), and how many are in
     * bad debt (collateral worth less than the debt: nobody can close them).
     */
    const crash = async (borrowers: Address[], percent: number) => {
      await platform.oracle.setPrice("ETH", "2000");
      await nextBlock(platform);
      const pushed = await platform.oracle.crash("ETH", percent);
      if (!pushed) throw new Error("the crash was not written");
      const waiting = new Set(borrowers.map((borrower) => borrower.toLowerCase()));
      let last = pushed.blockNumber;
      // At most 10 blocks: a keeper slower than that has failed the figure anyway.
      for (let block = pushed.blockNumber; waiting.size > 0 && block <= pushed.blockNumber + 10n; block++) {
        await untilBlock(platform, block);
        const logs = await client.getLogs({ address: pool, fromBlock: block, toBlock: block });
        for (const event of parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" })) {
          if (waiting.delete(event.args.borrower.toLowerCase())) last = block;
        }
        console.log(`block ${block}: ${logs.length} pool events, ${waiting.size} waiting`);
      }
      await untilBlock(platform, last + 2n);
      const accounts = await Promise.all(
        borrowers.map((user) =>
          client.readContract({
            address: pool,
            abi: lendingPoolAbi,
            functionName: "accountData",
            args: [user],
          }),
        ),
      );
      const left = accounts.filter(
        ([collateralUSD, , health]) => health < 10n ** 18n && collateralUSD > 10n ** 16n,
      ).length;
      const badDebt = accounts.filter(([collateralUSD, debtUSD]) => collateralUSD < debtUSD).length;
      return { blocks: Number(last - pushed.blockNumber), unliquidated: waiting.size, left, badDebt };
    };

    const single = await open(1, "bench-one");
    await devnet.useBlockTime();
    const baseline = await crash(single, 10);
    console.log(
      `1 position: liquidated ${baseline.blocks} block(s) after the crash; not liquidated within 10 blocks ${baseline.unliquidated}; left liquidatable ${baseline.left}`,
    );
    // Back at 2,000 before the positions open: the crash below is what makes them liquidatable.
    await platform.oracle.setPrice("ETH", "2000");
    const many = await open(positions, `bench-${positions}`);
    const measured = await crash(many, 10);
    console.log(
      `${positions} positions: the last liquidated ${measured.blocks} block(s) after the crash; not liquidated within 10 blocks ${measured.unliquidated}; left liquidatable ${measured.left}`,
    );
    const logKeeper = async () => {
      const keeper = await platform.bots.get("liquidation-keeper");
      console.log(
        `keeper: sent ${keeper.stats.sent}, confirmed ${keeper.stats.confirmed}, failed ${keeper.stats.failed}, errors ${keeper.stats.errors}${keeper.stats.lastError ? ` (last: ${keeper.stats.lastError.message})` : ""}, counters ${JSON.stringify(keeper.stats.counters ?? {})}`,
      );
    };
    await logKeeper();
    recordFigures({
      keeper_liquidation_blocks: figure(
        measured.blocks,
        baseline.blocks,
        "blocks",
        `${positions} positions at 69 % LTV made liquidatable by one 10 % ETH crash push, 2 s blocks, 60M gas: blocks from the block carrying the crash price to the block liquidating the last of them; baseline: the same for one position`,
      ),
      keeper_positions_left: figure(
        measured.left,
        positions,
        "positions",
        `positions still below health factor 1.0 two blocks after the keeper's last liquidation, out of the ${positions} the crash made liquidatable`,
      ),
    });

    // The deep crash: ETH back at 2,000, N more positions at 69 %, then −85 % (ETH at 300). Every
    // position, the first N's what is left of them included, falls into bad debt, and so does the
    // keeper's own (its 50 ETH at 300 are worth less than its 20,000 of float borrowed): it cannot
    // borrow, and liquidates from the float it holds.
    await platform.oracle.setPrice("ETH", "2000");
    const more = await open(positions, `bench-deep-${positions}`);
    const deep = await crash([...many, ...more], 85);
    console.log(
      `${2 * positions} positions, ETH −85 %: the last liquidated ${deep.blocks} block(s) after the crash; not liquidated within 10 blocks ${deep.unliquidated}; left liquidatable with collateral ${deep.left}; in bad debt ${deep.badDebt}`,
    );
    const keeper = await platform.bots.get("liquidation-keeper");
    const [ownCollateral, ownDebt] = await client.readContract({
      address: pool,
      abi: lendingPoolAbi,
      functionName: "accountData",
      args: [keeper.address],
    });
    console.log(
      `keeper's own position: ${formatEther(ownCollateral)} USD of collateral for ${formatEther(ownDebt)} USD owed`,
    );
    await logKeeper();
    recordFigures({
      keeper_deep_crash_blocks: figure(
        deep.blocks,
        baseline.blocks,
        "blocks",
        `${2 * positions} positions (half of them already liquidated once by the 10 % crash) and the keeper's own, made liquidatable by one −85 % ETH crash push (2,000 → 300), 2 s blocks: blocks from the crash price to the last liquidation; baseline: one position's 10 % crash`,
      ),
      keeper_deep_positions_left: figure(
        deep.left,
        2 * positions,
        "positions",
        `positions still below health factor 1.0 with more than a cent of collateral to take, two blocks after the keeper's last liquidation of the −85 % crash, out of ${2 * positions}`,
      ),
      keeper_deep_bad_debt_positions: figure(
        deep.badDebt,
        2 * positions,
        "positions",
        `positions whose collateral is worth less than their debt after the −85 % crash and the keeper's liquidations (nobody can close them), out of ${2 * positions}; the keeper's own not included (its stats count it)`,
      ),
      keeper_deep_crash_errors: figure(
        keeper.stats.errors,
        keeper.stats.sent,
        "errors",
        "the keeper's errors over the whole run, both crashes included; baseline: the transactions it sent",
      ),
    });
  } finally {
    await platform.close();
  }
} finally {
  await devnet.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

/** Resolves at the next block. */
async function nextBlock(platform: Platform) {
  const now = await platform.client.getBlockNumber({ cacheTime: 0 });
  await untilBlock(platform, now + 1n);
}

/** Resolves once the chain is at block `number` or past it. */
function untilBlock(platform: Platform, number: bigint) {
  return new Promise<void>((resolve) => {
    const unwatch = platform.client.watchBlockNumber({
      poll: true,
      pollingInterval: 100,
      emitOnBegin: true,
      onBlockNumber: (head) => {
        if (head < number) return;
        unwatch();
        resolve();
      },
    });
  });
}

/** Resolves once the bot ran its setup: its first transactions settled and none is pending. */
async function untilSettledOnce(platform: Platform, bot: string) {
  for (;;) {
    const { stats } = await platform.bots.get(bot);
    if (stats.confirmed > 0 && stats.pending === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
