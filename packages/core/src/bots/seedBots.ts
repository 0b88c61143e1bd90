import { defineCatalogue } from "./BotCatalogue.js";
import { erc20Bot } from "./erc20Bot.js";
import { nftBot } from "./nftBot.js";
import { transferBot } from "./transferBot.js";

/**
 * The seed's bots — `transfer`, `erc20` and `nft` — as a catalogue: what the engine runs when
 * `createPlatform({ bots: { catalogues } })` names none. `@privnet/scenarios` has them first among
 * its sixteen.
 *
 * @example
 * import { createPlatform } from "@privnet/core";
 * import { seedBots } from "@privnet/core/bots";
 * const platform = await createPlatform({ transport, bots: { catalogues: [seedBots, myScenarios] } });
 */
export const seedBots = defineCatalogue([transferBot, erc20Bot, nftBot]);

/** The type of {@link seedBots}: the catalogue a platform runs by default. */
export type SeedBots = typeof seedBots;
