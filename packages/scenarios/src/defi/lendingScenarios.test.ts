import { createPlatform, NATIVE_ETH_ADDRESS, type Platform } from "@privnet/core";
import { lendingPoolAbi } from "@privnet/core/contracts";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  createPublicClient,
  http,
  type PublicClient,
  parseEther,
  parseEventLogs,
  parseUnits,
} from "viem";
import { afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import { builtinScenarios } from "../builtinScenarios.js";
import { untilBot } from "./fixtures/untilBot.js";
import { scenarioAccounts } from "./scenarioAccounts.js";

// One devnet for the file; each test starts from the same chain (snapshot/revert) with a platform of its own.
const devnet = useDevnet();
let client: PublicClient;
const platforms: Platform[] = [];

beforeAll(() => {
  client = createPublicClient({ transport: http(devnet.rpcUrl) });
});
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

async function platformWithContracts() {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    contracts: true,
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  platforms.push(platform);
  return platform;
}

/** What `user` owes the lending pool in USDC (its smallest unit). */
function usdcDebtOf(addresses: { lendingPool: Address; usdc: Address }, user: Address) {
  return client.readContract({
    address: addresses.lendingPool,
    abi: lendingPoolAbi,
    functionName: "debtOf",
    args: [user, addresses.usdc],
  });
}

/** The pool's events of one kind since the platform deployed it. */
async function poolEvents(pool: Address, fromBlock: bigint) {
  const logs = await client.getLogs({ address: pool, fromBlock });
  return parseEventLogs({ abi: lendingPoolAbi, logs });
}

describe("the lending scenario", () => {
  test("its borrowers deposit ETH, borrow (the near-max ones at 69 % of their collateral), repay and withdraw", async () => {
    const platform = await platformWithContracts();
    const { addresses, deployment } = await platform.contracts.get();
    const from = deployment.blockNumber;
    await platform.bots.start("lending", {
      interval: 0,
      borrowers: 4,
      collateral: { min: "0.5", max: "1" },
      nearMax: { share: 0.5, ltv: 0.69 },
      repayChance: 0.5,
      withdrawChance: 0.5,
    });
    const { address: bot } = await platform.bots.get("lending");
    const borrowers = scenarioAccounts(bot, "lending", 4).map((account) => account.address);
    await untilBot(platform, "lending", async () => {
      const names = new Set((await poolEvents(addresses.lendingPool, from)).map((event) => event.eventName));
      return ["Deposit", "Borrow", "Repay", "Withdraw"].every((name) => names.has(name as never));
    });
    await platform.bots.stop("lending");
    await platform.bots.settled("lending");

    const events = await poolEvents(addresses.lendingPool, from);
    const users = new Set(
      events.flatMap((event) => ("user" in event.args ? [event.args.user.toLowerCase()] : [])),
    );
    // Only the scenario's own borrowers act on the pool (the platform's owner only set it up).
    for (const user of users) expect(borrowers.map((b) => b.toLowerCase())).toContain(user);

    // Each borrow, read at its block: the near-max borrowers (the first half) at 69 % of their
    // collateral's value, the others within the default range, all below the 70 % limit.
    const borrows = events.filter((event) => event.eventName === "Borrow");
    expect(borrows.length).toBeGreaterThan(0);
    for (const borrow of borrows) {
      const user = (borrow.args as { user: Address }).user;
      const [collateralUSD, debtUSD] = await client.readContract({
        address: addresses.lendingPool,
        abi: lendingPoolAbi,
        functionName: "accountData",
        args: [user],
        blockNumber: borrow.blockNumber,
      });
      const ltv = Number((debtUSD * 10_000n) / collateralUSD) / 10_000;
      const nearMax = borrowers.slice(0, 2).some((address) => address.toLowerCase() === user.toLowerCase());
      if (nearMax) expect(ltv).toBeCloseTo(0.69, 3);
      else {
        expect(ltv).toBeGreaterThanOrEqual(0.3 - 1e-4);
        expect(ltv).toBeLessThanOrEqual(0.6 + 1e-4);
      }
    }
    const stats = (await platform.bots.get("lending")).stats;
    expect(stats.failed).toBe(0);
    expect(stats.confirmed).toBe(stats.sent);
  });
});

describe("the liquidation keeper", () => {
  test("after a 10 % ETH crash it repays half the debt of each position below 1.0 and takes its collateral with the 5 % bonus", async () => {
    const platform = await platformWithContracts();
    const { addresses } = await platform.contracts.get();
    const risky = [devnet.accounts[5], devnet.accounts[6], devnet.accounts[7]] as {
      address: Address;
      privateKey: `0x${string}`;
    }[];
    const safe = devnet.accounts[9] as { address: Address; privateKey: `0x${string}` };
    // At ETH 2,000: 1 ETH of collateral, 1,380 USDC borrowed (69 %): health 1.087. At 1,800: 0.978.
    for (const { privateKey } of risky) {
      await platform.lending.deposit({ privateKey, token: "ETH", amount: "1" });
      await platform.lending.borrow({ privateKey, token: "USDC", amount: "1380" });
    }
    await platform.lending.deposit({ privateKey: safe.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: safe.privateKey, token: "USDC", amount: "600" });

    // 250 empty blocks (1 s apart: the prices stay fresh) between the positions and the keeper's
    // start: with 200 blocks per eth_getLogs, its first scan of the pool's logs spans two ranges,
    // the positions' events in the first (the default range, 2,000, took 2,500 blocks to show it).
    await devnet.request("anvil_mine", ["0xfa", "0x1"]);

    await platform.bots.start("liquidation-keeper", {
      collateral: "20",
      float: { USDC: "5000" },
      logRange: 200,
    });
    const keeper = (await platform.bots.get("liquidation-keeper")).address;
    // Its float is ready: it borrowed 5,000 USDC against its 20 ETH.
    await untilBot(platform, "liquidation-keeper", async () => {
      const debt = await client.readContract({
        address: addresses.lendingPool,
        abi: lendingPoolAbi,
        functionName: "debtOf",
        args: [keeper, addresses.usdc],
      });
      return debt === parseUnits("5000", 6);
    });
    const positions = () =>
      Promise.all(
        [...risky, safe].map(async ({ address }) => ({
          debt: await client.readContract({
            address: addresses.lendingPool,
            abi: lendingPoolAbi,
            functionName: "debtOf",
            args: [address, addresses.usdc],
          }),
          collateral: await client.readContract({
            address: addresses.lendingPool,
            abi: lendingPoolAbi,
            functionName: "collateralOf",
            args: [address, NATIVE_ETH_ADDRESS],
          }),
        })),
      );
    expect(await positions()).toEqual([
      ...risky.map(() => ({ debt: parseUnits("1380", 6), collateral: parseEther("1") })),
      { debt: parseUnits("600", 6), collateral: parseEther("1") },
    ]);

    const crashed = await platform.oracle.crash("ETH", 10);
    expect(crashed?.prices).toEqual({ ETH: "1800" });
    await untilBot(platform, "liquidation-keeper", async () => {
      const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
      return parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" }).length >= risky.length;
    });

    // Each risky position: 690 USDC repaid (the 50 % close factor), 690 × 1.05 / 1,800 = 0.4025
    // ETH seized; health after 0.75 × 1,075.5 / 690 = 1.169, so nothing more. The safe one untouched.
    expect(await positions()).toEqual([
      ...risky.map(() => ({ debt: parseUnits("690", 6), collateral: parseEther("0.5975") })),
      { debt: parseUnits("600", 6), collateral: parseEther("1") },
    ]);
    const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
    const liquidations = parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" });
    expect(liquidations).toHaveLength(3);
    for (const { args } of liquidations) {
      expect(args).toMatchObject({
        liquidator: keeper,
        debtToken: addresses.usdc,
        repayAmount: parseUnits("690", 6),
        collateralToken: NATIVE_ETH_ADDRESS,
        seizedAmount: parseEther("0.4025"),
      });
    }
    for (const { address } of risky) {
      const position = await platform.lending.position(address);
      expect(position.liquidatable).toBe(false);
    }
  });
});

describe("the liquidation keeper after a deep crash", () => {
  test("at ETH −85 % it liquidates from its float, never borrows against its devalued collateral, and counts the bad debt", async () => {
    const platform = await platformWithContracts();
    const { addresses } = await platform.contracts.get();
    const [deep, shallow] = [devnet.accounts[5], devnet.accounts[6]] as {
      address: Address;
      privateKey: `0x${string}`;
    }[];
    if (!deep || !shallow) throw new Error("no accounts");
    // At ETH 300: `deep` has 3,000 USD of collateral for 10,000 owed (bad debt: a liquidation can
    // take its 10 ETH for 2,857 USDC, no more); `shallow` 3,000 for 2,500 (health 0.9).
    await platform.lending.deposit({ privateKey: deep.privateKey, token: "ETH", amount: "10" });
    await platform.lending.borrow({ privateKey: deep.privateKey, token: "USDC", amount: "10000" });
    await platform.lending.deposit({ privateKey: shallow.privateKey, token: "ETH", amount: "10" });
    await platform.lending.borrow({ privateKey: shallow.privateKey, token: "USDC", amount: "2500" });

    // The keeper: 15 ETH for a 5,000 USDC float; at ETH 300 its 4,500 USD are less than its debt.
    await platform.bots.start("liquidation-keeper", { collateral: "15", float: { USDC: "5000" } });
    const keeper = (await platform.bots.get("liquidation-keeper")).address;
    const debtOf = (user: Address) => usdcDebtOf(addresses, user);
    await untilBot(
      platform,
      "liquidation-keeper",
      async () => (await debtOf(keeper)) === parseUnits("5000", 6),
    );

    const crashed = await platform.oracle.crash("ETH", 85);
    expect(crashed?.prices).toEqual({ ETH: "300" });
    // Both liquidated (4,107 USDC of the 5,000), which leaves less than half the float: the
    // refill finds no room to borrow and holds, rather than send a borrow the pool refuses.
    await untilBot(platform, "liquidation-keeper", async () => {
      const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
      return parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" }).length >= 2;
    });
    // The counter has no event of its own; the keeper looks at its float on its next block.
    const held = async () => {
      const { counters, lastError } = (await platform.bots.get("liquidation-keeper")).stats;
      expect(lastError?.message).toBeUndefined();
      expect(counters?.["float-refill-held"]).toBe(1);
    };
    await vi.waitFor(held, { timeout: 20_000, interval: 50 });
    const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
    const liquidations = parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" });
    expect(liquidations.map(({ args }) => [args.borrower, args.repayAmount, args.seizedAmount])).toEqual([
      [shallow.address, parseUnits("1250", 6), parseEther("4.375")],
      [deep.address, 2857142857n, 9999999999500000000n],
    ]);
    expect(parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Borrow" })).toEqual([]);
    expect(await debtOf(keeper)).toBe(parseUnits("5000", 6));
    const { stats } = await platform.bots.get("liquidation-keeper");
    expect(stats.errors).toBe(0);
    expect(stats.failed).toBe(0);
    // Bad debt: `deep` (7,143 USDC left, no collateral) and the keeper's own position.
    expect(stats.counters).toMatchObject({ "bad-debt": 2, "float-refill-held": 1 });
  });
});

// The keeper under a reorganisation (docs/faults.md): a rewind makes every bot run its setup again,
// and the keeper's book of positions is rebuilt from the pool's logs on the new branch. A borrow the
// reorganisation dropped is not in it; its own float is not borrowed twice; it still liquidates.
describe("the liquidation keeper through a reorganisation", () => {
  test("acts on the new branch: a dropped borrow is not liquidated, the others are, and the float is borrowed once", async () => {
    const platform = await platformWithContracts();
    const { addresses } = await platform.contracts.get();
    const [first, second, dropped] = [devnet.accounts[5], devnet.accounts[6], devnet.accounts[7]] as {
      address: Address;
      privateKey: `0x${string}`;
    }[];
    if (!first || !second || !dropped) throw new Error("no accounts");
    const debtOf = (user: Address) => usdcDebtOf(addresses, user);
    // At ETH 2,000: 1 ETH of collateral, 1,380 USDC borrowed: health 1.087; at 1,800: 0.978.
    for (const { privateKey } of [first, second]) {
      await platform.lending.deposit({ privateKey, token: "ETH", amount: "1" });
      await platform.lending.borrow({ privateKey, token: "USDC", amount: "1380" });
    }
    await platform.bots.start("liquidation-keeper", { collateral: "20", float: { USDC: "5000" } });
    const keeper = (await platform.bots.get("liquidation-keeper")).address;
    await untilBot(
      platform,
      "liquidation-keeper",
      async () => (await debtOf(keeper)) === parseUnits("5000", 6),
    );

    // The third position, its borrow in the last block (the devnet automines: one per block),
    // then that block replaced by a branch without it.
    await platform.lending.deposit({ privateKey: dropped.privateKey, token: "ETH", amount: "1" });
    const borrow = await platform.lending.borrow({
      privateKey: dropped.privateKey,
      token: "USDC",
      amount: "1380",
    });
    expect((await platform.network.info()).blockNumber).toBe(borrow.blockNumber);
    const reorged = await devnet.faults.reorg({ depth: 1, drop: [borrow.hash] });
    expect(reorged.dropped).toEqual([borrow.hash]);
    expect(await debtOf(dropped.address)).toBe(0n);

    const crashed = await platform.oracle.crash("ETH", 10);
    await untilBot(platform, "liquidation-keeper", async () => {
      const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
      return parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" }).length >= 2;
    });
    const logs = await client.getLogs({ address: addresses.lendingPool, fromBlock: crashed?.blockNumber });
    const liquidated = parseEventLogs({ abi: lendingPoolAbi, logs, eventName: "Liquidation" }).map(
      ({ args }) => args.borrower,
    );
    expect(liquidated.sort()).toEqual([first.address, second.address].sort());
    expect(await debtOf(first.address)).toBe(parseUnits("690", 6));
    expect(await debtOf(second.address)).toBe(parseUnits("690", 6));
    // Set up again after the rewind, it found its float in place: borrowed once.
    expect(await debtOf(keeper)).toBe(parseUnits("5000", 6));
    const { stats } = await platform.bots.get("liquidation-keeper");
    expect(stats.errors).toBe(0);
    expect(stats.failed).toBe(0);
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  });
});
