import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { z } from "zod";
import type { TrafficDocumentIssue } from "../../errors/bots.js";
import type { BotCatalogue } from "../BotCatalogue.js";
import { conflictingControls, MAX_PENDING_LIMIT } from "../BotConfig.js";
import type { BotDefinition } from "../BotDefinition.js";
import { seedBots } from "../seedBots.js";

const BOT_NAME = /^[a-z][a-z0-9-]{0,39}$/;
const nameSchema = z
  .string()
  .regex(BOT_NAME, "1–40 characters: lower-case letters, digits and dashes, starting with a letter");

/** A group of bots sharing one throughput budget, split by the members' weights. */
export const trafficGroupSchema = z
  .object({
    name: nameSchema.describe("The group's name."),
    txPerBlock: z
      .number()
      .positive()
      .max(MAX_PENDING_LIMIT)
      .optional()
      .describe("The group's budget in transactions per block."),
    txPerSecond: z
      .number()
      .positive()
      .max(MAX_PENDING_LIMIT)
      .optional()
      .describe("The group's budget in transactions per second."),
    members: z
      .array(z.string())
      .optional()
      .describe("Bot names in the group (the same as each bot's `group`; either or both may say it)."),
  })
  .strict();

/** One bot of a traffic document: a scenario's instance under a name, with its config. */
export const trafficBotSchema = z
  .object({
    scenario: z.string().describe('The scenario (a built-in or custom bot), e.g. "transfer".'),
    name: nameSchema
      .optional()
      .describe("The instance's name; default the scenario's own (the built-in bot itself)."),
    config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("The scenario's settings (checked by its schema), throughput and wallet pool included."),
    weight: z.number().positive().optional().describe("The bot's share of its group's budget. Default 1."),
    group: z.string().optional().describe("The group whose budget the bot shares."),
    start: z.boolean().optional().describe("Start it (default), or only create and configure it."),
  })
  .strict();

/** The whole traffic set-up of a stack: groups and bots. */
export const trafficDocumentSchema = z
  .object({
    version: z.literal(1).describe("The document format's version: 1."),
    groups: z.array(trafficGroupSchema).optional(),
    bots: z.array(trafficBotSchema),
  })
  .strict()
  .meta({ id: "TrafficDocument" });

export type TrafficGroup = z.output<typeof trafficGroupSchema>;
export type TrafficBot = z.output<typeof trafficBotSchema>;
/** A traffic document (see docs/bots.md, "Controls and traffic documents"). */
export type TrafficDocument = z.output<typeof trafficDocumentSchema>;

/** What {@link validateTrafficDocument} needs to know of the platform. */
export type TrafficRegistry = {
  /** The scenarios by name: built-in and custom bot definitions (not instances). */
  scenarios: ReadonlyMap<string, BotDefinition>;
  /** The scenario of an existing bot by that name, if there is one (instances included). */
  existing?: ((name: string) => string | undefined) | undefined;
};

export type TrafficValidation =
  | { valid: true; document: TrafficDocument; issues: [] }
  | { valid: false; document: undefined; issues: TrafficDocumentIssue[] };

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join(".");

/**
 * Parses a traffic document given as YAML or JSON text (YAML is a superset of JSON). A syntax
 * error is one issue at the document's root.
 */
export function parseTrafficText(text: string): { value: unknown; issues: TrafficDocumentIssue[] } {
  try {
    return { value: parseYaml(text), issues: [] };
  } catch (error) {
    return {
      value: undefined,
      issues: [{ path: "", message: (error as Error).message.split("\n")[0] ?? "" }],
    };
  }
}

/** Writes a traffic document as YAML. */
export function stringifyTrafficDocument(document: TrafficDocument): string {
  return stringifyYaml(document);
}

/**
 * Checks a traffic document whole: its shape, every bot's config against its scenario's zod
 * schema, names (unique, not another scenario's), groups (known, with one budget) and members.
 * Every problem is listed by its path (`bots.1.config.amount`); none stops the check early.
 *
 * @example
 * const result = validateTrafficDocument(yaml, { scenarios });
 * if (!result.valid) for (const issue of result.issues) console.log(issue.path, issue.message);
 */
export function validateTrafficDocument(input: unknown, registry: TrafficRegistry): TrafficValidation {
  let value = input;
  if (typeof input === "string") {
    const parsed = parseTrafficText(input);
    if (parsed.issues.length > 0) return { valid: false, document: undefined, issues: parsed.issues };
    value = parsed.value;
  }
  const shape = trafficDocumentSchema.safeParse(value);
  if (!shape.success) {
    return {
      valid: false,
      document: undefined,
      issues: shape.error.issues.map((issue) => ({ path: pathOf(issue.path), message: issue.message })),
    };
  }
  const document = shape.data;
  const issues: TrafficDocumentIssue[] = [];
  const groups = new Map<string, number>();
  for (const [index, group] of (document.groups ?? []).entries()) {
    if (groups.has(group.name)) {
      issues.push({ path: `groups.${index}.name`, message: `the group "${group.name}" is given twice` });
    }
    groups.set(group.name, index);
    if ((group.txPerBlock === undefined) === (group.txPerSecond === undefined)) {
      issues.push({ path: `groups.${index}`, message: "give exactly one of txPerBlock and txPerSecond" });
    }
  }
  const names = new Map<string, number>();
  for (const [index, bot] of document.bots.entries()) {
    const at = `bots.${index}`;
    const definition = registry.scenarios.get(bot.scenario);
    if (!definition) {
      issues.push({
        path: `${at}.scenario`,
        message: `no scenario "${bot.scenario}" (known: ${[...registry.scenarios.keys()].join(", ")})`,
      });
    }
    const name = bot.name ?? bot.scenario;
    if (names.has(name)) issues.push({ path: `${at}.name`, message: `the bot "${name}" is given twice` });
    names.set(name, index);
    if (name !== bot.scenario && registry.scenarios.has(name)) {
      issues.push({ path: `${at}.name`, message: `"${name}" is the name of another scenario` });
    }
    const existing = registry.existing?.(name);
    if (name !== bot.scenario && registry.scenarios.has(name)) {
      // Said above.
    } else if (existing !== undefined && existing !== bot.scenario) {
      issues.push({
        path: `${at}.name`,
        message: `"${name}" is already a bot of the scenario "${existing}"`,
      });
    }
    if (bot.group !== undefined && !groups.has(bot.group)) {
      issues.push({ path: `${at}.group`, message: `no group "${bot.group}" in the document's groups` });
    }
    if (definition && bot.config) {
      const checked = definition.schema.partial().strict().safeParse(bot.config);
      if (!checked.success) {
        for (const issue of checked.error.issues) {
          if (issue.code === "unrecognized_keys") {
            for (const key of issue.keys) {
              issues.push({
                path: `${at}.config.${pathOf([...issue.path, key])}`,
                message: `does not apply to the ${bot.scenario} scenario`,
              });
            }
          } else {
            issues.push({ path: `${at}.config.${pathOf(issue.path)}`, message: issue.message });
          }
        }
      }
      for (const conflict of conflictingControls(bot.config)) {
        issues.push({ path: `${at}.config.${conflict.path}`, message: conflict.message });
      }
      // Its start would refuse it (the scenario's check): said here, before anything is applied.
      const poolRefused = definition.refusesWalletPool;
      if (poolRefused && bot.config.wallets !== undefined) {
        issues.push({
          path: `${at}.config.wallets`,
          message: `the ${bot.scenario} scenario does not send from a wallet pool: ${poolRefused}`,
        });
      }
    }
  }
  for (const [index, group] of (document.groups ?? []).entries()) {
    for (const [position, member] of (group.members ?? []).entries()) {
      const bot = names.has(member) ? document.bots[names.get(member) as number] : undefined;
      if (!bot) {
        issues.push({
          path: `groups.${index}.members.${position}`,
          message: `no bot "${member}" in the document`,
        });
      } else if (bot.group !== undefined && bot.group !== group.name) {
        issues.push({
          path: `groups.${index}.members.${position}`,
          message: `"${member}" says it is in the group "${bot.group}"`,
        });
      }
    }
  }
  if (issues.length > 0) return { valid: false, document: undefined, issues };
  return { valid: true, document, issues: [] };
}

/** The group of each bot of a valid document (by a bot's `group`, or a group's `members`). */
export function groupMembership(document: TrafficDocument): Map<string, { group: string; weight: number }> {
  const membership = new Map<string, { group: string; weight: number }>();
  const weights = new Map(document.bots.map((bot) => [bot.name ?? bot.scenario, bot.weight ?? 1]));
  for (const group of document.groups ?? []) {
    for (const member of group.members ?? []) {
      membership.set(member, { group: group.name, weight: weights.get(member) ?? 1 });
    }
  }
  for (const bot of document.bots) {
    if (bot.group !== undefined) {
      membership.set(bot.name ?? bot.scenario, { group: bot.group, weight: bot.weight ?? 1 });
    }
  }
  return membership;
}

/**
 * The scenarios a platform has before it starts: its catalogues' bots (default: the seed's) and
 * `custom` ones, by name — what {@link validateTrafficDocument} needs to check a document before
 * anything starts (`privnet up --traffic`).
 *
 * @example
 * const scenarios = scenarioRegistry([], [builtinScenarios]);
 * validateTrafficDocument(text, { scenarios });
 */
export function scenarioRegistry(
  custom: readonly BotDefinition[] = [],
  catalogues: readonly BotCatalogue[] = [seedBots],
): Map<string, BotDefinition> {
  const scenarios = new Map<string, BotDefinition>();
  for (const definition of catalogues.flat()) scenarios.set(definition.name, definition);
  for (const definition of custom) scenarios.set(definition.name, definition);
  return scenarios;
}
