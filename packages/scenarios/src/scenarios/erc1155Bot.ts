import { TransactionFailedError } from "@privnet/core";
import {
  type BotConfigOf,
  type BotContext,
  defineBot,
  deployBotContract,
  recipientsSource,
} from "@privnet/core/bots";
import { devMultiTokenAbi, devMultiTokenBytecode } from "@privnet/core/contracts";
import { type Address, encodeDeployData, encodeFunctionData } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { randomInt } from "./randomValues.js";

/** A range of whole numbers, both ends included. */
const countRange = (most: number) =>
  z
    .object({ min: z.number().int().min(1).max(most), max: z.number().int().min(1).max(most) })
    .strict()
    .refine((range) => range.min <= range.max, "min must not be above max");

export const erc1155BotSchema = z.object({
  /** How many token ids the bot works with: 0 … ids − 1. */
  ids: z.number().int().min(1).max(1_000),
  /** Ids per batch (mint and batch transfer), at most `ids`. */
  batchSize: z.number().int().min(1).max(100),
  /** Units of an id per mint or transfer, drawn in this range. */
  amount: countRange(1_000_000),
  /** A stored wallet (fresh addresses when there is none), or always a fresh address. */
  recipients: recipientsSource,
});

/** The erc1155 scenario's settings. */
export type Erc1155BotConfig = BotConfigOf<typeof erc1155BotSchema>;

export const ERC1155_BOT_DEFAULTS: Erc1155BotConfig = {
  interval: 1_000,
  maxPending: 64,
  ids: 10,
  batchSize: 4,
  amount: { min: 1, max: 10 },
  recipients: "wallets",
};

/** What the bot mints a sender (itself, or a pool wallet) of each id when it runs low: transfers draw on it. */
export const ERC1155_BOT_RESERVE = 1_000_000_000n;

/**
 * Gas limits without an estimate (a tick costs one request; an estimate against a pool thousands
 * deep takes anvil ~40 ms, which held the scenario to ~20 % of a block): bounds of what each call
 * uses when every slot it writes is fresh (22,100 per balance or supply slot).
 */
export function erc1155Gas(action: (typeof ACTIONS)[number], ids: number): bigint {
  const count = BigInt(ids);
  if (action === "mintBatch") return 60_000n + 50_000n * count;
  if (action === "safeTransferFrom") return 80_000n;
  return 60_000n + 35_000n * count;
}

/** The three things the bot does, in turn. */
const ACTIONS = ["mintBatch", "safeTransferFrom", "safeBatchTransferFrom"] as const;

/** The run's state: the collection, what each sender holds of each id (as far as the bot's own sends go), the turn. */
export type Erc1155Run = {
  token: Address;
  /** Per sender (lower-case address): its holdings of ids 0 … ids − 1, once its reserve is in place. */
  held: Map<string, Promise<bigint[]>>;
  turn: number;
};

/**
 * The erc1155 scenario: deploys DevMultiToken (an ERC1155 it owns) and, in turn, mints a batch of
 * ids to a recipient, transfers one id (`safeTransferFrom`) and transfers a batch
 * (`safeBatchTransferFrom`) from the sender's reserve, which the bot mints it a batch of when low.
 * With a wallet pool the transfers come from the pool's wallets, each with a reserve of its own;
 * the mints come from the bot's own key, the collection's only minter.
 */
export const erc1155Bot = defineBot({
  name: "erc1155",
  keyIndex: SCENARIO_KEY_INDEXES.erc1155,
  env: { prefix: "ERC1155" },
  schema: erc1155BotSchema,
  defaults: ERC1155_BOT_DEFAULTS,
  contract: { key: "token", name: "DevMultiToken", contract: "DevMultiToken", abi: devMultiTokenAbi },
  async setup(ctx): Promise<Erc1155Run> {
    const { address: token } = await deployBotContract(
      ctx,
      "token",
      encodeDeployData({ abi: devMultiTokenAbi, bytecode: devMultiTokenBytecode }),
      "DevMultiToken",
    );
    const run: Erc1155Run = { token, held: new Map(), turn: 0 };
    // The bot's own reserve, minted before the first tick (not by every tick at once). A pool's
    // wallets get theirs at their first transfer: the pool may be a thousand wallets.
    if (ctx.wallets.length === 0) await reserveOf(ctx, run);
    return run;
  },
  async tick(ctx, run) {
    const { ids, batchSize, amount } = ctx.config;
    const action = ACTIONS[run.turn++ % ACTIONS.length] ?? "mintBatch";
    const batch = pickIds(ids, action === "safeTransferFrom" ? 1 : Math.min(batchSize, ids));
    const amounts = batch.map(() => BigInt(randomInt(amount.min, amount.max)));
    const to = await ctx.pickRecipient();
    if (action === "mintBatch") {
      // Only the collection's owner mints: the bot's own key (with a pool too).
      await ctx.root.send({
        to: run.token,
        data: encodeFunctionData({
          abi: devMultiTokenAbi,
          functionName: "mintBatch",
          args: [to, batch, amounts],
        }),
        gas: erc1155Gas("mintBatch", batch.length),
      });
      return;
    }
    const held = await reserveOf(ctx, run);
    const low = batch.filter((id, index) => (held[Number(id)] ?? 0n) < (amounts[index] ?? 0n));
    if (low.length) {
      for (const id of low) held[Number(id)] = (held[Number(id)] ?? 0n) + ERC1155_BOT_RESERVE;
      const minted = await ctx.root.send({
        to: run.token,
        data: encodeFunctionData({
          abi: devMultiTokenAbi,
          functionName: "mintBatch",
          args: [ctx.address, low, low.map(() => ERC1155_BOT_RESERVE)],
        }),
        gas: erc1155Gas("mintBatch", low.length),
      });
      await minted.wait();
    }
    for (const [index, id] of batch.entries())
      held[Number(id)] = (held[Number(id)] ?? 0n) - (amounts[index] ?? 0n);
    const data =
      action === "safeTransferFrom"
        ? encodeFunctionData({
            abi: devMultiTokenAbi,
            functionName: "safeTransferFrom",
            args: [ctx.address, to, batch[0] ?? 0n, amounts[0] ?? 0n, "0x"],
          })
        : encodeFunctionData({
            abi: devMultiTokenAbi,
            functionName: "safeBatchTransferFrom",
            args: [ctx.address, to, batch, amounts, "0x"],
          });
    await ctx.send({ to: run.token, data, gas: erc1155Gas(action, batch.length) });
  },
});

/**
 * What the sender (`ctx.address`: the bot, or the pool's wallet of this tick) holds of each id,
 * its reserve minted first by the bot's own key where it holds less than half of one. Read and
 * minted once per sender and run; the ticks of the same sender meanwhile wait for it.
 */
function reserveOf(ctx: BotContext<Erc1155BotConfig>, run: Erc1155Run): Promise<bigint[]> {
  const holder = ctx.address;
  const key = holder.toLowerCase();
  let held = run.held.get(key);
  if (held) return held;
  held = (async () => {
    const ids = Array.from({ length: ctx.config.ids }, (_, id) => BigInt(id));
    const balances = [
      ...(await ctx.client.readContract({
        address: run.token,
        abi: devMultiTokenAbi,
        functionName: "balanceOfBatch",
        args: [ids.map(() => holder), ids],
      })),
    ];
    const low = ids.filter((id) => (balances[Number(id)] ?? 0n) < ERC1155_BOT_RESERVE / 2n);
    if (low.length) {
      const minted = await ctx.root.send({
        to: run.token,
        data: encodeFunctionData({
          abi: devMultiTokenAbi,
          functionName: "mintBatch",
          args: [holder, low, low.map(() => ERC1155_BOT_RESERVE)],
        }),
        gas: erc1155Gas("mintBatch", low.length),
      });
      const { record, reason } = await minted.wait();
      if (record.status !== "confirmed")
        throw new TransactionFailedError(record.hash, `minting the reserve: ${reason}`);
      for (const id of low) balances[Number(id)] = (balances[Number(id)] ?? 0n) + ERC1155_BOT_RESERVE;
    }
    return balances;
  })();
  run.held.set(key, held);
  // A failed read or mint is not kept: the sender's next transfer tries again.
  held.catch(() => {
    if (run.held.get(key) === held) run.held.delete(key);
  });
  return held;
}

/** `count` distinct ids of 0 … ids − 1, at random, in increasing order. */
function pickIds(ids: number, count: number): bigint[] {
  const picked = new Set<number>();
  while (picked.size < count) picked.add(randomInt(0, ids - 1));
  return [...picked].sort((a, b) => a - b).map(BigInt);
}
