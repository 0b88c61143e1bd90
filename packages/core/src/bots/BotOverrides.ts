import type { CatalogueConfigs } from "./BotCatalogue.js";
import type { SeedBots } from "./seedBots.js";

/**
 * What `platform.bots.start(name, overrides)` takes for `name`: a catalogue bot's own settings
 * (`Configs` comes from the platform's catalogues), so that a misspelt one (`{ intervall: 1000 }`)
 * does not compile; any object for a custom bot's name; and anything when the name is only known
 * as a `string` (an HTTP request's body, say). At run time every bot checks its overrides against
 * its schema (`INVALID_BOT_CONFIG`).
 *
 * @example
 * type T = BotOverrides<"transfer">; // Partial<TransferBotConfig>
 */
export type BotOverrides<
  Name extends string,
  Configs extends object = CatalogueConfigs<[SeedBots]>,
> = string extends Name
  ? unknown
  : string extends keyof Configs
    ? Record<string, unknown>
    : Name extends keyof Configs
      ? Partial<Configs[Name]>
      : Record<string, unknown>;
