import { InvalidBotConfigError } from "../errors/bots.js";
import type { BotDefinition } from "./BotDefinition.js";

/**
 * A scenario catalogue: bots made with `defineBot`, in the order the platform lists them. Each
 * declares its settings (`schema`, `defaults`), its environment variables (`env`) and, when it
 * needs a fixed address, its key index (`keyIndex`). The engine runs the catalogues it is given
 * (`createPlatform({ bots: { catalogues } })`) and types `platform.bots.start` from them.
 */
export type BotCatalogue = readonly BotDefinition[];

/**
 * The settings of every bot of `Catalogues`, by bot name: what `createPlatform({ bots })` takes
 * per bot and what `platform.bots.start(name, overrides)` checks `overrides` against.
 *
 * @example
 * type Configs = CatalogueConfigs<[typeof seedBots]>; // { transfer: TransferBotConfig; erc20: …; nft: … }
 */
export type CatalogueConfigs<Catalogues extends readonly BotCatalogue[]> = {
  [Definition in Catalogues[number][number] as Definition["name"]]: Definition["defaults"];
};

/**
 * Declares a scenario catalogue (see {@link BotCatalogue}), checked whole: two bots with one
 * name, one key index or one environment prefix fail with `INVALID_BOT_CONFIG`. The engine checks
 * the same across every catalogue and custom bot it runs, so catalogues never share a key.
 *
 * @example
 * import { defineBot, defineCatalogue } from "@privnet/core/bots";
 * export const myScenarios = defineCatalogue([approveBot, deployCallBot]);
 * const platform = await createPlatform({ transport, bots: { catalogues: [seedBots, myScenarios] } });
 * await platform.bots.start("approve", { interval: 500 }); // typed by approveBot's schema
 */
export function defineCatalogue<const Definitions extends BotCatalogue>(
  definitions: Definitions,
): Definitions {
  checkCatalogues([definitions]);
  return definitions;
}

/**
 * Refuses bots that would collide: one name, one key index or one environment prefix taken twice
 * across `catalogues` (`INVALID_BOT_CONFIG` naming both).
 */
export function checkCatalogues(catalogues: readonly BotCatalogue[]): void {
  const names = new Set<string>();
  const indexes = new Map<number, string>();
  const prefixes = new Map<string, string>();
  for (const definition of catalogues.flat()) {
    if (names.has(definition.name)) {
      throw new InvalidBotConfigError(definition.name, "two bots of the catalogues have this name.");
    }
    names.add(definition.name);
    const index = definition.keyIndex;
    const holder = index === undefined ? undefined : indexes.get(index);
    if (holder !== undefined) {
      throw new InvalidBotConfigError(definition.name, `key index ${index} is the ${holder} bot's already.`);
    }
    if (index !== undefined) indexes.set(index, definition.name);
    const prefix = definition.env?.prefix;
    const reader = prefix === undefined ? undefined : prefixes.get(prefix);
    if (reader !== undefined) {
      throw new InvalidBotConfigError(
        definition.name,
        `environment prefix ${prefix} is the ${reader} bot's already.`,
      );
    }
    if (prefix !== undefined) prefixes.set(prefix, definition.name);
  }
}
