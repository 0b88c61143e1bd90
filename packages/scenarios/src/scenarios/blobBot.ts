import { type BotConfigOf, defineBot, MAX_BLOBS_PER_TRANSACTION, TRANSFER_GAS } from "@privnet/core/bots";
import { type Hex, toBlobs } from "viem";
import { z } from "zod";
import { SCENARIO_KEY_INDEXES } from "../keyIndexes.js";
import { randomHex, randomInt } from "./randomValues.js";
import { requireFork } from "./requireFork.js";

const blobCount = z.number().int().min(1).max(MAX_BLOBS_PER_TRANSACTION);

export const blobBotSchema = z.object({
  /** Blobs per transaction, drawn in this range (1–6). */
  blobs: z
    .object({ min: blobCount, max: blobCount })
    .strict()
    .refine((range) => range.min <= range.max, "min must not be above max"),
  /** Random bytes per blob, before viem's encoding into field elements (31 bytes each: 126,975 fit). */
  bytesPerBlob: z.number().int().min(1).max(126_975),
});

/** The blob scenario's settings. */
export type BlobBotConfig = BotConfigOf<typeof blobBotSchema>;

export const BLOB_BOT_DEFAULTS: BlobBotConfig = {
  interval: 2_000,
  maxPending: 16,
  blobs: { min: 1, max: 2 },
  bytesPerBlob: 4_096,
};

/**
 * The blob scenario (needs Cancun): type-3 transactions to the bot's own address, each carrying
 * 1–6 blobs of random data (KZG commitments and proofs computed by the sender). One still pending
 * when the sender's replacement comes due is sent again with every fee doubled, the blob fee
 * included (see the fee policy's `blobReplacementFees`). On a node before Cancun the start is
 * refused (`BOT_UNSUPPORTED`).
 */
export const blobBot = defineBot({
  name: "blob",
  keyIndex: SCENARIO_KEY_INDEXES.blob,
  env: { prefix: "BLOB" },
  schema: blobBotSchema,
  defaults: BLOB_BOT_DEFAULTS,
  check: ({ client, name }) => requireFork(client, name, "cancun"),
  async tick(ctx) {
    const { blobs, bytesPerBlob } = ctx.config;
    const count = randomInt(blobs.min, blobs.max);
    // viem's toBlobs fills a blob before it starts the next: each blob is made from its own data.
    const sidecarBlobs = Array.from(
      { length: count },
      () => toBlobs({ data: randomHex(bytesPerBlob) })[0] as Hex,
    );
    await ctx.send({ to: ctx.address, blobs: sidecarBlobs, gas: TRANSFER_GAS });
  },
});
