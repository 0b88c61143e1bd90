import { defineBot } from "@privnet/core";
import { parseEther } from "viem";
import { z } from "zod";

/**
 * A bot of your own: every tick it drops a tip (decimal ETH) into a jar address. privnet gives it
 * a key of its own (index 200 of the system mnemonic), tops it up with ETH, records every send in
 * the history under the bot's name, counts its stats and lets the admin API start and stop it.
 */
export const tipJarBot = defineBot({
  name: "tip-jar",
  keyIndex: 200,
  schema: z.object({
    jar: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "jar must be an address"),
    tip: z.string().regex(/^\d+(\.\d+)?$/, "tip must be a decimal ETH amount"),
  }),
  defaults: { interval: 1_000, jar: "0x000000000000000000000000000000000000dEaD", tip: "0.001" },
  async tick(ctx) {
    await ctx.send({ to: ctx.config.jar as `0x${string}`, value: parseEther(ctx.config.tip) });
  },
});
