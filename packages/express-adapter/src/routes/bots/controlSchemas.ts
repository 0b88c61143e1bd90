import { trafficDocumentSchema } from "@privnet/core";
import { z } from "zod";
import { botStatusEntry } from "./botSchemas.js";

export { trafficDocumentSchema };

const wei = z.string().describe("Wei, decimal.");

export const botScenario = z
  .object({
    name: z.string().describe('The scenario, e.g. "transfer".'),
    builtin: z.boolean().describe("Built into privnet (else a custom bot registered with defineBot)."),
    configSchema: z
      .record(z.string(), z.unknown())
      .describe("JSON Schema of its config: what a start, an instance or a traffic document may set."),
    defaults: z.record(z.string(), z.unknown()).describe("Its default config."),
    bots: z.array(z.string()).describe("The bots running it: the scenario's own and its instances."),
  })
  .meta({ id: "BotScenario" });

export const createInstanceBody = z
  .strictObject({
    scenario: z.string().describe('The scenario to run, e.g. "transfer".'),
    name: z.string().describe("The new bot's name: 1–40 lower-case letters, digits and dashes."),
    config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("Settings over the scenario's defaults, checked by its schema."),
  })
  .meta({ id: "CreateBotInstanceRequest" });

export const botInstance = botStatusEntry.extend({ bot: z.string() }).meta({ id: "BotInstance" });

export const botControls = z
  .object({
    bot: z.string(),
    scenario: z.string().describe("The scenario the bot runs."),
    instance: z.boolean().describe("An instance (not a scenario's own bot)."),
    group: z
      .object({ name: z.string(), weight: z.number() })
      .nullable()
      .describe("The group whose budget it shares, and its weight."),
    measuredTxPerBlock: z
      .number()
      .nullable()
      .describe("Its confirmed transactions per block over the last 20 blocks."),
    throughput: z.object({
      txPerBlock: z.number().nullable().describe("The target it holds now (its group share included)."),
      txPerSecond: z.number().nullable(),
      released: z.number().int().describe("Sends released by its throughput gate this run."),
    }),
    wallets: z
      .object({
        seed: z.string(),
        addresses: z.array(z.string()).describe("The pool's wallets, in derivation order."),
        topUps: z.number().int().describe("Top-ups sent to the pool's wallets by this process."),
        batches: z.number().int().describe("Batches those top-ups went out in."),
      })
      .nullable()
      .describe("The wallet pool; null without one."),
    restart: z
      .object({
        state: z
          .enum(["ok", "backoff"])
          .describe("backoff: setup failed and is tried again at nextAttemptAt."),
        failures: z.number().int().describe("Setup failures in a row."),
        backoffMs: z.number().nullable(),
        nextAttemptAt: z.string().nullable().describe("ISO 8601 UTC."),
        restarts: z.number().int().describe("Restarts after its ticks kept failing."),
      })
      .describe("Auto-restart."),
  })
  .meta({ id: "BotControls" });

export const reclaimResult = z
  .object({
    bot: z.string(),
    funder: z.string().describe("Where the funds went: the platform's funder."),
    reclaimed: z.array(z.object({ address: z.string(), amount: wei, hash: z.string() })),
    total: wei,
  })
  .meta({ id: "ReclaimResult" });

/** A group's name follows the rule of a bot instance's name (core's BotEngine and traffic documents). */
export const groupName = z.object({
  group: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, {
      error: "must be 1–40 characters: lower-case letters, digits and dashes, starting with a letter",
    })
    .describe(
      "The group's name: 1–40 lower-case letters, digits and dashes, starting with a letter (the rule of bot instance names).",
    ),
});

export const setGroupBody = z
  .strictObject({
    txPerBlock: z.number().positive().optional().describe("Budget in transactions per block."),
    txPerSecond: z.number().positive().optional().describe("Budget in transactions per second."),
    weights: z
      .record(z.string(), z.number().positive())
      .optional()
      .describe("Members by bot name, with their weights."),
  })
  .meta({ id: "SetBotGroupRequest" });

export const botGroup = z
  .object({
    name: z.string(),
    txPerBlock: z.number().optional(),
    txPerSecond: z.number().optional(),
  })
  .meta({ id: "BotGroup" });

export const trafficIssue = z.object({
  path: z.string().describe('Where in the document, dotted: "bots.1.config.amount"; "" for the whole.'),
  message: z.string(),
});

export const trafficValidation = z
  .object({ valid: z.boolean(), issues: z.array(trafficIssue) })
  .meta({ id: "TrafficValidation" });

export const trafficImportResult = z
  .object({
    created: z.array(z.string()).describe("Instances created."),
    started: z.array(z.string()).describe("Bots started with the document's config."),
    stopped: z.array(z.string()).describe("Running bots the document does not name, stopped."),
  })
  .meta({ id: "TrafficImportResult" });

/** A traffic document as a request body: checked whole by the platform, every problem by path. */
export const trafficDocumentBody = z
  .record(z.string(), z.unknown())
  .describe(
    "A traffic document (the TrafficDocument schema, as GET /traffic answers). Checked whole: an invalid one is refused with every problem by path (INVALID_TRAFFIC_DOCUMENT).",
  );
