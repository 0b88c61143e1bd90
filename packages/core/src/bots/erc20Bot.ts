import { encodeDeployData, encodeFunctionData, parseEther } from "viem";
import { z } from "zod";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { testTokenAbi, testTokenBytecode } from "../contracts/generated.js";
import { amountRange, decimalAmount, recipientsSource } from "./BotConfig.js";
import type { BotConfigOf } from "./BotDefinition.js";
import { defineBot } from "./defineBot.js";
import { deployBotContract } from "./deployBotContract.js";
import { randomAmount } from "./randomAmount.js";

export const erc20BotSchema = z.object({
  /** Tokens per transfer, decimal (18 decimals). */
  amount: decimalAmount,
  /** When set (the default), each transfer sends a random amount in this range. */
  random: amountRange.nullable(),
  /** A stored wallet (fresh addresses when there is none), or always a fresh address. */
  recipients: recipientsSource,
});

/** The erc20 bot's settings (what `platform.bots.start("erc20", …)` may override). */
export type Erc20BotConfig = BotConfigOf<typeof erc20BotSchema>;

export const ERC20_BOT_DEFAULTS: Erc20BotConfig = {
  interval: 5_000,
  maxPending: 64,
  amount: "1",
  random: { min: "1", max: "100" },
  recipients: "wallets",
};

/** The bot's token: 1,000,000 tokens with 18 decimals, minted to the bot, which owns it. */
export const ERC20_BOT_SUPPLY = parseEther("1000000");

/**
 * The ERC20 bot: deploys a TestToken (1,000,000 tokens, 18 decimals) on its first start and
 * reuses it after (a new one if the chain lost it), then transfers random amounts of it to
 * stored wallets or fresh addresses at its interval. When its balance runs low it mints another
 * million (it owns the token).
 */
export const erc20Bot = defineBot({
  name: "erc20",
  keyIndex: KEY_INDEXES.bots.erc20,
  env: { prefix: "ERC20", randomRange: { min: "1", max: "100" } },
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
    // The run's state, shared by its ticks: the token and the balance each sender still has (the
    // bot's own; with a wallet pool, each wallet's once it first sends).
    return { token, balances: new Map([[ctx.address.toLowerCase(), balance]]) };
  },
  async tick(ctx, run) {
    const amount = randomAmount(ctx.config.amount, ctx.config.random, 18);
    const holder = ctx.address.toLowerCase();
    let balance = run.balances.get(holder);
    if (balance === undefined) {
      // A pool wallet's first send: what it holds (tokens a previous run minted to it).
      balance = await ctx.client.readContract({
        address: run.token,
        abi: testTokenAbi,
        functionName: "balanceOf",
        args: [ctx.address],
      });
      balance = run.balances.get(holder) ?? balance;
    }
    if (balance < amount) {
      balance += ERC20_BOT_SUPPLY;
      run.balances.set(holder, balance - amount);
      // Only the token's owner mints: the bot's own key, to whichever of its wallets sends.
      const minted = await ctx.root.send({
        to: run.token,
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "mint",
          args: [ctx.address, ERC20_BOT_SUPPLY],
        }),
      });
      await minted.wait();
    } else {
      run.balances.set(holder, balance - amount);
    }
    const to = await ctx.pickRecipient();
    await ctx.send({
      to: run.token,
      data: encodeFunctionData({ abi: testTokenAbi, functionName: "transfer", args: [to, amount] }),
    });
  },
});
