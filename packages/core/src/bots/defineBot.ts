import { z } from "zod";
import { reservedKeyIndexUse } from "../chain/keyIndexes.js";
import { InvalidBotConfigError } from "../errors/bots.js";
import { type BotBaseConfig, baseConfigShape } from "./BotConfig.js";
import type { BotDefinition, BotDefinitionParameters } from "./BotDefinition.js";

/**
 * Declares a bot: a name, optional settings, an optional `setup` run at each start and a `tick`
 * run at the bot's interval. Register it with `platform.bots.register()` (or
 * `createPlatform({ bots: { custom: [bot] } })`): it gets its own key, funding, stats, events,
 * persistence and HTTP control like the built-in bots.
 *
 * @example
 * const pinger = defineBot({
 *   name: "pinger",
 *   defaults: { interval: 1000 },
 *   tick: async (ctx) => { await ctx.send({ to: ctx.address, value: 0n }); },
 * });
 * platform.bots.register(pinger);
 * await platform.bots.start("pinger");
 */
export function defineBot<Config extends BotBaseConfig = BotBaseConfig>(
  params: BotDefinitionParameters<Config>,
): BotDefinition<Config> {
  const reserved = params.keyIndex === undefined ? undefined : reservedKeyIndexUse(params.keyIndex);
  if (reserved) {
    throw new InvalidBotConfigError(
      params.name,
      `key index ${params.keyIndex} is reserved: ${reserved} (0–20 system wallets, 21 the oracle's updater, 22 the contracts' owner, 100–102 the built-in bots; see KEY_INDEXES).`,
    );
  }
  return createBotDefinition(params);
}

/** {@link defineBot} without the reserved-key check: the built-in bots use the reserved 100–102. */
export function createBotDefinition<Config extends BotBaseConfig>(
  params: BotDefinitionParameters<Config>,
): BotDefinition<Config> {
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(params.name)) {
    throw new InvalidBotConfigError(
      params.name,
      "a bot name is 1–40 characters: lower-case letters, digits and dashes, starting with a letter.",
    );
  }
  const schema = z.object({ ...baseConfigShape, ...(params.schema?.shape ?? {}) });
  const defaults = { interval: 5_000, maxPending: 64, ...params.defaults } as Config;
  const checked = schema.safeParse(defaults);
  if (!checked.success) {
    throw new InvalidBotConfigError(params.name, `bad defaults: ${checked.error.issues[0]?.message}`);
  }
  return {
    name: params.name,
    keyIndex: params.keyIndex,
    schema,
    defaults,
    contract: params.contract,
    setup: params.setup ?? (async () => {}),
    tick: params.tick,
  };
}
