import { defineCatalogue } from "@privnet/core/bots";
import { approveTransferFromBot } from "./approveTransferFromBot.js";
import { deployCallBot } from "./deployCallBot.js";

/**
 * The example's catalogue: an approve-then-transferFrom pair and a deploy-then-call, each tick.
 * Hand it to the platform beside (or instead of) privnet's own, and `platform.bots.start` is typed
 * for both:
 *
 * @example
 * import { createPlatform } from "@privnet/core";
 * import { seedBots } from "@privnet/core/bots";
 * const platform = await createPlatform({ transport, bots: { catalogues: [seedBots, customScenarios] } });
 * await platform.bots.start("deploy-call", { calls: 3 });
 */
export const customScenarios = defineCatalogue([approveTransferFromBot, deployCallBot]);
