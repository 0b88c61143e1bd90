import { encodeDeployData, encodeFunctionData, parseEther } from "viem";
import { z } from "zod";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
import {
  type AmountRange,
  amountRange,
  type BotBaseConfig,
  decimalAmount,
  recipientsSource,
} from "./BotConfig.js";
import type { BotContext } from "./BotDefinition.js";
import { createBotDefinition } from "./defineBot.js";
import { deployBotContract } from "./deployBotContract.js";
import { randomAmount } from "./randomAmount.js";

export type Erc20BotConfig = BotBaseConfig & {
  /** Tokens per transfer, decimal (18 decimals). */
  amount: string;
  /** When set (the default), each transfer sends a random amount in this range. */
  random: AmountRange | null;
  recipients: "wallets" | "fresh";
};

export const erc20BotSchema = z.object({
  amount: decimalAmount,
  random: amountRange.nullable(),
  recipients: recipientsSource,
});

export const ERC20_BOT_DEFAULTS: Erc20BotConfig = {
  interval: 5_000,
  maxPending: 64,
  amount: "1",
  random: { min: "1", max: "100" },
  recipients: "wallets",
};

/** The bot's token: 1,000,000 tokens with 18 decimals, minted to the bot, which owns it. */
export const ERC20_BOT_SUPPLY = parseEther("1000000");

// The token and the balance the bot still has, per run (ticks of one run share them).
const runs = new WeakMap<object, { token: `0x${string}`; balance: bigint }>();

/**
 * The ERC20 bot: deploys a TestToken (1,000,000 tokens, 18 decimals) on its first start and
 * reuses it after (a new one if the chain lost it), then transfers random amounts of it to
 * stored wallets or fresh addresses at its interval. When its balance runs low it mints another
 * million (it owns the token).
 */
export const erc20Bot = createBotDefinition<Erc20BotConfig>({
  name: "erc20",
  keyIndex: KEY_INDEXES.bots.erc20,
  schema: erc20BotSchema,
  defaults: ERC20_BOT_DEFAULTS,
  contract: { key: "token", name: "BOT", contract: "TestToken", abi: testTokenAbi },
  async setup(ctx) {
    const { address: token } = await deployBotContract(
      ctx,
      "token",
      encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["privnet Bot Token", "BOT", 18, ERC20_BOT_SUPPLY],
      }),
      "TestToken",
    );
    const balance = await ctx.client.readContract({
      address: token,
      abi: testTokenAbi,
      functionName: "balanceOf",
      args: [ctx.address],
    });
    runs.set(ctx, { token, balance });
  },
  async tick(ctx) {
    const run = runOf(ctx);
    const amount = randomAmount(ctx.config.amount, ctx.config.random, 18);
    if (run.balance < amount) {
      run.balance += ERC20_BOT_SUPPLY;
      const minted = await ctx.send({
        to: run.token,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "mint",
          args: [ctx.address, ERC20_BOT_SUPPLY],
        }),
      });
      await minted.wait();
    }
    run.balance -= amount;
    const to = await ctx.pickRecipient();
    await ctx.send({
      to: run.token,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [to, amount] }),
    });
  },
});

function runOf(ctx: BotContext<Erc20BotConfig>) {
  const run = runs.get(ctx);
  if (!run) throw new Error("The erc20 bot ticked before its setup.");
  return run;
}
