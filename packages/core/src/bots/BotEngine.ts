import { type Address, type Hex, parseEther } from "viem";
import { z } from "zod";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import type { BotError } from "../context/BotEvent.js";
import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import {
  BotExistsError,
  BotNotFoundError,
  InvalidBotConfigError,
  InvalidTrafficDocumentError,
} from "../errors/bots.js";
import { InvalidQueryError } from "../errors/sender.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { toFastAccount } from "../signing/toFastAccount.js";
import { DEFAULT_POOL_LIMIT } from "./autoPendingLimit.js";
import { type BotCatalogue, type CatalogueConfigs, checkCatalogues } from "./BotCatalogue.js";
import { type BotBaseConfig, MAX_PENDING_LIMIT, mergeBotConfig, refuseWalletPool } from "./BotConfig.js";
import type { BotContractInfo, BotDefinition } from "./BotDefinition.js";
import { BotRunner, type BotRunnerControls, type BotStatus, type BotTransition } from "./BotRunner.js";
import type { BotStatsSnapshot } from "./BotStats.js";
import { allocateBotKeyIndex } from "./botKeyIndexes.js";
import type { Throughput } from "./controls/ThroughputGate.js";
import type { ReclaimResult } from "./controls/WalletPool.js";
import { readBotEnv } from "./readBotEnv.js";
import { type SeedBots, seedBots } from "./seedBots.js";
import {
  groupMembership,
  type TrafficDocument,
  type TrafficGroup,
  type TrafficValidation,
  validateTrafficDocument,
} from "./traffic/trafficDocument.js";

export type BotsOptions<Catalogues extends readonly BotCatalogue[] = [SeedBots]> =
  CatalogueSettings<Catalogues> & {
    /**
     * The scenario catalogues the platform runs, in the order it lists their bots (see
     * `defineCatalogue`): their bots are the built-in ones, typed in these options and in
     * `platform.bots.start`. Default: `[seedBots]` (transfer, erc20, nft); `builtinScenarios` of
     * `@privnet/scenarios` is the sixteen `privnet up` runs.
     */
    catalogues?: Catalogues | undefined;
    /** Your own bots, registered before bots resume so that they resume too. */
    custom?: readonly BotDefinition[] | undefined;
    /** Index of the system account that tops bots up. Default 20. */
    funderIndex?: number | undefined;
    /**
     * A bot below this balance (decimal ETH) is topped up; a bot that spends fast is kept above 20 s
     * of its measured spend instead, when that is more. Default "10".
     */
    minBalance?: string | undefined;
    /**
     * The least a top-up sends (decimal ETH); a bot that spends fast gets twice its wanted balance.
     * Default "100".
     */
    topUp?: string | undefined;
    /**
     * The most transactions the node's pool takes from one sender: the bound of the pending limit
     * of a bot at interval 0 without `maxPending`. Default: 10,000 on anvil (whose pool has no
     * limit), 5,000 on other nodes (geth keeps 5,120 pending transactions in all by default).
     */
    poolLimit?: number | undefined;
    /** Resume the bots that were running when the platform last closed. Default true. */
    resume?: boolean | undefined;
    /**
     * Resume them only once this settles (not at all if it rejects), instead of while the platform
     * starts: `privnet up` holds them until its devnet mines at its block time again, so that they
     * do not send into the at-once mining of the set-up. Default: none.
     */
    resumeAfter?: Promise<unknown> | undefined;
    /**
     * Where the catalogue bots' variables (`TRANSFER_*`, `ERC20_*`, `NFT_*`, each by its
     * definition's `env`) are read. Default `process.env` (none outside Node).
     */
    env?: Record<string, string | undefined> | undefined;
    /**
     * Auto-restart of a bot whose setup fails: tried again after `initialMs` (default 1000), the
     * pause doubling with each failure in a row up to `maxMs` (default 60,000).
     */
    restartBackoff?: { initialMs?: number | undefined; maxMs?: number | undefined } | undefined;
  };

/**
 * Settings of each catalogue bot by name (`transfer`, `erc20`, `nft`, … see docs/bots.md);
 * environment variables override them. Catalogues known only as `BotCatalogue[]`: any name.
 */
export type CatalogueSettings<Catalogues extends readonly BotCatalogue[]> =
  string extends keyof CatalogueConfigs<Catalogues>
    ? { [name: string]: unknown }
    : {
        [Name in keyof CatalogueConfigs<Catalogues>]?:
          | Partial<CatalogueConfigs<Catalogues>[Name]>
          | undefined;
      };

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

/** A bot's controls (`platform.bots.controls(name)`, `GET /bots/{name}/controls`). */
export type BotControls = BotRunnerControls & {
  bot: string;
  /** The scenario the bot runs. */
  scenario: string;
  /** Made with `createInstance` (or a traffic document), not a scenario's own bot. */
  instance: boolean;
  /** The group whose budget it shares, and its weight there; null when in none. */
  group: { name: string; weight: number } | null;
  /** Its confirmed transactions per block over the last 20 blocks; null until known. */
  measuredTxPerBlock: number | null;
};

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
};

const TRAFFIC_STATE_KEY = "bots:traffic";

/** One bot in `status()`: the shape of each entry of `GET /bots/status`. */
export type BotStatusEntry = {
  status: BotStatus;
  /** The bot's own sending address. */
  address: Address;
  /**
   * The contract the bot deployed and works with — the erc20 bot's token, the nft bot's
   * collection — while the chain has its code; null before it is deployed (it is on the bot's
   * first start, and again after the chain lost it) and for bots without one (transfer).
   */
  contract: Address | null;
  config: Record<string, unknown>;
  stats: BotStatsSnapshot;
};

export type BotLogs = {
  bot: string;
  /** The bot's transactions from the history, newest first. */
  transactions: TransactionEntry[];
  /** Its recent errors (this process), newest first. */
  errors: BotError[];
};

const WINDOWS = [5n, 20n, 60n] as const;

/**
 * `platform.bots`: the built-in transfer, erc20 and nft bots and any custom ones, each with its
 * own key and loop. Created by `createPlatform`.
 */
export class BotEngine {
  readonly #ctx: SenderContext;
  readonly #options: BotsOptions<readonly BotCatalogue[]>;
  /** The catalogues' bots, in order: the platform's built-in ones. */
  readonly #catalogued: BotCatalogue;
  /** Which bot holds each key index a bot named or was given. */
  readonly #keyHolders = new Map<number, string>();
  readonly #runners = new Map<string, BotRunner<BotBaseConfig>>();
  readonly #addresses = new Set<string>();
  readonly #blockTimes = new Map<bigint, bigint>();
  readonly #funding: { minBalance: bigint; topUp: bigint };
  readonly #funder;
  readonly #env;
  #capacity: Promise<{ blockGasLimit: bigint; poolLimit: number }> | undefined;
  #closed = false;
  readonly #contracts: PlatformContractsService | undefined;
  /** Scenarios by name: the built-in and custom bots' definitions (instances are not scenarios). */
  readonly #scenarios = new Map<string, BotDefinition>();
  /** Each bot's scenario, by bot name. */
  readonly #scenarioOf = new Map<string, string>();
  readonly #instances = new Map<string, { scenario: string; config: Record<string, unknown> }>();
  /** Stored instances of a custom scenario not registered (yet): kept in the storage as they are. */
  readonly #dormant = new Map<string, { scenario: string; config: Record<string, unknown> }>();
  readonly #groups = new Map<string, TrafficGroup>();
  readonly #members = new Map<string, { group: string; weight: number }>();
  readonly #restartBackoff: { initialMs: number; maxMs: number };

  constructor(
    ctx: SenderContext,
    options: BotsOptions<readonly BotCatalogue[]> = {},
    services: { contracts?: PlatformContractsService | undefined } = {},
  ) {
    this.#ctx = ctx;
    this.#contracts = services.contracts;
    this.#options = options;
    const catalogues = options.catalogues ?? [seedBots];
    // Names, key indexes and environment prefixes taken twice are refused before anything runs.
    checkCatalogues([...catalogues, options.custom ?? []]);
    this.#catalogued = catalogues.flat();
    const funderIndex = options.funderIndex ?? KEY_INDEXES.funder;
    if (!Number.isSafeInteger(funderIndex) || funderIndex < 0) {
      throw new InvalidBotConfigError(
        "bots",
        `funderIndex must be a non-negative integer, got ${funderIndex}.`,
      );
    }
    this.#funding = {
      minBalance: parseEth("minBalance", options.minBalance ?? "10"),
      topUp: parseEth("topUp", options.topUp ?? "100"),
    };
    const poolLimit = options.poolLimit;
    if (poolLimit !== undefined && (!Number.isSafeInteger(poolLimit) || poolLimit < 1)) {
      throw new InvalidBotConfigError("bots", `poolLimit must be a positive integer, got ${poolLimit}.`);
    }
    const [funder] = deriveAccounts(SYSTEM_MNEMONIC, [funderIndex]);
    // Bots sign with libsecp256k1 where it loads: at interval 0, signing is much of their cost.
    this.#funder = toFastAccount(funder?.privateKey ?? "0x");
    const env =
      options.env ?? (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
    this.#env = readBotEnv(env ?? {}, this.#catalogued);
    const backoff = options.restartBackoff ?? {};
    const initialMs = backoff.initialMs ?? 1_000;
    const maxMs = backoff.maxMs ?? 60_000;
    if (
      !Number.isSafeInteger(initialMs) ||
      initialMs < 1 ||
      !Number.isSafeInteger(maxMs) ||
      maxMs < initialMs
    ) {
      throw new InvalidBotConfigError(
        "bots",
        `restartBackoff needs whole milliseconds with 1 <= initialMs <= maxMs, got ${initialMs} and ${maxMs}.`,
      );
    }
    this.#restartBackoff = { initialMs, maxMs };
  }

  /** Registers the catalogues' and custom bots and resumes those that were running. */
  async init() {
    // The indexes bots name are theirs before any index is allocated to a bot that names none.
    for (const definition of [...this.#catalogued, ...(this.#options.custom ?? [])]) {
      if (definition.keyIndex !== undefined) this.#keyHolders.set(definition.keyIndex, definition.name);
    }
    const settings = this.#options as Record<string, Record<string, unknown> | undefined>;
    for (const definition of this.#catalogued) {
      await this.#add(definition, [settings[definition.name], this.#env[definition.name]]);
    }
    for (const definition of this.#options.custom ?? []) {
      await this.#add(definition, []);
    }
    await this.#restoreTraffic();
  }

  /** Registers a custom bot (see `defineBot`); it resumes if it was running when the platform last closed. */
  async register(definition: BotDefinition): Promise<void> {
    await this.#add(definition, []);
    // Its instances kept from before come back with it.
    await this.#restoreTraffic(definition.name);
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

  /** Names of the registered bots. */
  names(): string[] {
    return [...this.#runners.keys()];
  }

  async start(name: string, overrides?: unknown): Promise<BotTransition> {
    return this.#runner(name).start(overrides);
  }

  async stop(name: string): Promise<BotTransition> {
    return this.#runner(name).stop();
  }

  /** Every bot's status, config and stats, by name. */
  async status(): Promise<Record<string, BotStatusEntry>> {
    const runners = [...this.#runners.values()];
    const [windows, contracts] = await Promise.all([
      this.#windows(),
      Promise.all(runners.map((runner) => this.#liveContract(runner))),
    ]);
    const entries: Record<string, BotStatusEntry> = {};
    for (const [index, runner] of runners.entries()) {
      entries[runner.name] = this.#entry(runner, windows, contracts[index]?.address ?? null);
    }
    return entries;
  }

  /** One bot's status, config and stats. */
  async get(name: string): Promise<BotStatusEntry> {
    const runner = this.#runner(name);
    const [windows, contract] = await Promise.all([this.#windows(), this.#liveContract(runner)]);
    return this.#entry(runner, windows, contract?.address ?? null);
  }

  /**
   * The contracts of the bots that have one (erc20: its token; nft: its collection), by bot name:
   * name, Solidity contract, address, deployment block and ABI while the chain has its code,
   * null before the bot deployed it.
   */
  async contracts(): Promise<Record<string, BotContractInfo | null>> {
    const runners = [...this.#runners.values()].filter((runner) => runner.definition.contract);
    const contracts = await Promise.all(runners.map((runner) => this.#liveContract(runner)));
    return Object.fromEntries(runners.map((runner, index) => [runner.name, contracts[index] ?? null]));
  }

  /** The bot's recent transactions (from the history) and errors. */
  async logs(name: string, options: { limit?: number | undefined } = {}): Promise<BotLogs> {
    const runner = this.#runner(name);
    const limit = options.limit ?? 50;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 500) {
      throw new InvalidQueryError(`\`limit\` must be a whole number from 1 to 500, got ${limit}.`);
    }
    const transactions: TransactionEntry[] = [];
    let before: number | undefined;
    // The bot's address also receives its top-ups: page on until enough of its own are found.
    for (let page = 0; page < 20 && transactions.length < limit; page++) {
      const records = await this.#ctx.storage.transactions.list({
        limit: 100,
        address: runner.account.address,
        ...(before === undefined ? {} : { before }),
      });
      for (const record of records) {
        if (record.source === name && transactions.length < limit)
          transactions.push(toTransactionEntry(record));
      }
      if (records.length < 100) break;
      before = records.at(-1)?.id;
    }
    return { bot: name, transactions, errors: [...runner.recentErrors] };
  }

  /** Resolves once nothing the bot sent is pending (stop it first for a final count). */
  async settled(name: string): Promise<void> {
    await this.#runner(name).settled();
  }

  /**
   * The chain went back (reset or revert, seen by the transaction watcher): running bots run their
   * setup again before their next tick, so that a contract the chain lost is deployed anew.
   */
  chainRewound() {
    for (const runner of this.#runners.values()) runner.chainRewound();
  }

  /** Every scenario (built-in and custom bots), with the JSON Schema of its config and its bots. */
  scenarios(): BotScenario[] {
    const builtin = new Set<string>(this.#catalogued.map(({ name }) => name));
    return [...this.#scenarios.values()].map((definition) => ({
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

  /**
   * Adds a bot running `scenario` under `name`, with its own key (allocated by name, like a custom
   * bot's), config and stats; kept across restarts. Fails with `BOT_EXISTS` for a taken name,
   * `BOT_NOT_FOUND` for an unknown scenario, `INVALID_BOT_CONFIG` for a bad name or config.
   */
  async createInstance(parameters: BotInstanceParameters): Promise<BotStatusEntry> {
    const { scenario, name } = parameters;
    const config = parameters.config ?? {};
    const definition = this.#scenarios.get(scenario);
    if (!definition) throw new BotNotFoundError(scenario, [...this.#scenarios.keys()]);
    if (this.#runners.has(name) || this.#dormant.has(name)) throw new BotExistsError(name);
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
    await this.#add({ ...definition, name, keyIndex: undefined }, [config], scenario);
    this.#instances.set(name, { scenario, config });
    await this.#saveTraffic();
    return this.get(name);
  }

  /** Removes an instance made with `createInstance` (stopped first); its stored stats stay. */
  async removeInstance(name: string): Promise<void> {
    const runner = this.#runner(name);
    if (!this.#instances.has(name)) {
      throw new InvalidBotConfigError(name, "only an instance (made with createInstance) can be removed.");
    }
    await runner.stop();
    this.#runners.delete(name);
    this.#addresses.delete(runner.account.address.toLowerCase());
    this.#scenarioOf.delete(name);
    this.#instances.delete(name);
    this.#members.delete(name);
    await this.#saveTraffic();
  }

  /** A bot's throughput, wallet pool, group and auto-restart as they stand. */
  async controls(name: string): Promise<BotControls> {
    const runner = this.#runner(name);
    // As it stands now (before the blocks are read).
    const controls = runner.controls();
    const windows = await this.#windows();
    const last20 = windows[1];
    const measured =
      last20 && last20.to > last20.from
        ? Math.round(
            (runner.stats.confirmedBetween(last20.from, last20.to) / Number(last20.to - last20.from)) * 100,
          ) / 100
        : null;
    const member = this.#members.get(name);
    return {
      bot: name,
      scenario: this.#scenarioOf.get(name) ?? name,
      instance: this.#instances.has(name),
      group: member ? { name: member.group, weight: member.weight } : null,
      measuredTxPerBlock: measured,
      ...controls,
    };
  }

  /**
   * Sends what the bot's wallet pool holds back to the funder (see `WalletPool.reclaim`); the bot
   * must be stopped (`INVALID_BOT_CONFIG` otherwise).
   */
  async reclaim(name: string): Promise<ReclaimResult> {
    return this.#runner(name).reclaim();
  }

  /**
   * Sets (adds or replaces) a group: its budget, and optionally its members (name → weight). A
   * member's share is its weight over the weights of the group's running members.
   */
  async setGroup(group: TrafficGroup & { weights?: Record<string, number> | undefined }): Promise<void> {
    const issues = validateTrafficDocument(
      {
        version: 1,
        groups: [{ name: group.name, txPerBlock: group.txPerBlock, txPerSecond: group.txPerSecond }],
        bots: [],
      },
      { scenarios: this.#scenarios },
    ).issues;
    if (issues.length > 0) throw new InvalidTrafficDocumentError(issues);
    for (const member of [...(group.members ?? []), ...Object.keys(group.weights ?? {})])
      this.#runner(member);
    this.#groups.set(group.name, {
      name: group.name,
      txPerBlock: group.txPerBlock,
      txPerSecond: group.txPerSecond,
    });
    for (const member of group.members ?? []) {
      this.#members.set(member, { group: group.name, weight: group.weights?.[member] ?? 1 });
    }
    for (const [member, weight] of Object.entries(group.weights ?? {})) {
      this.#members.set(member, { group: group.name, weight });
    }
    await this.#saveTraffic();
  }

  /** Removes a group: its members run at their own settings again (from their next start). */
  async removeGroup(name: string): Promise<void> {
    this.#groups.delete(name);
    for (const [member, { group }] of this.#members) if (group === name) this.#members.delete(member);
    await this.#saveTraffic();
  }

  /**
   * Checks a traffic document (object, or YAML/JSON text) against the scenarios' schemas and this
   * platform's bots, listing every problem by path.
   */
  validateTraffic(document: unknown): TrafficValidation {
    return validateTrafficDocument(document, {
      scenarios: this.#scenarios,
      existing: (name) => this.#scenarioOf.get(name),
    });
  }

  /**
   * The traffic set-up as a document: the groups, and each bot that runs, is an instance or is in
   * a group, with its config (that of its current or last run), weight, group and whether it
   * runs (`start: false` when not).
   */
  exportTraffic(): TrafficDocument {
    const bots: TrafficDocument["bots"] = [];
    for (const runner of this.#runners.values()) {
      const name = runner.name;
      const running = runner.status === "Running";
      const member = this.#members.get(name);
      if (!running && !this.#instances.has(name) && !member) continue;
      bots.push({
        scenario: this.#scenarioOf.get(name) ?? name,
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

  /**
   * Applies a traffic document (object, or YAML/JSON text): checked whole first — an invalid one
   * fails with `INVALID_TRAFFIC_DOCUMENT` listing every problem, and nothing changes. Then its
   * groups replace the platform's, missing instances are created, every bot of the document is
   * (re)started with its config (unless `start: false`), and running bots it does not name are
   * stopped: the platform then runs what the document says.
   */
  async importTraffic(input: unknown): Promise<TrafficImportResult> {
    const validation = this.validateTraffic(input);
    if (!validation.valid) throw new InvalidTrafficDocumentError(validation.issues);
    const document = validation.document;
    const result: TrafficImportResult = { created: [], started: [], stopped: [] };
    const named = new Set(document.bots.map((bot) => bot.name ?? bot.scenario));
    for (const runner of [...this.#runners.values()]) {
      if (!named.has(runner.name) && runner.status === "Running") {
        await runner.stop();
        result.stopped.push(runner.name);
      }
    }
    this.#groups.clear();
    this.#members.clear();
    for (const group of document.groups ?? []) {
      this.#groups.set(group.name, {
        name: group.name,
        txPerBlock: group.txPerBlock,
        txPerSecond: group.txPerSecond,
      });
    }
    for (const [bot, member] of groupMembership(document)) this.#members.set(bot, member);
    await this.#saveTraffic();
    for (const bot of document.bots) {
      const name = bot.name ?? bot.scenario;
      if (!this.#runners.has(name)) {
        await this.createInstance({ scenario: bot.scenario, name, config: bot.config });
        result.created.push(name);
      } else if (this.#instances.has(name)) {
        this.#instances.set(name, { scenario: bot.scenario, config: bot.config ?? {} });
        await this.#saveTraffic();
      }
      const runner = this.#runner(name);
      if (runner.status === "Running") await runner.stop();
      if (bot.start === false) continue;
      await runner.start(bot.config ?? {});
      result.started.push(name);
    }
    return result;
  }

  /** The throughput a bot's run holds: its share of its group's budget, else its config's. */
  #throughput(name: string, config: BotBaseConfig): Throughput | undefined {
    const member = this.#members.get(name);
    const group = member ? this.#groups.get(member.group) : undefined;
    if (member && group) {
      let total = 0;
      for (const [other, { group: its, weight }] of this.#members) {
        if (its === group.name && (other === name || this.#runners.get(other)?.status === "Running"))
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
  async #restoreTraffic(only?: string) {
    const saved = await this.#ctx.storage.state.get<PersistedTraffic>(TRAFFIC_STATE_KEY);
    if (!saved) return;
    if (only === undefined) {
      for (const group of saved.groups ?? []) this.#groups.set(group.name, group);
      for (const [name, member] of Object.entries(saved.members ?? {})) this.#members.set(name, member);
    }
    for (const [name, { scenario, config }] of Object.entries(saved.instances ?? {})) {
      if (only !== undefined && scenario !== only) continue;
      const definition = this.#scenarios.get(scenario);
      // A custom scenario not registered (yet): its instance waits until it is, kept in the storage.
      if (!definition) {
        this.#dormant.set(name, { scenario, config });
        continue;
      }
      if (this.#runners.has(name)) continue;
      this.#dormant.delete(name);
      let layer: Record<string, unknown> | undefined = config;
      try {
        mergeBotConfig(name, definition.schema, definition.defaults, config);
      } catch {
        layer = undefined; // the scenario's schema changed: its defaults
      }
      await this.#add({ ...definition, name, keyIndex: undefined }, [layer], scenario);
      this.#instances.set(name, { scenario, config });
    }
  }

  async #saveTraffic() {
    const state: PersistedTraffic = {
      instances: Object.fromEntries([...this.#dormant, ...this.#instances]),
      groups: [...this.#groups.values()],
      members: Object.fromEntries(this.#members),
    };
    await this.#ctx.storage.state.set(TRAFFIC_STATE_KEY, state);
  }

  /** Stops every loop for a shutdown; running bots stay marked running and resume on the next start. */
  async close() {
    this.#closed = true;
    await Promise.all([...this.#runners.values()].map((runner) => runner.close()));
  }

  async #add(
    definition: BotDefinition,
    layers: (Record<string, unknown> | undefined)[],
    scenario: string = definition.name,
  ) {
    if (this.#runners.has(definition.name)) throw new BotExistsError(definition.name);
    if (scenario === definition.name) this.#scenarios.set(scenario, definition);
    this.#scenarioOf.set(definition.name, scenario);
    // Defaults, then the platform's options (privnet.config.ts), then the environment.
    let configured = definition.defaults;
    for (const layer of layers)
      configured = mergeBotConfig(definition.name, definition.schema, configured, layer);
    const named = definition.keyIndex;
    const holder = named === undefined ? undefined : this.#keyHolders.get(named);
    if (holder !== undefined && holder !== definition.name) {
      throw new InvalidBotConfigError(definition.name, `key index ${named} is the ${holder} bot's already.`);
    }
    const index = await allocateBotKeyIndex(this.#ctx.storage, definition.name, named, this.#keyHolders);
    this.#keyHolders.set(index, definition.name);
    const [derived] = deriveAccounts(SYSTEM_MNEMONIC, [index]);
    const rootKey = (derived?.privateKey ?? "0x") as Hex;
    const account = toFastAccount(rootKey);
    const name = definition.name;
    const runner = new BotRunner(definition, account, configured, {
      rootKey,
      throughput: (config) => this.#throughput(name, config),
      restartBackoff: this.#restartBackoff,
      ctx: this.#ctx,
      funder: this.#funder,
      funding: this.#funding,
      botAddresses: () => this.#addresses,
      chainCapacity: () => this.#chainCapacity(),
      explicitMaxPending: layers.some((layer) => layer?.maxPending !== undefined),
      contracts: this.#contracts,
    });
    this.#runners.set(definition.name, runner);
    this.#addresses.add(account.address.toLowerCase());
    const { resume, config } = await runner.load();
    if (resume && (this.#options.resume ?? true)) {
      // The last run's config if it is still valid, else the configured one. A bot the node cannot
      // run (a fork it lacks) stays stopped, its refusal reported; it resumes on a later start.
      const resumeRun = () =>
        runner
          .start(config ?? undefined)
          .catch(() => runner.start())
          .catch((error: unknown) => runner.resumeRefused(error));
      const after = this.#options.resumeAfter;
      if (after === undefined) await resumeRun();
      else {
        runner.holdResume(config);
        // Nothing waits for it: the second start uses the configured config, checked when the
        // bot was registered, so it does not fail; a rejected `after` means "do not resume".
        void after.then(() => (this.#closed ? undefined : resumeRun())).catch(() => undefined);
      }
    }
  }

  /**
   * The block gas limit and the node's pool limit per sender (see `poolLimit`), read once; a failed
   * read is tried again on the next start.
   */
  #chainCapacity() {
    this.#capacity ??= (async () => {
      const client = this.#ctx.client;
      const [block, clientVersion] = await Promise.all([
        client.getBlock({ blockTag: "latest" }),
        client.request({ method: "web3_clientVersion" }).catch(() => ""),
      ]);
      const poolLimit =
        this.#options.poolLimit ??
        (String(clientVersion).toLowerCase().startsWith("anvil") ? MAX_PENDING_LIMIT : DEFAULT_POOL_LIMIT);
      return { blockGasLimit: block.gasLimit, poolLimit };
    })().catch((error: unknown) => {
      this.#capacity = undefined;
      throw error;
    });
    return this.#capacity;
  }

  #runner(name: string) {
    const runner = this.#runners.get(name);
    if (!runner) throw new BotNotFoundError(name, this.names());
    return runner;
  }

  /** The bot's contract if the chain has its code (or cannot be asked: then as stored). */
  async #liveContract(runner: BotRunner<BotBaseConfig>): Promise<BotContractInfo | null> {
    const contract = runner.contract();
    if (!contract) return null;
    try {
      const code = await this.#ctx.client.getCode({ address: contract.address });
      return code && code !== "0x" ? contract : null;
    } catch {
      // The node is away: the stored address is the best answer; the rest of the status still answers.
      return contract;
    }
  }

  #entry(runner: BotRunner<BotBaseConfig>, windows: Window[], contract: Address | null): BotStatusEntry {
    const rate = (window: Window | undefined) => {
      if (!window || window.seconds <= 0) return null;
      const count = runner.stats.confirmedBetween(window.from, window.to);
      return Math.round((count / window.seconds) * 100) / 100;
    };
    return {
      status: runner.status,
      address: runner.account.address,
      contract,
      config: { ...runner.config },
      stats: runner.stats.snapshot({
        last5Blocks: rate(windows[0]),
        last20Blocks: rate(windows[1]),
        last60Blocks: rate(windows[2]),
      }),
    };
  }

  /** The last 5, 20 and 60 blocks: their range and the seconds they span. */
  async #windows(): Promise<Window[]> {
    try {
      const head = await this.#ctx.client.getBlockNumber({ cacheTime: 0 });
      const time = async (number: bigint) => {
        let timestamp = this.#blockTimes.get(number);
        if (timestamp === undefined) {
          timestamp = (await this.#ctx.client.getBlock({ blockNumber: number })).timestamp;
          this.#blockTimes.set(number, timestamp);
          if (this.#blockTimes.size > 1_000) this.#blockTimes.clear();
        }
        return timestamp;
      };
      return await Promise.all(
        WINDOWS.map(async (size) => {
          const from = head > size ? head - size : 0n;
          const [start, end] = await Promise.all([time(from), time(head)]);
          return { from, to: head, seconds: Number(end - start) };
        }),
      );
    } catch {
      // The node is away: rates unknown, the rest of the status still answers.
      return [];
    }
  }
}

type Window = { from: bigint; to: bigint; seconds: number };

function parseEth(name: string, value: string) {
  try {
    const wei = parseEther(value);
    if (wei > 0n) return wei;
  } catch {}
  throw new InvalidBotConfigError(
    "bots",
    `${name} must be a positive decimal ETH amount, got ${JSON.stringify(value)}.`,
  );
}
