import {
  BotExistsError,
  BotNotFoundError,
  InvalidBotConfigError,
  InvalidTrafficDocumentError,
} from "../../errors/bots.js";
import type { StorageAdapter } from "../../storage/StorageAdapter.js";
import { type BotBaseConfig, mergeBotConfig, refuseWalletPool } from "../BotConfig.js";
import type { BotRunner } from "../BotRunner.js";
import type { Throughput } from "../controls/ThroughputGate.js";
import type { BotTransition } from "../runner/runnerTypes.js";
import {
  groupMembership,
  type TrafficDocument,
  type TrafficGroup,
  type TrafficValidation,
  validateTrafficDocument,
} from "../traffic/trafficDocument.js";
import type { BotRegistry } from "./BotRegistry.js";

/** What `createInstance` takes: a scenario's new bot under its own name, key, config and stats. */
export type BotInstanceParameters = {
  scenario: string;
  name: string;
  /** Settings over the scenario's defaults (checked by its schema). */
  config?: Record<string, unknown> | undefined;
};

/** What `importTraffic` did. */
export type TrafficImportResult = {
  /** Instances it created. */
  created: string[];
  /** Bots it started (with the document's config). */
  started: string[];
  /** Bots it stopped: running and not in the document. */
  stopped: string[];
};

/** What the engine keeps of the traffic set-up in `storage.state` under `bots:traffic`. */
type PersistedTraffic = {
  instances: Record<string, { scenario: string; config: Record<string, unknown> }>;
  groups: TrafficGroup[];
  members: Record<string, { group: string; weight: number }>;
  /** Instances removed since: their records in the history are still the bots' (retention). */
  removed?: string[];
};

type Instance = { scenario: string; config: Record<string, unknown> };

const TRAFFIC_STATE_KEY = "bots:traffic";

/**
 * The traffic the platform runs: starting and stopping bots, the instances of scenarios (kept in
 * `bots:traffic`, registered again at the next start), the groups that share a throughput budget
 * by weight, and traffic documents that say all of it at once.
 */
export class TrafficController {
  readonly #registry: BotRegistry;
  readonly #storage: StorageAdapter;
  readonly #added: (runner: BotRunner) => Promise<void>;
  readonly #instances = new Map<string, Instance>();
  /** Stored instances of a custom scenario not registered (yet): kept in the storage as they are. */
  readonly #dormant = new Map<string, Instance>();
  readonly #groups = new Map<string, TrafficGroup>();
  readonly #members = new Map<string, { group: string; weight: number }>();
  readonly #removed = new Set<string>();

  /** `added`: what follows a bot's registration (its stored state read, a resume). */
  constructor(registry: BotRegistry, storage: StorageAdapter, added: (runner: BotRunner) => Promise<void>) {
    this.#registry = registry;
    this.#storage = storage;
    this.#added = added;
  }

  start(name: string, overrides?: unknown): Promise<BotTransition> {
    return this.#registry.runner(name).start(overrides);
  }

  stop(name: string): Promise<BotTransition> {
    return this.#registry.runner(name).stop();
  }

  /**
   * Names of bots the history holds records of that are not registered: instances removed, and
   * stored instances of a custom scenario not registered (yet). The history's retention bounds
   * their records with the registered bots' ones.
   */
  unregisteredNames(): string[] {
    return [...this.#removed, ...this.#dormant.keys()];
  }

  /** Made with `createInstance` (or a traffic document), not a scenario's own bot. */
  isInstance(name: string): boolean {
    return this.#instances.has(name);
  }

  /** The group whose budget the bot shares, and its weight there. */
  membership(name: string): { group: string; weight: number } | undefined {
    return this.#members.get(name);
  }

  /**
   * Adds a bot running `scenario` under `name` (see `BotEngine.createInstance`); answers its
   * runner, registered and stored.
   */
  async createInstance(parameters: BotInstanceParameters): Promise<BotRunner> {
    const { scenario, name } = parameters;
    const config = parameters.config ?? {};
    const definition = this.#registry.scenarios.get(scenario);
    if (!definition) throw new BotNotFoundError(scenario, [...this.#registry.scenarios.keys()]);
    if (this.#registry.has(name) || this.#dormant.has(name)) throw new BotExistsError(name);
    if (!/^[a-z][a-z0-9-]{0,39}$/.test(name)) {
      throw new InvalidBotConfigError(
        name,
        "a bot name is 1–40 characters: lower-case letters, digits and dashes, starting with a letter.",
      );
    }
    // Checked before anything is registered or stored; a pool its scenario refuses too, rather
    // than at the instance's every start.
    const merged = mergeBotConfig(name, definition.schema, definition.defaults, config);
    const poolRefused = definition.refusesWalletPool;
    if (poolRefused) refuseWalletPool(name, merged, poolRefused);
    const runner = await this.#registry.add({ ...definition, name, keyIndex: undefined }, [config], scenario);
    await this.#added(runner);
    this.#instances.set(name, { scenario, config });
    this.#removed.delete(name);
    await this.#save();
    return runner;
  }

  /** Stops and removes an instance; its stored stats stay. */
  async removeInstance(name: string): Promise<void> {
    const runner = this.#registry.runner(name);
    if (!this.#instances.has(name)) {
      throw new InvalidBotConfigError(name, "only an instance (made with createInstance) can be removed.");
    }
    await runner.stop();
    this.#registry.remove(name);
    this.#instances.delete(name);
    this.#members.delete(name);
    this.#removed.add(name);
    await this.#save();
  }

  /**
   * Sets (adds or replaces) a group: its budget, and optionally its members (name → weight). A
   * member's share is its weight over the weights of the group's running members.
   */
  async setGroup(group: TrafficGroup & { weights?: Record<string, number> | undefined }): Promise<void> {
    const { txPerBlock, txPerSecond } = group;
    const issues = validateTrafficDocument(
      { version: 1, groups: [{ name: group.name, txPerBlock, txPerSecond }], bots: [] },
      { scenarios: this.#registry.scenarios },
    ).issues;
    if (issues.length > 0) throw new InvalidTrafficDocumentError(issues);
    for (const member of [...(group.members ?? []), ...Object.keys(group.weights ?? {})])
      this.#registry.runner(member);
    this.#groups.set(group.name, { name: group.name, txPerBlock, txPerSecond });
    for (const member of group.members ?? []) {
      this.#members.set(member, { group: group.name, weight: group.weights?.[member] ?? 1 });
    }
    for (const [member, weight] of Object.entries(group.weights ?? {})) {
      this.#members.set(member, { group: group.name, weight });
    }
    await this.#save();
  }

  /** Removes a group: its members run at their own settings again (from their next start). */
  async removeGroup(name: string): Promise<void> {
    this.#groups.delete(name);
    for (const [member, { group }] of this.#members) if (group === name) this.#members.delete(member);
    await this.#save();
  }

  /** Checks a traffic document against the scenarios' schemas and this platform's bots. */
  validate(document: unknown): TrafficValidation {
    return validateTrafficDocument(document, {
      scenarios: this.#registry.scenarios,
      existing: (name) => this.#registry.scenarioOf(name),
    });
  }

  /** The traffic set-up as a document (see `BotEngine.exportTraffic`). */
  export(): TrafficDocument {
    const bots: TrafficDocument["bots"] = [];
    for (const runner of this.#registry.runners()) {
      const name = runner.name;
      const running = runner.status === "Running";
      const member = this.#members.get(name);
      if (!running && !this.#instances.has(name) && !member) continue;
      bots.push({
        scenario: this.#registry.scenarioOf(name) ?? name,
        name,
        config: runner.exportConfig(),
        ...(member ? { group: member.group, weight: member.weight } : {}),
        ...(running ? {} : { start: false }),
      });
    }
    const groups = [...this.#groups.values()].map((group) => ({
      name: group.name,
      ...(group.txPerBlock === undefined ? {} : { txPerBlock: group.txPerBlock }),
      ...(group.txPerSecond === undefined ? {} : { txPerSecond: group.txPerSecond }),
    }));
    return { version: 1, ...(groups.length > 0 ? { groups } : {}), bots };
  }

  /** Applies a traffic document (see `BotEngine.importTraffic`). */
  async import(input: unknown): Promise<TrafficImportResult> {
    const validation = this.validate(input);
    if (!validation.valid) throw new InvalidTrafficDocumentError(validation.issues);
    const document = validation.document;
    const result: TrafficImportResult = { created: [], started: [], stopped: [] };
    const named = new Set(document.bots.map((bot) => bot.name ?? bot.scenario));
    for (const runner of [...this.#registry.runners()]) {
      if (!named.has(runner.name) && runner.status === "Running") {
        await runner.stop();
        result.stopped.push(runner.name);
      }
    }
    this.#groups.clear();
    this.#members.clear();
    for (const { name, txPerBlock, txPerSecond } of document.groups ?? []) {
      this.#groups.set(name, { name, txPerBlock, txPerSecond });
    }
    for (const [bot, member] of groupMembership(document)) this.#members.set(bot, member);
    await this.#save();
    for (const bot of document.bots) {
      const name = bot.name ?? bot.scenario;
      if (!this.#registry.has(name)) {
        await this.createInstance({ scenario: bot.scenario, name, config: bot.config });
        result.created.push(name);
      } else if (this.#instances.has(name)) {
        this.#instances.set(name, { scenario: bot.scenario, config: bot.config ?? {} });
        await this.#save();
      }
      const runner = this.#registry.runner(name);
      if (runner.status === "Running") await runner.stop();
      if (bot.start === false) continue;
      await runner.start(bot.config ?? {});
      result.started.push(name);
    }
    return result;
  }

  /** The throughput a bot's run holds: its share of its group's budget, else its config's. */
  throughput(name: string, config: BotBaseConfig): Throughput | undefined {
    const member = this.#members.get(name);
    const group = member ? this.#groups.get(member.group) : undefined;
    if (member && group) {
      let total = 0;
      for (const [other, { group: its, weight }] of this.#members) {
        if (its === group.name && (other === name || this.#registry.find(other)?.status === "Running"))
          total += weight;
      }
      const share = total > 0 ? member.weight / total : 1;
      if (group.txPerBlock !== undefined) return { perBlock: group.txPerBlock * share };
      if (group.txPerSecond !== undefined) return { perSecond: group.txPerSecond * share };
    }
    if (config.txPerBlock !== undefined) return { perBlock: config.txPerBlock };
    if (config.txPerSecond !== undefined) return { perSecond: config.txPerSecond };
    return undefined;
  }

  /**
   * Instances, groups and members as stored: instances are registered again (and resume). With
   * `only`, just the instances of that scenario (a custom bot registered after the start).
   */
  async restore(only?: string): Promise<void> {
    const saved = await this.#storage.state.get<PersistedTraffic>(TRAFFIC_STATE_KEY);
    if (!saved) return;
    if (only === undefined) {
      for (const group of saved.groups ?? []) this.#groups.set(group.name, group);
      for (const [name, member] of Object.entries(saved.members ?? {})) this.#members.set(name, member);
      for (const name of saved.removed ?? []) this.#removed.add(name);
    }
    for (const [name, { scenario, config }] of Object.entries(saved.instances ?? {})) {
      if (only !== undefined && scenario !== only) continue;
      const definition = this.#registry.scenarios.get(scenario);
      // A custom scenario not registered (yet): its instance waits until it is, kept in the storage.
      if (!definition) {
        this.#dormant.set(name, { scenario, config });
        continue;
      }
      if (this.#registry.has(name)) continue;
      this.#dormant.delete(name);
      let layer: Record<string, unknown> | undefined = config;
      try {
        mergeBotConfig(name, definition.schema, definition.defaults, config);
      } catch {
        layer = undefined; // the scenario's schema changed: its defaults
      }
      await this.#added(
        await this.#registry.add({ ...definition, name, keyIndex: undefined }, [layer], scenario),
      );
      this.#instances.set(name, { scenario, config });
    }
  }

  async #save() {
    const state: PersistedTraffic = {
      instances: Object.fromEntries([...this.#dormant, ...this.#instances]),
      groups: [...this.#groups.values()],
      members: Object.fromEntries(this.#members),
      removed: [...this.#removed],
    };
    await this.#storage.state.set(TRAFFIC_STATE_KEY, state);
  }
}
