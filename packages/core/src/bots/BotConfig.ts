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
  /**
   * Throughput held at this many of the bot's transactions per block (instead of `interval`):
   * each new block releases as many sends. Exclusive with `txPerSecond`.
   */
  txPerBlock?: number | undefined;
  /** Throughput held at this many transactions per second (instead of `interval`). Exclusive with `txPerBlock`. */
  txPerSecond?: number | undefined;
  /**
   * Send from a pool of this many child wallets derived from the bot's key and `walletSeed`
   * (see `deriveChildKey`), funded and refilled by the platform's funder. Default: none (the
   * bot's own key sends).
   */
  wallets?: number | undefined;
  /** The seed of the wallet pool's derivation. Default "privnet". */
  walletSeed?: string | undefined;
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

/**
 * Where a bot's recipients come from: stored wallets (fresh addresses when there are none) or
 * always fresh. A schema field for `ctx.pickRecipient()`, which reads the config's `recipients`.
 *
 * @example
 * const schema = z.object({ recipients: recipientsSource });
 * // in tick: const to = await ctx.pickRecipient();
 */
export const recipientsSource = z.enum(["wallets", "fresh"]);

/** The largest `maxPending` accepted. */
export const MAX_PENDING_LIMIT = 10_000;

/** The largest wallet pool a bot may have. */
export const MAX_POOL_WALLETS = 1_000;

export const baseConfigShape = {
  interval: z.number().int().min(0).max(86_400_000),
  maxPending: z.number().int().min(1).max(MAX_PENDING_LIMIT),
  txPerBlock: z
    .number()
    .int()
    .min(1)
    .max(MAX_PENDING_LIMIT)
    .optional()
    .describe("Transactions per block, held steady (replaces interval)."),
  txPerSecond: z
    .number()
    .positive()
    .max(MAX_PENDING_LIMIT)
    .optional()
    .describe("Transactions per second, held steady (replaces interval)."),
  wallets: z
    .number()
    .int()
    .min(1)
    .max(MAX_POOL_WALLETS)
    .optional()
    .describe("Send from this many child wallets derived from the bot's key and walletSeed."),
  walletSeed: z.string().min(1).max(100).optional().describe('Seed of the wallet pool. Default "privnet".'),
};

/**
 * The settings that make no sense together, beyond what the schema checks field by field:
 * `txPerBlock` with `txPerSecond`. Returns the reasons (empty when none).
 */
export function conflictingControls(config: Record<string, unknown>): { path: string; message: string }[] {
  if (config.txPerBlock !== undefined && config.txPerSecond !== undefined) {
    return [{ path: "txPerSecond", message: "give txPerBlock or txPerSecond, not both" }];
  }
  return [];
}

/**
 * Refuses a wallet pool (`wallets`) for a bot that has no use for one — it sends from accounts of
 * its own, or as one actor — with `INVALID_BOT_CONFIG` giving `reason`. Run by the check of a
 * definition that declares `refusesWalletPool`, so the start is refused before anything is sent.
 */
export function refuseWalletPool(bot: string, config: BotBaseConfig, reason: string): void {
  if (config.wallets === undefined) return;
  throw new InvalidBotConfigError(
    bot,
    `wallets: the ${bot} bot does not send from a wallet pool: ${reason}. Leave wallets out.`,
  );
}

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
  // One throughput setting replaces the other: the last one given holds.
  const merged: Record<string, unknown> = { ...base, ...defined };
  if (defined.txPerBlock !== undefined) delete merged.txPerSecond;
  if (defined.txPerSecond !== undefined) delete merged.txPerBlock;
  const conflicts = conflictingControls(defined);
  if (conflicts.length > 0) {
    throw new InvalidBotConfigError(bot, conflicts.map((c) => `${c.path}: ${c.message}`).join("; "));
  }
  return merged as Config;
}
