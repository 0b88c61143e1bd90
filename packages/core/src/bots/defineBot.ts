import { z } from "zod";
import { reservedKeyIndexUse } from "../chain/keyIndexes.js";
import { InvalidBotConfigError } from "../errors/bots.js";
import { baseConfigShape, refuseWalletPool } from "./BotConfig.js";
import type { BotConfigOf, BotDefinition, BotDefinitionParameters } from "./BotDefinition.js";

/**
 * Declares a bot: a name, a zod `schema` of its settings beyond `interval` and `maxPending` (its
 * config type is inferred from it), their `defaults`, an optional `setup` run at each start whose
 * result is handed to every `tick`, and the `tick` run at the bot's interval. Register it with
 * `platform.bots.register()` (or `createPlatform({ bots: { custom: [bot] } })`): it gets its own
 * key, funding, stats, events, persistence and HTTP control like the built-in bots.
 *
 * Fails with `INVALID_BOT_CONFIG` for a bad name, defaults the schema refuses, a bad `env.prefix`,
 * or a `keyIndex` that is the platform's own (see `KEY_INDEXES`). A scenario catalogue is a list
 * of these (see `defineCatalogue`).
 *
 * @example
 * const pinger = defineBot({
 *   name: "pinger",
 *   schema: z.object({ target: z.string() }),
 *   defaults: { interval: 1000, target: "0x000000000000000000000000000000000000dEaD" },
 *   setup: async (ctx) => ({ startedAt: ctx.head.number ?? 0n }),
 *   tick: async (ctx, state) => {
 *     await ctx.send({ to: ctx.config.target as `0x${string}`, value: state.startedAt });
 *   },
 * });
 * await platform.bots.register(pinger);
 * await platform.bots.start("pinger", { interval: 500 });
 */
export function defineBot<
  const Name extends string,
  Schema extends z.ZodObject = z.ZodObject<Record<never, z.ZodType>>,
  State = undefined,
>(params: BotDefinitionParameters<Name, Schema, State>): BotDefinition<BotConfigOf<Schema>, State, Name> {
  const reserved = params.keyIndex === undefined ? undefined : reservedKeyIndexUse(params.keyIndex);
  if (reserved) {
    throw new InvalidBotConfigError(
      params.name,
      `key index ${params.keyIndex} is reserved: ${reserved} (0–20 system wallets, 21 the oracle's updater, 22 the contracts' owner; see KEY_INDEXES).`,
    );
  }
  if (params.env && !/^[A-Z][A-Z0-9_]{0,39}$/.test(params.env.prefix)) {
    throw new InvalidBotConfigError(
      params.name,
      `env.prefix ${JSON.stringify(params.env.prefix)} must be upper-case letters, digits and underscores, starting with a letter.`,
    );
  }
  if (!/^[a-z][a-z0-9-]{0,39}$/.test(params.name)) {
    throw new InvalidBotConfigError(
      params.name,
      "a bot name is 1–40 characters: lower-case letters, digits and dashes, starting with a letter.",
    );
  }
  const schema = z.object({ ...baseConfigShape, ...(params.schema?.shape ?? {}) });
  const checked = schema.safeParse({ interval: 5_000, maxPending: 64, ...params.defaults });
  if (!checked.success) {
    throw new InvalidBotConfigError(params.name, `bad defaults: ${checked.error.issues[0]?.message}`);
  }
  const { setup, check, refusesWalletPool } = params;
  return {
    name: params.name,
    keyIndex: params.keyIndex,
    env: params.env,
    refusesWalletPool,
    schema,
    // The defaults as given (not as parsed: a schema's transforms apply to overrides, as before).
    defaults: { interval: 5_000, maxPending: 64, ...params.defaults } as BotConfigOf<Schema>,
    contract: params.contract,
    check: async (ctx) => {
      if (refusesWalletPool !== undefined) refuseWalletPool(ctx.name, ctx.config, refusesWalletPool);
      if (check) await check(ctx);
    },
    setup: async (ctx) => (setup ? setup(ctx) : (undefined as State)),
    tick: params.tick,
  };
}
