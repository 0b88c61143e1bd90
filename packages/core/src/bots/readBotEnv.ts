import { InvalidBotConfigError } from "../errors/bots.js";
import type { AmountRange } from "./BotConfig.js";
import type { BotDefinition } from "./BotDefinition.js";
import { seedBots } from "./seedBots.js";

/** Overrides per bot read from environment variables, by bot name. */
export type BotEnvOverrides = Record<string, Record<string, unknown>>;

/**
 * Reads the bots' environment variables (`TRANSFER_INTERVAL`, `TRANSFER_AMOUNT`,
 * `TRANSFER_RANDOM`, `TRANSFER_RANDOM_MIN`, `TRANSFER_RANDOM_MAX`, `TRANSFER_MAX_PENDING`,
 * `TRANSFER_RECIPIENTS`, the same with `ERC20_`, and `NFT_INTERVAL`, `NFT_MAX_PENDING`,
 * `NFT_RECIPIENTS`; each bot's by the `env` of its definition) into config overrides, for each of
 * `definitions` (default: the seed's bots) that reads any. Unset or empty variables are left out; a value that is
 * not a number or a boolean where one is expected fails with `INVALID_BOT_CONFIG` naming it.
 *
 * @example
 * readBotEnv({ TRANSFER_INTERVAL: "1000" }); // { transfer: { interval: 1000 }, erc20: {}, nft: {} }
 */
export function readBotEnv(
  env: Record<string, string | undefined>,
  definitions: readonly BotDefinition[] = seedBots,
): BotEnvOverrides {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === "" ? undefined : value;
  };
  const integer = (bot: string, name: string) => {
    const value = read(name);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new InvalidBotConfigError(bot, `${name}=${value} is not a whole number.`);
    return Number(value);
  };
  const boolean = (bot: string, name: string) => {
    const value = read(name)?.toLowerCase();
    if (value === undefined) return undefined;
    if (["1", "true", "yes", "on"].includes(value)) return true;
    if (["0", "false", "no", "off"].includes(value)) return false;
    throw new InvalidBotConfigError(bot, `${name}=${value} is not true or false.`);
  };
  const common = (bot: string, prefix: string) => {
    const overrides: Record<string, unknown> = {};
    const interval = integer(bot, `${prefix}_INTERVAL`);
    if (interval !== undefined) overrides.interval = interval;
    const maxPending = integer(bot, `${prefix}_MAX_PENDING`);
    if (maxPending !== undefined) overrides.maxPending = maxPending;
    const recipients = read(`${prefix}_RECIPIENTS`);
    if (recipients !== undefined) overrides.recipients = recipients;
    return overrides;
  };
  const amounts = (bot: string, prefix: string, range: AmountRange, overrides: Record<string, unknown>) => {
    const amount = read(`${prefix}_AMOUNT`);
    if (amount !== undefined) overrides.amount = amount;
    const random = boolean(bot, `${prefix}_RANDOM`);
    const min = read(`${prefix}_RANDOM_MIN`);
    const max = read(`${prefix}_RANDOM_MAX`);
    if (random === false) overrides.random = null;
    else if (random === true || min !== undefined || max !== undefined) {
      overrides.random = { min: min ?? range.min, max: max ?? range.max };
    }
    return overrides;
  };
  // Each bot's variables, by the prefix its definition declares.
  const overrides = definitions.flatMap(({ name, env: declared }) => {
    if (!declared) return [];
    const shared = common(name, declared.prefix);
    const { randomRange } = declared;
    return [[name, randomRange ? amounts(name, declared.prefix, randomRange, shared) : shared] as const];
  });
  return Object.fromEntries(overrides) as BotEnvOverrides;
}
