import { decodeEventLog, encodeDeployData, encodeFunctionData } from "viem";
import { z } from "zod";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { devNftAbi, devNftBytecode } from "../contracts/generated.js";
import { recipientsSource } from "./BotConfig.js";
import type { BotConfigOf } from "./BotDefinition.js";
import { defineBot } from "./defineBot.js";
import { deployBotContract } from "./deployBotContract.js";

export const nftBotSchema = z.object({
  /** A stored wallet (fresh addresses when there is none), or always a fresh address. */
  recipients: recipientsSource,
});

/** The nft bot's settings (what `platform.bots.start("nft", …)` may override). */
export type NftBotConfig = BotConfigOf<typeof nftBotSchema>;

export const NFT_BOT_DEFAULTS: NftBotConfig = { interval: 5_000, maxPending: 64, recipients: "wallets" };

/**
 * The NFT bot: deploys DevNFT (on-chain metadata) on its first start and reuses it after, then at
 * each tick either gives away a token it owns (transferFrom to a stored wallet or a fresh address)
 * or, when it owns none, mints the next one to itself.
 */
export const nftBot = defineBot({
  name: "nft",
  keyIndex: KEY_INDEXES.bots.nft,
  env: { prefix: "NFT" },
  schema: nftBotSchema,
  defaults: NFT_BOT_DEFAULTS,
  contract: { key: "nft", name: "DevNFT", contract: "DevNFT", abi: devNftAbi },
  async setup(ctx) {
    const { address } = await deployBotContract(
      ctx,
      "nft",
      encodeDeployData({ abi: devNftAbi, bytecode: devNftBytecode }),
      "DevNFT",
    );
    // The run's state: the collection and the ids minted to each sender (the bot, or its pool's
    // wallets) and not given away yet.
    return { nft: address, owned: new Map<string, bigint[]>() };
  },
  async tick(ctx, run) {
    const owned = run.owned.get(ctx.address.toLowerCase()) ?? [];
    run.owned.set(ctx.address.toLowerCase(), owned);
    const tokenId = owned.shift();
    if (tokenId !== undefined) {
      const to = await ctx.pickRecipient();
      await ctx.send({
        to: run.nft,
        data: encodeFunctionData({
          abi: devNftAbi,
          functionName: "transferFrom",
          args: [ctx.address, to, tokenId],
        }),
      });
      return;
    }
    // Only the collection's owner mints: the bot's own key, to whichever of its wallets sends.
    const minted = await ctx.root.send({
      to: run.nft,
      data: encodeFunctionData({ abi: devNftAbi, functionName: "mint", args: [ctx.address] }),
    });
    // The id is known once the mint is in a block: from its Transfer event. The tick does not wait
    // for that block; a failure (the receipt gone because the chain was reverted under it) is the
    // bot's error.
    ctx.background(async () => {
      const { record } = await minted.wait();
      if (record.status !== "confirmed") return;
      const receipt = await ctx.client.getTransactionReceipt({ hash: record.hash });
      for (const log of receipt.logs) {
        try {
          const event = decodeEventLog({ abi: devNftAbi, data: log.data, topics: log.topics });
          if (event.eventName === "Transfer") owned.push(event.args.tokenId);
        } catch {
          // Not one of DevNFT's events.
        }
      }
    });
  },
});
