import { type BotConfigOf, defineBot, deployBotContract } from "@privnet/core/bots";
import { storageSpamAbi, storageSpamBytecode } from "@privnet/core/contracts";
import { encodeDeployData, encodeFunctionData } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { fitsInBlock } from "./blockGasLimit.js";

export const storageSpamBotSchema = z.object({
  /** Fresh storage slots each transaction writes (22,100 gas each). */
  slotsPerTransaction: z.number().int().min(1).max(4_000),
});

/** The storage-spam scenario's settings. */
export type StorageSpamBotConfig = BotConfigOf<typeof storageSpamBotSchema>;

export const STORAGE_SPAM_BOT_DEFAULTS: StorageSpamBotConfig = {
  interval: 1_000,
  maxPending: 64,
  slotsPerTransaction: 100,
};

/**
 * The gas limit of a write of `slots` slots, without an estimate (a tick costs one request): per
 * slot a cold zero-to-nonzero SSTORE (22,100) and the hashing and loop around it; once, the
 * transaction, the counter's update and the event.
 */
export function storageSpamGas(slots: number): bigint {
  return 80_000n + 22_600n * BigInt(slots);
}

/**
 * The storage-spam scenario: deploys StorageSpam and has each transaction write the next
 * `slotsPerTransaction` fresh slots of its sequence (`slots[k]` at `keccak256(abi.encode(k, 1))`),
 * so the state grows by that many slots a transaction.
 */
export const storageSpamBot = defineBot({
  name: "storage-spam",
  keyIndex: SCENARIO_KEY_INDEXES["storage-spam"],
  env: { prefix: "STORAGE_SPAM" },
  schema: storageSpamBotSchema,
  defaults: STORAGE_SPAM_BOT_DEFAULTS,
  contract: { key: "spam", name: "StorageSpam", contract: "StorageSpam", abi: storageSpamAbi },
  check: ({ client, name, config }) =>
    fitsInBlock(client, name, "slotsPerTransaction", storageSpamGas(config.slotsPerTransaction)),
  async setup(ctx) {
    const { address } = await deployBotContract(
      ctx,
      "spam",
      encodeDeployData({ abi: storageSpamAbi, bytecode: storageSpamBytecode }),
      "StorageSpam",
    );
    return { spam: address };
  },
  async tick(ctx, run) {
    const slots = ctx.config.slotsPerTransaction;
    await ctx.send({
      to: run.spam,
      data: encodeFunctionData({ abi: storageSpamAbi, functionName: "write", args: [BigInt(slots)] }),
      gas: storageSpamGas(slots),
    });
  },
});
