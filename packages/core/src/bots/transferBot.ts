import { z } from "zod";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { TRANSFER_GAS } from "../fees/transferGas.js";
import { amountRange, decimalAmount, recipientsSource } from "./BotConfig.js";
import type { BotConfigOf } from "./BotDefinition.js";
import { defineBot } from "./defineBot.js";
import { randomAmount } from "./randomAmount.js";

export const transferBotSchema = z.object({
  /** ETH per transfer, decimal. */
  amount: decimalAmount,
  /** When set, each transfer sends a random amount in this range instead of `amount`. */
  random: amountRange.nullable(),
  /** A stored wallet (fresh addresses when there is none), or always a fresh address. */
  recipients: recipientsSource,
});

/** The transfer bot's settings (what `platform.bots.start("transfer", …)` may override). */
export type TransferBotConfig = BotConfigOf<typeof transferBotSchema>;

export const TRANSFER_BOT_DEFAULTS: TransferBotConfig = {
  interval: 5_000,
  maxPending: 512,
  amount: "0.01",
  random: null,
  recipients: "wallets",
};

/**
 * The transfer bot: sends ETH from its own key every `interval` ms — `amount`, or a random
 * amount in `random` — to a stored wallet or a fresh address. At interval 0 it sends as fast as
 * the chain takes them, with at most `maxPending` unconfirmed.
 */
export const transferBot = defineBot({
  name: "transfer",
  keyIndex: KEY_INDEXES.bots.transfer,
  env: { prefix: "TRANSFER", randomRange: { min: "0.001", max: "0.1" } },
  schema: transferBotSchema,
  defaults: TRANSFER_BOT_DEFAULTS,
  async tick(ctx) {
    const to = await ctx.pickRecipient();
    // Recipients are accounts without code: a transfer's exact gas, no estimate round trip.
    await ctx.send({ to, value: randomAmount(ctx.config.amount, ctx.config.random, 18), gas: TRANSFER_GAS });
  },
});
