import { parseEther } from "viem";
import { z } from "zod";
import { InvalidBotConfigError } from "../errors/bots.js";

/** Settings every bot has. */
export type BotBaseConfig = {
  /** Milliseconds between ticks; 0 = as fast as the chain takes them, bounded by `maxPending`. */
  interval: number;
  /**
   * Most of the bot's transactions sent and not yet confirmed; ticks wait while it is reached. At
   * interval 0 without an explicit value it follows what the chain can take (see
   * `autoPendingLimit`).
   */
  maxPending: number;
};

/** A positive decimal string with at most 18 decimals ("0.01"). */
export const decimalAmount = z
  .string()
  .refine(
    (value) => /^\d+(\.\d{1,18})?$/.test(value) && parseEther(value) > 0n,
    "must be a positive decimal string with at most 18 decimals",
  );

/** A random amount range, both ends inclusive. */
export const amountRange = z
  .object({ min: decimalAmount, max: decimalAmount })
  .strict()
  .refine((range) => {
    try {
      return parseEther(range.min) <= parseEther(range.max);
    } catch {
      return true; // the ends' own checks report it
    }
  }, "min must not be above max");

export type AmountRange = z.infer<typeof amountRange>;

/** Where a bot's recipients come from: stored wallets (fresh addresses when there are none) or always fresh. */
export const recipientsSource = z.enum(["wallets", "fresh"]);

/** The largest `maxPending` accepted. */
export const MAX_PENDING_LIMIT = 10_000;

export const baseConfigShape = {
  interval: z.number().int().min(0).max(86_400_000),
  maxPending: z.number().int().min(1).max(MAX_PENDING_LIMIT),
};

/**
 * Validates `overrides` against a bot's config schema (unknown fields refused) and returns the
 * merged config. Fails with `INVALID_BOT_CONFIG` naming each bad field.
 */
export function mergeBotConfig<Config extends BotBaseConfig>(
  bot: string,
  schema: z.ZodObject,
  base: Config,
  overrides: unknown,
): Config {
  if (overrides === undefined || overrides === null) return base;
  const parsed = schema.partial().strict().safeParse(overrides);
  if (!parsed.success) {
    const reasons = parsed.error.issues.map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "config";
      if (issue.code === "unrecognized_keys") {
        return `${issue.keys.join(", ")} ${issue.keys.length > 1 ? "do" : "does"} not apply to this bot`;
      }
      return `${where}: ${issue.message}`;
    });
    throw new InvalidBotConfigError(bot, reasons.join("; "));
  }
  const defined = Object.fromEntries(Object.entries(parsed.data).filter(([, value]) => value !== undefined));
  return { ...base, ...defined } as Config;
}
