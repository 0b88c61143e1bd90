import { type BotConfigOf, defineBot } from "@privnet/core/bots";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { deployInitCode, initCodeHex } from "./deployBot.js";
import { randomHex } from "./randomValues.js";

export const create2BotSchema = z.object({
  /** Init code to deploy; null: the built-in DeployTarget. */
  initCode: initCodeHex.nullable(),
  /** Gas limit per deployment; null: the node's estimate + 20 %. */
  gas: z.number().int().min(53_000).max(1_000_000_000).nullable(),
});

/** The create2 scenario's settings. */
export type Create2BotConfig = BotConfigOf<typeof create2BotSchema>;

export const CREATE2_BOT_DEFAULTS: Create2BotConfig = {
  interval: 1_000,
  maxPending: 64,
  initCode: null,
  gas: null,
};

/**
 * The create2 scenario: deploys the same init code through the deterministic CREATE2 factory
 * (`0x4e59b448…`, put on the chain first when missing) with a fresh random salt each time, so each
 * contract lands at the address `keccak256(0xff ++ factory ++ salt ++ keccak256(initCode))` predicts.
 */
export const create2Bot = defineBot({
  name: "create2",
  keyIndex: SCENARIO_KEY_INDEXES.create2,
  env: { prefix: "CREATE2" },
  schema: create2BotSchema,
  defaults: CREATE2_BOT_DEFAULTS,
  async setup(ctx) {
    return { initCode: deployInitCode(ctx.config.initCode, false) };
  },
  async tick(ctx, run) {
    await ctx.send({
      data: run.initCode,
      salt: randomHex(32),
      gas: ctx.config.gas === null ? undefined : BigInt(ctx.config.gas),
    });
  },
});
