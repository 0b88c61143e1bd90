import type { Address, Hex } from "viem";
import { z } from "zod";
import { deriveAccounts } from "../../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../../chain/systemAccounts.js";
import { BotExistsError, BotNotFoundError, InvalidBotConfigError } from "../../errors/bots.js";
import { toFastAccount } from "../../signing/toFastAccount.js";
import type { StorageAdapter } from "../../storage/StorageAdapter.js";
import type { BotCatalogue } from "../BotCatalogue.js";
import { type BotBaseConfig, mergeBotConfig } from "../BotConfig.js";
import type { BotDefinition } from "../BotDefinition.js";
import { BotRunner, type BotRunnerDependencies } from "../BotRunner.js";
import { allocateBotKeyIndex } from "../botKeyIndexes.js";
import type { StatusSource } from "./BotStatusReader.js";

/** A scenario the platform can run: a built-in or custom bot's definition, and its instances. */
export type BotScenario = {
  name: string;
  builtin: boolean;
  /** The JSON Schema of its config (what a start, an instance or a traffic document may set). */
  configSchema: Record<string, unknown>;
  /** Its default config. */
  defaults: Record<string, unknown>;
  /** The bots running it: the scenario's own bot and its instances. */
  bots: string[];
};

/** What every runner gets besides its definition, key and configured settings. */
export type SharedRunnerDependencies = Omit<
  BotRunnerDependencies,
  "rootKey" | "throughput" | "explicitMaxPending" | "botAddresses"
>;

export type BotRegistryParameters = {
  storage: StorageAdapter;
  /** The catalogues' bots, in order: the platform's built-in ones. */
  catalogued: BotCatalogue;
  /** Custom bots given with the platform's options. */
  custom: readonly BotDefinition[];
  runnerDependencies: SharedRunnerDependencies;
  /** The throughput a bot's run holds (see `BotRunnerDependencies.throughput`). */
  throughput: (bot: string, config: BotBaseConfig) => ReturnType<BotRunnerDependencies["throughput"]>;
};

/**
 * The bots the engine knows, written once: the scenarios (built-in and custom definitions), every
 * bot with its runner, its scenario and its key (the index it names, or one allocated by name and
 * remembered), and the addresses a bot never picks as a recipient.
 */
export class BotRegistry implements StatusSource {
  readonly #parameters: BotRegistryParameters;
  /** Which bot holds each key index a bot named or was given. */
  readonly #keyHolders = new Map<number, string>();
  readonly #runners = new Map<string, BotRunner>();
  readonly #addresses = new Set<string>();
  /** Scenarios by name: the built-in and custom bots' definitions (instances are not scenarios). */
  readonly scenarios = new Map<string, BotDefinition>();
  /** Each bot's scenario, by bot name. */
  readonly #scenarioOf = new Map<string, string>();

  constructor(parameters: BotRegistryParameters) {
    this.#parameters = parameters;
    // The indexes bots name are theirs before any index is allocated to a bot that names none.
    for (const definition of [...parameters.catalogued, ...parameters.custom]) {
      if (definition.keyIndex !== undefined) this.#keyHolders.set(definition.keyIndex, definition.name);
    }
  }

  /**
   * Registers a bot: `definition` under its name, configured by its defaults and then `layers`
   * (the platform's options, the environment; an instance's config), running `scenario`.
   */
  async add(
    definition: BotDefinition,
    layers: readonly (Record<string, unknown> | undefined)[],
    scenario: string = definition.name,
  ): Promise<BotRunner> {
    const name = definition.name;
    if (this.#runners.has(name)) throw new BotExistsError(name);
    if (scenario === name) this.scenarios.set(scenario, definition);
    this.#scenarioOf.set(name, scenario);
    let configured = definition.defaults;
    for (const layer of layers) configured = mergeBotConfig(name, definition.schema, configured, layer);
    const named = definition.keyIndex;
    const holder = named === undefined ? undefined : this.#keyHolders.get(named);
    if (holder !== undefined && holder !== name) {
      throw new InvalidBotConfigError(name, `key index ${named} is the ${holder} bot's already.`);
    }
    const index = await allocateBotKeyIndex(this.#parameters.storage, name, named, this.#keyHolders);
    this.#keyHolders.set(index, name);
    const [derived] = deriveAccounts(SYSTEM_MNEMONIC, [index]);
    const rootKey = (derived?.privateKey ?? "0x") as Hex;
    const account = toFastAccount(rootKey);
    const runner = new BotRunner(definition, account, configured, {
      ...this.#parameters.runnerDependencies,
      rootKey,
      throughput: (config) => this.#parameters.throughput(name, config),
      botAddresses: () => this.#addresses,
      explicitMaxPending: layers.some((layer) => layer?.maxPending !== undefined),
    });
    this.#runners.set(name, runner);
    this.#addresses.add(account.address.toLowerCase());
    return runner;
  }

  /** Forgets a bot (an instance removed); its key stays allocated to its name. */
  remove(name: string): void {
    const runner = this.#runners.get(name);
    if (!runner) return;
    this.#runners.delete(name);
    this.#addresses.delete(runner.account.address.toLowerCase());
    this.#scenarioOf.delete(name);
  }

  /** @throws {BotNotFoundError} for a name no bot has. */
  runner(name: string): BotRunner {
    const runner = this.#runners.get(name);
    if (!runner) throw new BotNotFoundError(name, this.names());
    return runner;
  }

  find(name: string): BotRunner | undefined {
    return this.#runners.get(name);
  }

  has(name: string): boolean {
    return this.#runners.has(name);
  }

  runners(): IterableIterator<BotRunner> {
    return this.#runners.values();
  }

  /** Names of the registered bots, in registration order. */
  names(): string[] {
    return [...this.#runners.keys()];
  }

  /** The scenario `bot` runs (its own name for a scenario's own bot). */
  scenarioOf(bot: string): string | undefined {
    return this.#scenarioOf.get(bot);
  }

  /**
   * Each bot's own sending address, by bot name, then the wallets of its pool with their index
   * (the explorer labels them).
   */
  accounts(): { name: string; address: Address; wallet?: number }[] {
    return [...this.#runners.entries()].flatMap(([name, runner]) => [
      { name, address: runner.account.address },
      ...runner.poolAddresses().map((address, wallet) => ({ name, address, wallet })),
    ]);
  }

  /** Every scenario (built-in and custom bots), with the JSON Schema of its config and its bots. */
  listScenarios(): BotScenario[] {
    const builtin = new Set<string>(this.#parameters.catalogued.map(({ name }) => name));
    return [...this.scenarios.values()].map((definition) => ({
      name: definition.name,
      builtin: builtin.has(definition.name),
      configSchema: z.toJSONSchema(definition.schema, { io: "input", unrepresentable: "any" }) as Record<
        string,
        unknown
      >,
      defaults: { ...definition.defaults },
      bots: [...this.#scenarioOf].filter(([, scenario]) => scenario === definition.name).map(([bot]) => bot),
    }));
  }
}
