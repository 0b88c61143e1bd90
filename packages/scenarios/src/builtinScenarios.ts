import { defineCatalogue, seedBots } from "@privnet/core/bots";
import { lendingBot } from "./defi/lendingBot.js";
import { liquidationKeeperBot } from "./defi/liquidationKeeperBot.js";
import { uniswapV2Bot } from "./defi/uniswapV2Bot.js";
import { blobBot } from "./scenarios/blobBot.js";
import { callBot } from "./scenarios/callBot.js";
import { create2Bot } from "./scenarios/create2Bot.js";
import { deployBot } from "./scenarios/deployBot.js";
import { erc1155Bot } from "./scenarios/erc1155Bot.js";
import { gasBurnerBot } from "./scenarios/gasBurnerBot.js";
import { setCodeBot } from "./scenarios/setCodeBot.js";
import { storageSpamBot } from "./scenarios/storageSpamBot.js";
import { txFuzzBot } from "./scenarios/txFuzzBot.js";
import { txFuzzInvalidBot } from "./scenarios/txFuzzInvalidBot.js";

/**
 * The thirteen traffic and DeFi scenarios beyond the seed's bots, in the order the platform lists
 * them: erc1155, call, deploy, create2, gas-burner, storage-spam, blob, set-code, tx-fuzz,
 * tx-fuzz-invalid, uniswap-v2, lending, liquidation-keeper. Keys 30–39 and 107–109
 * ({@link SCENARIO_KEY_INDEXES}).
 *
 * @example
 * const platform = await createPlatform({ transport, bots: { catalogues: [seedBots, trafficScenarios] } });
 */
export const trafficScenarios = defineCatalogue([
  erc1155Bot,
  callBot,
  deployBot,
  create2Bot,
  gasBurnerBot,
  storageSpamBot,
  blobBot,
  setCodeBot,
  txFuzzBot,
  txFuzzInvalidBot,
  uniswapV2Bot,
  lendingBot,
  liquidationKeeperBot,
]);

/**
 * The sixteen scenarios `privnet up`, the admin API and the panel run: the seed's transfer, erc20
 * and nft bots (core's `seedBots`) then {@link trafficScenarios}, as one catalogue. Pass it to
 * `createPlatform` and `platform.bots.start(name, config)` is typed for each of them.
 *
 * @example
 * import { createPlatform } from "@privnet/core";
 * import { builtinScenarios } from "@privnet/scenarios";
 * const platform = await createPlatform({ transport, bots: { catalogues: [builtinScenarios] } });
 * await platform.bots.start("gas-burner", { gasPerCall: 1_000_000 });
 */
export const builtinScenarios = defineCatalogue([...seedBots, ...trafficScenarios]);

/** The name of one of {@link builtinScenarios}' bots. */
export type BuiltinScenarioName = (typeof builtinScenarios)[number]["name"];

/**
 * The names of {@link builtinScenarios}' bots, in its order. Typed with {@link BuiltinScenarioName}
 * as written: an inferred union's member order follows the compiler's type ids, which differ from
 * build to build, and the API report must not.
 */
export const BUILTIN_SCENARIO_NAMES: BuiltinScenarioName[] = builtinScenarios.map(
  (definition) => definition.name,
);
