import { TransactionFailedError } from "@privnet/core";
import { type BotConfigOf, defineBot } from "@privnet/core/bots";
import { encodeFunctionData } from "viem";
import { z } from "zod";
import { counterAbi, counterBytecode } from "./generated.js";

export const deployCallSchema = z.object({
  /** Calls of `increment()` made on each new Counter. */
  calls: z.number().int().min(1).max(10),
});

/** The deploy-call scenario's settings. */
export type DeployCallConfig = BotConfigOf<typeof deployCallSchema>;

export const DEPLOY_CALL_DEFAULTS: DeployCallConfig = { interval: 1_000, maxPending: 64, calls: 1 };

/**
 * Gas limit of one `increment()`: the first uses 44,944 (a fresh storage slot), the next ones
 * 27,844 (measured on the devnet). Given, because the calls are sent before the deployment is
 * mined: the node, asked for an estimate, would find no code at the address yet.
 */
export const INCREMENT_GAS = 60_000n;

/**
 * The deploy-call scenario: each tick deploys a new Counter and calls its `increment()` `calls`
 * times, at once — the deployment's address follows from the bot's nonce, and the calls take the
 * nonces after it, so the node mines them in that order. A tick does not wait for any of them:
 * `maxPending` bounds how many are in flight.
 */
export const deployCallBot = defineBot({
  name: "deploy-call",
  env: { prefix: "DEPLOY_CALL" },
  schema: deployCallSchema,
  defaults: DEPLOY_CALL_DEFAULTS,
  async tick(ctx) {
    const deployment = await ctx.send({ data: counterBytecode });
    const counter = deployment.contractAddress;
    if (!counter) throw new TransactionFailedError(deployment.record.hash, "a deployment without an address");
    for (let call = 0; call < ctx.config.calls; call++) {
      await ctx.send({
        to: counter,
        data: encodeFunctionData({ abi: counterAbi, functionName: "increment" }),
        gas: INCREMENT_GAS,
      });
    }
  },
});
