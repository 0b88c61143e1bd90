import { InvalidBotConfigError } from "@privnet/core";
import { type BotConfigOf, defineBot } from "@privnet/core/bots";
import { deployTargetAbi, deployTargetBytecode } from "@privnet/core/contracts";
import { encodeDeployData, type Hex, isHex } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";

/** Init code: 0x-prefixed hex of whole bytes, at most EIP-3860's 49,152 bytes. */
export const initCodeHex = z
  .string()
  .refine(
    (value) => isHex(value, { strict: true }) && value.length % 2 === 0 && value.length > 2,
    "must be non-empty 0x-prefixed hex of whole bytes",
  )
  .refine((value) => value.length <= 2 + 2 * 49_152, "init code is at most 49,152 bytes (EIP-3860)");

export const deployBotSchema = z.object({
  /** Init code to deploy (creation bytecode with its constructor arguments); null: DeployTarget. */
  bytecode: initCodeHex.nullable(),
  /** With the built-in DeployTarget only: each contract destroys itself in its constructor. */
  selfDestruct: z.boolean(),
  /** Gas limit per deployment; null: the node's estimate + 20 %. */
  gas: z.number().int().min(53_000).max(1_000_000_000).nullable(),
});

/** The deploy scenario's settings. */
export type DeployBotConfig = BotConfigOf<typeof deployBotSchema>;

export const DEPLOY_BOT_DEFAULTS: DeployBotConfig = {
  interval: 1_000,
  maxPending: 64,
  bytecode: null,
  selfDestruct: false,
  gas: null,
};

/** The init code a deploy or create2 run sends: the given one, or DeployTarget's. */
export function deployInitCode(bytecode: string | null, selfDestruct: boolean): Hex {
  if (bytecode !== null) return bytecode as Hex;
  return encodeDeployData({ abi: deployTargetAbi, bytecode: deployTargetBytecode, args: [selfDestruct] });
}

/**
 * The deploy scenario: deploys the same init code again and again (a new contract each time, at
 * the address the bot's nonce gives). With no `bytecode`, the built-in DeployTarget; with
 * `selfDestruct`, one that destroys itself in its constructor (deploy-destruct: since Cancun the
 * account is gone at the end of the transaction).
 */
export const deployBot = defineBot({
  name: "deploy",
  keyIndex: SCENARIO_KEY_INDEXES.deploy,
  env: { prefix: "DEPLOY" },
  schema: deployBotSchema,
  defaults: DEPLOY_BOT_DEFAULTS,
  async check({ config }) {
    if (config.selfDestruct && config.bytecode !== null) {
      throw new InvalidBotConfigError(
        "deploy",
        "selfDestruct applies to the built-in DeployTarget only: leave bytecode null, or put the self-destruct in your own constructor.",
      );
    }
  },
  async setup(ctx) {
    return { initCode: deployInitCode(ctx.config.bytecode, ctx.config.selfDestruct) };
  },
  async tick(ctx, run) {
    await ctx.send({ data: run.initCode, gas: ctx.config.gas === null ? undefined : BigInt(ctx.config.gas) });
  },
});
