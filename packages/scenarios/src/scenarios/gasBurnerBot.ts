import { type BotConfigOf, defineBot, deployBotContract } from "@privnet/core/bots";
import { gasBurnerAbi, gasBurnerBytecode } from "@privnet/core/contracts";
import { encodeDeployData, encodeFunctionData } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { fitsInBlock } from "./blockGasLimit.js";

export const gasBurnerBotSchema = z.object({
  /** Gas each call burns in the contract, on top of the transaction's own 21,000 and call data. */
  gasPerCall: z.number().int().min(1_000).max(100_000_000),
});

/** The gas-burner scenario's settings. */
export type GasBurnerBotConfig = BotConfigOf<typeof gasBurnerBotSchema>;

export const GAS_BURNER_BOT_DEFAULTS: GasBurnerBotConfig = {
  interval: 1_000,
  maxPending: 64,
  gasPerCall: 1_000_000,
};

/**
 * Gas a burn call needs beyond the amount: 21,000 for the transaction, its call data, the
 * dispatch and the loop's last round (about 2,000 together), with room to spare. The limit is set
 * without an estimate, so that a tick costs one request.
 */
export const GAS_BURNER_OVERHEAD = 26_000n;

/**
 * The gas-burner scenario: deploys a GasBurner and calls `burn(gasPerCall)`, which spins until it
 * has used that much gas: blocks fill with execution alone (no storage, no logs).
 */
export const gasBurnerBot = defineBot({
  name: "gas-burner",
  keyIndex: SCENARIO_KEY_INDEXES["gas-burner"],
  env: { prefix: "GAS_BURNER" },
  schema: gasBurnerBotSchema,
  defaults: GAS_BURNER_BOT_DEFAULTS,
  contract: { key: "burner", name: "GasBurner", contract: "GasBurner", abi: gasBurnerAbi },
  check: ({ client, name, config }) =>
    fitsInBlock(client, name, "gasPerCall", BigInt(config.gasPerCall) + GAS_BURNER_OVERHEAD),
  async setup(ctx) {
    const { address } = await deployBotContract(
      ctx,
      "burner",
      encodeDeployData({ abi: gasBurnerAbi, bytecode: gasBurnerBytecode }),
      "GasBurner",
    );
    return { burner: address };
  },
  async tick(ctx, run) {
    const amount = BigInt(ctx.config.gasPerCall);
    await ctx.send({
      to: run.burner,
      data: encodeFunctionData({ abi: gasBurnerAbi, functionName: "burn", args: [amount] }),
      gas: amount + GAS_BURNER_OVERHEAD,
    });
  },
});
