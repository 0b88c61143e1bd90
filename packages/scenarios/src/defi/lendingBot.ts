import { type FastAccount, NATIVE_ETH_ADDRESS, TransactionFailedError } from "@privnet/core";
import {
  amountRange,
  type BotConfigOf,
  type BotContext,
  type BotTransaction,
  defineBot,
  randomAmount,
} from "@privnet/core/bots";
import { lendingPoolAbi, priceOracleAbi, testTokenAbi } from "@privnet/core/contracts";
import { type Address, encodeFunctionData, maxUint256, parseEther } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { lendingAssetAddress } from "./lendingAssets.js";
import { scenarioAccounts } from "./scenarioAccounts.js";

/** The pool's loan-to-value limit: a borrow above it reverts. */
export const LENDING_MAX_LTV = 0.7;

const ltv = z.number().positive().max(LENDING_MAX_LTV);
const chance = z.number().min(0).max(1);

export const lendingBotSchema = z.object({
  /** How many borrower wallets (derived from the bot's key and `seed`, funded by the bot). */
  borrowers: z.number().int().min(1).max(1_000),
  /** ETH each borrower deposits as collateral, drawn in this range (decimal ETH). */
  collateral: amountRange,
  /** What they borrow, one token per loan ("PRIV" is the platform token). */
  borrowTokens: z.array(z.enum(["USDC", "DAI", "PRIV"])).min(1),
  /** The loan-to-value a borrower borrows up to, drawn in this range (the pool allows 0.7). */
  ltv: z
    .object({ min: ltv, max: ltv })
    .strict()
    .refine((range) => range.min <= range.max, "min must not be above max"),
  /** The share of borrowers that always borrow at `nearMax.ltv`: the first to fall below 1 on a crash. */
  nearMax: z.object({ share: chance, ltv }).strict(),
  /** Chance per turn that a borrower with debt repays it (else it holds the loan). */
  repayChance: chance,
  /** Chance per turn that a borrower without debt withdraws its collateral (else it borrows). */
  withdrawChance: chance,
  /** Names the borrower set: another seed, other wallets. */
  seed: z.string().min(1).max(64),
});

/** The lending scenario's settings (what `platform.bots.start("lending", …)` may override). */
export type LendingBotConfig = BotConfigOf<typeof lendingBotSchema>;

export const LENDING_BOT_DEFAULTS: LendingBotConfig = {
  interval: 500,
  maxPending: 64,
  borrowers: 10,
  collateral: { min: "0.5", max: "2" },
  borrowTokens: ["USDC", "DAI"],
  ltv: { min: 0.3, max: 0.6 },
  nearMax: { share: 0.2, ltv: 0.69 },
  repayChance: 0.2,
  withdrawChance: 0.3,
  seed: "lending",
};

/** What a borrower keeps beyond its collateral to pay for its transactions. */
const GAS_RESERVE = parseEther("0.05");

type Borrower = { account: FastAccount; nearMax: boolean };

/** The run's state: the pool, the tokens lent, the borrowers and which of them are mid-turn. */
export type LendingRun = {
  pool: Address;
  oracle: Address;
  tokens: { address: Address; decimals: number }[];
  borrowers: Borrower[];
  busy: Map<Address, Promise<void>>;
};

/**
 * The lending scenario: a pool of borrower wallets (derived from the bot's key, funded by the bot)
 * on the platform's LendingPool. Each turn one idle borrower takes the next step of its cycle:
 * deposit ETH collateral; borrow a token up to its loan-to-value (some always near the 70 %
 * maximum); hold, or repay; withdraw, or borrow again. Every transaction goes through the
 * platform's pipeline and counts in the bot's stats; each borrower has one step in flight at a time.
 */
export const lendingBot = defineBot({
  name: "lending",
  keyIndex: SCENARIO_KEY_INDEXES.lending,
  env: { prefix: "LENDING" },
  schema: lendingBotSchema,
  defaults: LENDING_BOT_DEFAULTS,
  // Its borrowers already are its senders, each funded by the bot: a pool would only stand between
  // the bot and the borrowers it funds.
  refusesWalletPool: "its borrowers are its wallets (set `borrowers` for more of them)",
  async setup(ctx): Promise<LendingRun> {
    const contracts = await ctx.platformContracts();
    const { config } = ctx;
    const tokens = await Promise.all(
      config.borrowTokens.map(async (symbol) => {
        const address = lendingAssetAddress(contracts, symbol);
        const decimals = await ctx.client.readContract({
          address,
          abi: testTokenAbi,
          functionName: "decimals",
        });
        return { address, decimals };
      }),
    );
    const nearMax = Math.round(config.nearMax.share * config.borrowers);
    return {
      pool: contracts.addresses.lendingPool,
      oracle: contracts.addresses.priceOracle,
      tokens,
      borrowers: scenarioAccounts(ctx.address, config.seed, config.borrowers).map((account, index) => ({
        account,
        nearMax: index < nearMax,
      })),
      busy: new Map(),
    };
  },
  async tick(ctx, run) {
    const idle = run.borrowers.filter((borrower) => !run.busy.has(borrower.account.address));
    const borrower = idle[Math.floor(Math.random() * idle.length)];
    if (!borrower) {
      // Every borrower is mid-turn (interval 0): wait for one to finish rather than spin.
      await Promise.race(run.busy.values());
      return;
    }
    const turn = takeTurn(ctx, run, borrower).finally(() => run.busy.delete(borrower.account.address));
    run.busy.set(
      borrower.account.address,
      turn.catch(() => undefined),
    );
    await turn;
  },
});

/** One step of a borrower's cycle, chosen from its position on chain. */
async function takeTurn(ctx: BotContext<LendingBotConfig>, run: LendingRun, borrower: Borrower) {
  const { config } = ctx;
  const user = borrower.account.address;
  const read = (functionName: "collateralOf" | "debtOf", token: Address) =>
    ctx.client.readContract({ address: run.pool, abi: lendingPoolAbi, functionName, args: [user, token] });
  const [collateral, debts] = await Promise.all([
    read("collateralOf", NATIVE_ETH_ADDRESS),
    Promise.all(run.tokens.map((token) => read("debtOf", token.address))),
  ]);
  const send = (transaction: BotTransaction) =>
    sendAndWait(ctx, { ...transaction, account: borrower.account });

  if (collateral === 0n) {
    const amount = randomAmount(config.collateral.min, config.collateral, 18);
    const balance = await ctx.client.getBalance({ address: user });
    if (balance < amount + GAS_RESERVE) {
      await sendAndWait(ctx, { to: user, value: amount + 2n * GAS_RESERVE - balance });
    }
    await send({
      to: run.pool,
      value: amount,
      data: encodeFunctionData({
        abi: lendingPoolAbi,
        functionName: "deposit",
        args: [NATIVE_ETH_ADDRESS, amount],
      }),
    });
    return;
  }

  const owed = run.tokens.flatMap((token, index) =>
    (debts[index] ?? 0n) > 0n ? [{ token, debt: debts[index] ?? 0n }] : [],
  );
  if (owed.length === 0) {
    if (Math.random() < config.withdrawChance) {
      await send({
        to: run.pool,
        data: encodeFunctionData({
          abi: lendingPoolAbi,
          functionName: "withdraw",
          args: [NATIVE_ETH_ADDRESS, collateral],
        }),
      });
      return;
    }
    const token = run.tokens[Math.floor(Math.random() * run.tokens.length)];
    if (!token) return;
    const target = borrower.nearMax
      ? config.nearMax.ltv
      : config.ltv.min + Math.random() * (config.ltv.max - config.ltv.min);
    const [[collateralUSD, debtUSD], price] = await Promise.all([
      ctx.client.readContract({
        address: run.pool,
        abi: lendingPoolAbi,
        functionName: "accountData",
        args: [user],
      }),
      ctx.client.readContract({
        address: run.oracle,
        abi: priceOracleAbi,
        functionName: "getPrice",
        args: [token.address],
      }),
    ]);
    const usd = (collateralUSD * BigInt(Math.floor(target * 10_000))) / 10_000n - debtUSD;
    const amount = (usd * 10n ** BigInt(token.decimals)) / price;
    if (amount <= 0n) return;
    await send({
      to: run.pool,
      data: encodeFunctionData({
        abi: lendingPoolAbi,
        functionName: "borrow",
        args: [token.address, amount],
      }),
    });
    return;
  }

  if (Math.random() >= config.repayChance) return; // holds the loan this turn
  const loan = owed[Math.floor(Math.random() * owed.length)];
  if (!loan) return;
  const [balance, allowance] = await Promise.all([
    ctx.client.readContract({
      address: loan.token.address,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [user],
    }),
    ctx.client.readContract({
      address: loan.token.address,
      abi: testTokenAbi,
      functionName: "allowance",
      args: [user, run.pool],
    }),
  ]);
  // A liquidated borrower owes less than it holds; one that spent nothing holds what it owes.
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers)
  const amount = balance < loan.debt ? balance : loan.debt;
  if (amount === 0n) return;
  if (allowance < amount) {
    await send({
      to: loan.token.address,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "approve", args: [run.pool, maxUint256] }),
    });
  }
  await send({
    to: run.pool,
    data: encodeFunctionData({
      abi: lendingPoolAbi,
      functionName: "repay",
      args: [loan.token.address, amount],
    }),
  });
}

/** Sends through the bot (counted in its stats) and waits until mined; anything but confirmed fails the turn. */
async function sendAndWait(ctx: BotContext<LendingBotConfig>, transaction: BotTransaction) {
  const sent = await ctx.send(transaction);
  const { record, reason } = await sent.wait();
  if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, reason);
}
