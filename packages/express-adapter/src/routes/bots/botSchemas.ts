import { BUILTIN_SCENARIO_NAMES as BUILTIN_BOT_NAMES } from "@privnet/scenarios";
import { z } from "zod";
import { transactionEntry } from "../../schemas/transactions.js";

const decimal = z.string().describe('Decimal amount, e.g. "0.01".');

export const botName = z.object({
  name: z
    .string()
    .describe(
      `The bot: ${BUILTIN_BOT_NAMES.map((name) => JSON.stringify(name)).join(", ")} or a custom bot's name.`,
    ),
});

export const botError = z
  .object({
    code: z.string().nullable().describe("The privnet error code, or null for another error."),
    message: z.string(),
    at: z.string().describe("ISO 8601 UTC."),
  })
  .meta({ id: "BotError" });

export const botStats = z
  .object({
    sent: z.number().int().describe("Transactions the node accepted."),
    confirmed: z.number().int(),
    failed: z.number().int().describe("Reverted, dropped, or lost to a chain reset."),
    pending: z.number().int(),
    errors: z.number().int().describe("Errors the bot hit; it kept running after each."),
    lastError: botError.nullable(),
    txPerSecond: z.object({
      last5Blocks: z.number().nullable(),
      last20Blocks: z.number().nullable(),
      last60Blocks: z.number().nullable(),
    }),
    inclusionLatencyMs: z.object({ last: z.number().nullable(), average: z.number().nullable() }),
    counters: z
      .record(z.string(), z.number())
      .optional()
      .describe(
        "The bot's own counters, e.g. tx-fuzz-invalid's `refused`, `refused:<kind>` and `findings`; absent when it counted nothing.",
      ),
  })
  .meta({ id: "BotStats" });

export const botStatusEntry = z
  .object({
    status: z.enum(["Running", "Stopped"]),
    address: z.string().describe("The bot's own sending address."),
    contract: z
      .string()
      .nullable()
      .describe(
        "The contract the bot deployed and works with (erc20: its token; nft: its collection; erc1155, gas-burner, storage-spam, set-code: theirs) while the chain has its code; null before it is deployed and for bots without one.",
      ),
    config: z.record(z.string(), z.unknown()).describe("The running config, or the configured defaults."),
    stats: botStats,
    waiting: z
      .string()
      .nullable()
      .describe(
        "Why a running bot sends nothing now, or null: the base fee and the tip are above the bots' fee cap (`bots.maxFeePerGasGwei`, default 500 gwei); it sends again once the base fee falls.",
      ),
  })
  .meta({ id: "BotStatus" });

/**
 * A start request's overrides. The fields the seed's bots take are typed here; which apply is the
 * bot's to decide (the nft bot refuses `amount` and `random`), and the scenarios and custom bots
 * take their own (see docs/bots.md), checked against their schema.
 */
export const startBotBody = z
  .looseObject({
    interval: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Milliseconds between ticks; 0 = as fast as the chain takes them."),
    maxPending: z.number().int().min(1).optional().describe("Most unconfirmed transactions at once."),
    amount: decimal.optional().describe("transfer: ETH per transfer; erc20: tokens per transfer."),
    random: z
      .object({ min: decimal, max: decimal })
      .nullable()
      .optional()
      .describe("A random amount in this range per transfer; null turns it off."),
    recipients: z
      .enum(["wallets", "fresh"])
      .optional()
      .describe("Stored wallets (default) or fresh addresses."),
    txPerBlock: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Transactions per block, held steady (replaces interval; not with txPerSecond)."),
    txPerSecond: z
      .number()
      .positive()
      .optional()
      .describe("Transactions per second, held steady (replaces interval; not with txPerBlock)."),
    wallets: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Send from a pool of this many child wallets derived from the bot's key and walletSeed."),
    walletSeed: z.string().optional().describe('Seed of the wallet pool\'s derivation. Default "privnet".'),
  })
  .meta({ id: "StartBotRequest" });

export const botTransition = botStatusEntry
  .extend({
    bot: z.string(),
    changed: z.boolean().describe("False when the bot already was in that state."),
    message: z.string().describe('e.g. "The transfer bot is already running."'),
  })
  .meta({ id: "BotTransition" });

export const botLogs = z
  .object({
    bot: z.string(),
    transactions: z.array(transactionEntry),
    errors: z.array(botError),
  })
  .meta({ id: "BotLogs" });
