import type { GuardedContext } from "../context/OperationGuard.js";
import type { CatalogueConfigs } from "./BotCatalogue.js";
import type { BotDefinition } from "./BotDefinition.js";
import type { BotEngine, BotInstanceParameters } from "./BotEngine.js";
import type { BotOverrides } from "./BotOverrides.js";
import type { SeedBots } from "./seedBots.js";

/** What `platform.bots` needs: the engine that runs them. */
export type BotActionsContext = GuardedContext & { readonly engine: BotEngine };

/**
 * `platform.bots`: the catalogues' bots (transfer / erc20 / nft by default) and custom bots —
 * start, stop, status, stats. `Configs` (the catalogues' settings by bot name) types `start`.
 * See docs/bots.md.
 */
export function botActions<Configs extends object = CatalogueConfigs<[SeedBots]>>(ctx: BotActionsContext) {
  const { guard, engine } = ctx;
  return {
    /**
     * Starts a bot; `overrides` (e.g. `{ interval: 1000 }`) apply to this run. Harmless when
     * running. A catalogue bot's overrides are typed by its name (see {@link BotOverrides}).
     */
    start: <const Name extends string>(name: Name, overrides?: BotOverrides<Name, Configs>) =>
      guard(() => engine.start(name, overrides)),
    /** Stops a bot; its pending transactions still settle. Harmless when stopped. */
    stop: (name: string) => guard(() => engine.stop(name)),
    /** Every bot's status, config and stats, by name. */
    status: () => guard(() => engine.status()),
    /** One bot's status, config and stats. */
    get: (name: string) => guard(() => engine.get(name)),
    /** Recent transactions (from the history) and errors of a bot. */
    logs: (name: string, options?: { limit?: number | undefined }) => guard(() => engine.logs(name, options)),
    /** Resolves once nothing the bot sent is pending. */
    settled: (name: string) => guard(() => engine.settled(name)),
    /** The bots' contracts (erc20: its token, nft: its collection) by bot name; null before deployed. */
    contracts: () => guard(() => engine.contracts()),
    /** Registers a custom bot made with `defineBot`. */
    register: (definition: BotDefinition) => guard(() => engine.register(definition)),
    /** The names of every registered bot, built-in and custom. */
    names: () => engine.names(),
    /** Every scenario (built-in and custom bots) with the JSON Schema of its config, its defaults and bots. */
    scenarios: () => guard(async () => engine.scenarios()),
    /**
     * Adds a bot running `scenario` under another `name`, with its own key, config and stats
     * (kept across restarts). Start it like any bot.
     */
    createInstance: (parameters: BotInstanceParameters) => guard(() => engine.createInstance(parameters)),
    /** Stops and removes an instance made with `createInstance`. */
    removeInstance: (name: string) => guard(() => engine.removeInstance(name)),
    /** A bot's throughput (target and measured), wallet pool, group and auto-restart state. */
    controls: (name: string) => guard(() => engine.controls(name)),
    /** Sends the bot's wallet pool's leftover funds back to the funder; the bot must be stopped. */
    reclaim: (name: string) => guard(() => engine.reclaim(name)),
    /** Adds or replaces a group sharing one throughput budget by weight. */
    setGroup: (group: Parameters<BotEngine["setGroup"]>[0]) => guard(() => engine.setGroup(group)),
    /** Removes a group. */
    removeGroup: (name: string) => guard(() => engine.removeGroup(name)),
    /** The traffic set-up (groups and bots) as one document; `stringifyTrafficDocument` writes it as YAML. */
    exportTraffic: () => guard(async () => engine.exportTraffic()),
    /**
     * Applies a traffic document (object, or YAML/JSON text): refused whole with every problem by
     * path (`INVALID_TRAFFIC_DOCUMENT`), else the platform runs what it says.
     */
    importTraffic: (document: unknown) => guard(() => engine.importTraffic(document)),
    /** Checks a traffic document without applying it: `{ valid, issues }`. */
    validateTraffic: (document: unknown) => guard(async () => engine.validateTraffic(document)),
  };
}

/** The operations of `platform.bots`, `start` typed by `Configs` (see {@link CatalogueConfigs}). */
export type BotActions<Configs extends object = CatalogueConfigs<[SeedBots]>> = ReturnType<
  typeof botActions<Configs>
>;
