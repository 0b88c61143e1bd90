import type { GuardedContext } from "../context/OperationGuard.js";
import type { BotDefinition } from "./BotDefinition.js";
import type { BotEngine } from "./BotEngine.js";
import type { BotOverrides } from "./BotOverrides.js";

/** What `platform.bots` needs: the engine that runs them. */
export type BotActionsContext = GuardedContext & { readonly engine: BotEngine };

/** `platform.bots`: transfer / erc20 / nft and custom bots — start, stop, status, stats. See docs/bots.md. */
export function botActions(ctx: BotActionsContext) {
  const { guard, engine } = ctx;
  return {
    /**
     * Starts a bot; `overrides` (e.g. `{ interval: 1000 }`) apply to this run. Harmless when
     * running. A built-in bot's overrides are typed by its name (see {@link BotOverrides}).
     */
    start: <const Name extends string>(name: Name, overrides?: BotOverrides<Name>) =>
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
  };
}

/** The operations of `platform.bots`. */
export type BotActions = ReturnType<typeof botActions>;
