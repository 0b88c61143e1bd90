import type { BuiltInBotConfigs } from "./builtinBots.js";

/**
 * What `platform.bots.start(name, overrides)` takes for `name`: a built-in bot's own settings, so
 * that a misspelt one (`{ intervall: 1000 }`) does not compile; any object for a custom bot's
 * name; and anything when the name is only known as a `string` (an HTTP request's body, say). At
 * run time every bot checks its overrides against its schema (`INVALID_BOT_CONFIG`).
 *
 * @example
 * type T = BotOverrides<"transfer">; // Partial<TransferBotConfig>
 */
export type BotOverrides<Name extends string> = string extends Name
  ? unknown
  : Name extends keyof BuiltInBotConfigs
    ? Partial<BuiltInBotConfigs[Name]>
    : Record<string, unknown>;
