import type { ChainHead } from "../chain/ChainHead.js";
import type { BotError } from "../context/BotEvent.js";
import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import { InvalidQueryError } from "../errors/sender.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { DEFAULT_POOL_LIMIT } from "./autoPendingLimit.js";
import type { BotCatalogue } from "./BotCatalogue.js";
import { MAX_PENDING_LIMIT } from "./BotConfig.js";
import type { BotContractInfo, BotDefinition } from "./BotDefinition.js";
import type { BotRunner } from "./BotRunner.js";
import type { ReclaimResult } from "./controls/WalletPool.js";
import { BotRegistry, type BotScenario } from "./engine/BotRegistry.js";
import { type BotStatusEntry, BotStatusReader } from "./engine/BotStatusReader.js";
import { type BotsOptions, type ResolvedBotsOptions, resolveBotsOptions } from "./engine/botsOptions.js";
import {
  type BotInstanceParameters,
  TrafficController,
  type TrafficImportResult,
} from "./engine/TrafficController.js";
import { HeadFeed } from "./HeadFeed.js";
import type { ChainCapacity } from "./runner/PendingLimit.js";
import type { BotRunnerControls, BotTransition } from "./runner/runnerTypes.js";
import type { TrafficDocument, TrafficGroup, TrafficValidation } from "./traffic/trafficDocument.js";

export type { BotScenario } from "./engine/BotRegistry.js";
export type { BotStatusEntry } from "./engine/BotStatusReader.js";
export type { BotsOptions, CatalogueSettings } from "./engine/botsOptions.js";
export type { BotInstanceParameters, TrafficImportResult } from "./engine/TrafficController.js";

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

export type BotLogs = {
  bot: string;
  /** The bot's transactions from the history, newest first. */
  transactions: TransactionEntry[];
  /** Its recent errors (this process), newest first. */
  errors: BotError[];
};

/** What the engine works with besides the send pipeline. */
export type BotEngineServices = {
  /** The platform's one follower of the chain's head: the bots' pacing and status follow it. */
  head: ChainHead;
  /** The platform's contracts, for the scenarios that use them (`ctx.platformContracts()`). */
  contracts?: PlatformContractsService | undefined;
};

/**
 * `platform.bots`: the catalogues' bots and any custom ones, each with its own key and loop.
 * Created by `createPlatform`. A facade over three parts: the registry of scenarios and bots
 * ({@link BotRegistry}), the traffic controller that starts and stops them, with instances and
 * groups ({@link TrafficController}), and the status reader that answers from memory
 * ({@link BotStatusReader}).
 */
export class BotEngine {
  readonly #ctx: SenderContext;
  readonly #options: BotsOptions<readonly BotCatalogue[]>;
  readonly #resolved: ResolvedBotsOptions;
  readonly #heads: HeadFeed;
  readonly #registry: BotRegistry;
  readonly #traffic: TrafficController;
  readonly #reader: BotStatusReader;
  #capacity: Promise<ChainCapacity> | undefined;
  #closed = false;

  constructor(
    ctx: SenderContext,
    options: BotsOptions<readonly BotCatalogue[]> = {},
    services: BotEngineServices,
  ) {
    this.#ctx = ctx;
    this.#options = options;
    // Names, key indexes and environment prefixes taken twice are refused before anything runs.
    const resolved = resolveBotsOptions(options);
    this.#resolved = resolved;
    this.#heads = new HeadFeed(services.head);
    this.#registry = new BotRegistry({
      storage: ctx.storage,
      catalogued: resolved.catalogued,
      custom: resolved.custom,
      runnerDependencies: {
        ctx,
        heads: this.#heads,
        funder: resolved.funder,
        funding: resolved.funding,
        maxFeePerGasCap: resolved.maxFeePerGasCap,
        chainCapacity: () => this.#chainCapacity(),
        contracts: services.contracts,
        restartBackoff: resolved.restartBackoff,
      },
      throughput: (name, config) => this.#traffic.throughput(name, config),
    });
    this.#traffic = new TrafficController(this.#registry, ctx.storage, (runner) => this.#loaded(runner));
    this.#reader = new BotStatusReader(ctx.client, this.#registry, {
      maxFeePerGasCap: resolved.maxFeePerGasCap,
      priorityFeePerGas: ctx.fees.priorityFeePerGas,
    });
  }

  /** Registers the catalogues' and custom bots, resumes those that were running, and follows the head. */
  async init() {
    const settings = this.#options as Record<string, Record<string, unknown> | undefined>;
    for (const definition of this.#resolved.catalogued) {
      const layers = [settings[definition.name], this.#resolved.env[definition.name]];
      await this.#loaded(await this.#registry.add(definition, layers));
    }
    for (const definition of this.#resolved.custom)
      await this.#loaded(await this.#registry.add(definition, []));
    await this.#traffic.restore();
    this.#reader.start(this.#heads, this.#ctx.client.pollingInterval, this.#ctx.events);
  }

  /** Registers a custom bot (see `defineBot`); it resumes if it was running when the platform last closed. */
  async register(definition: BotDefinition): Promise<void> {
    await this.#loaded(await this.#registry.add(definition, []));
    // Its instances kept from before come back with it.
    await this.#traffic.restore(definition.name);
  }

  /** Each bot's own sending address, by bot name, then its pool's wallets with their index. */
  accounts(): { name: string; address: `0x${string}`; wallet?: number }[] {
    return this.#registry.accounts();
  }

  /** Names of the registered bots. */
  names(): string[] {
    return this.#registry.names();
  }

  /**
   * The `source`s of the bots' records in the history: the registered bots, the instances removed
   * since, and stored instances of a custom scenario not registered (yet).
   */
  historySources(): string[] {
    return [...new Set([...this.#registry.names(), ...this.#traffic.unregisteredNames()])];
  }

  async start(name: string, overrides?: unknown): Promise<BotTransition> {
    return this.#traffic.start(name, overrides);
  }

  async stop(name: string): Promise<BotTransition> {
    return this.#traffic.stop(name);
  }

  /** Every bot's status, config and stats, by name: from memory, never waiting on the node. */
  async status(): Promise<Record<string, BotStatusEntry>> {
    return this.#reader.status();
  }

  /** One bot's status, config and stats. */
  async get(name: string): Promise<BotStatusEntry> {
    return this.#reader.get(name);
  }

  /**
   * The contracts of the bots that have one (erc20: its token; nft: its collection), by bot name:
   * name, Solidity contract, address, deployment block and ABI while the chain has its code,
   * null before the bot deployed it.
   */
  async contracts(): Promise<Record<string, BotContractInfo | null>> {
    return this.#reader.contracts();
  }

  /** The bot's recent transactions (from the history) and errors. */
  async logs(name: string, options: { limit?: number | undefined } = {}): Promise<BotLogs> {
    const runner = this.#registry.runner(name);
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
    await this.#registry.runner(name).settled();
  }

  /**
   * The chain went back (reset or revert, seen by the transaction watcher): running bots run their
   * setup again before their next tick, so that a contract the chain lost is deployed anew.
   */
  chainRewound() {
    for (const runner of this.#registry.runners()) runner.chainRewound();
    this.#reader.rewound(this.#heads.number);
  }

  /** Every scenario (built-in and custom bots), with the JSON Schema of its config and its bots. */
  scenarios(): BotScenario[] {
    return this.#registry.listScenarios();
  }

  /**
   * Adds a bot running `scenario` under `name`, with its own key (allocated by name, like a custom
   * bot's), config and stats; kept across restarts. Fails with `BOT_EXISTS` for a taken name,
   * `BOT_NOT_FOUND` for an unknown scenario, `INVALID_BOT_CONFIG` for a bad name or config.
   */
  async createInstance(parameters: BotInstanceParameters): Promise<BotStatusEntry> {
    const runner = await this.#traffic.createInstance(parameters);
    return this.#reader.get(runner.name);
  }

  /** Removes an instance made with `createInstance` (stopped first); its stored stats stay. */
  async removeInstance(name: string): Promise<void> {
    await this.#traffic.removeInstance(name);
    this.#reader.forget(name);
  }

  /** A bot's throughput, wallet pool, group and auto-restart as they stand. */
  async controls(name: string): Promise<BotControls> {
    const runner = this.#registry.runner(name);
    const member = this.#traffic.membership(name);
    return {
      bot: name,
      scenario: this.#registry.scenarioOf(name) ?? name,
      instance: this.#traffic.isInstance(name),
      group: member ? { name: member.group, weight: member.weight } : null,
      measuredTxPerBlock: this.#reader.measuredTxPerBlock(runner),
      ...runner.controls(),
    };
  }

  /**
   * Sends what the bot's wallet pool holds back to the funder (see `WalletPool.reclaim`); the bot
   * must be stopped (`INVALID_BOT_CONFIG` otherwise).
   */
  async reclaim(name: string): Promise<ReclaimResult> {
    return this.#registry.runner(name).reclaim();
  }

  /**
   * Sets (adds or replaces) a group: its budget, and optionally its members (name → weight). A
   * member's share is its weight over the weights of the group's running members.
   */
  async setGroup(group: TrafficGroup & { weights?: Record<string, number> | undefined }): Promise<void> {
    await this.#traffic.setGroup(group);
  }

  /** Removes a group: its members run at their own settings again (from their next start). */
  async removeGroup(name: string): Promise<void> {
    await this.#traffic.removeGroup(name);
  }

  /**
   * Checks a traffic document (object, or YAML/JSON text) against the scenarios' schemas and this
   * platform's bots, listing every problem by path.
   */
  validateTraffic(document: unknown): TrafficValidation {
    return this.#traffic.validate(document);
  }

  /**
   * The traffic set-up as a document: the groups, and each bot that runs, is an instance or is in
   * a group, with its config (that of its current or last run), weight, group and whether it
   * runs (`start: false` when not).
   */
  exportTraffic(): TrafficDocument {
    return this.#traffic.export();
  }

  /**
   * Applies a traffic document (object, or YAML/JSON text): checked whole first — an invalid one
   * fails with `INVALID_TRAFFIC_DOCUMENT` listing every problem, and nothing changes. Then its
   * groups replace the platform's, missing instances are created, every bot of the document is
   * (re)started with its config (unless `start: false`), and running bots it does not name are
   * stopped: the platform then runs what the document says.
   */
  async importTraffic(input: unknown): Promise<TrafficImportResult> {
    return this.#traffic.import(input);
  }

  /** Stops every loop for a shutdown; running bots stay marked running and resume on the next start. */
  async close() {
    this.#closed = true;
    this.#reader.stop(this.#ctx.events);
    await Promise.all([...this.#registry.runners()].map((runner) => runner.close()));
  }

  /** A bot just registered: its stored state is read, and it resumes if it was running. */
  async #loaded(runner: BotRunner) {
    const { resume, config } = await runner.load();
    if (!resume || !(this.#options.resume ?? true)) return;
    // The last run's config if it is still valid, else the configured one. A bot the node cannot
    // run (a fork it lacks) stays stopped, its refusal reported; it resumes on a later start.
    const resumeRun = () =>
      runner
        .start(config ?? undefined)
        .catch(() => runner.start())
        .catch((error: unknown) => runner.resumeRefused(error));
    const after = this.#options.resumeAfter;
    if (after === undefined) {
      await resumeRun();
      return;
    }
    runner.holdResume(config);
    // Nothing waits for it: the second start uses the configured config, checked when the bot was
    // registered, so it does not fail; a rejected `after` means "do not resume".
    void after.then(() => (this.#closed ? undefined : resumeRun())).catch(() => undefined);
  }

  /**
   * The block gas limit and the node's pool limit per sender (see `poolLimit`), read once; a failed
   * read is tried again on the next start.
   */
  #chainCapacity(): Promise<ChainCapacity> {
    this.#capacity ??= (async () => {
      const client = this.#ctx.client;
      const [block, clientVersion] = await Promise.all([
        client.getBlock({ blockTag: "latest" }),
        client.request({ method: "web3_clientVersion" }).catch(() => ""),
      ]);
      const poolLimit =
        this.#resolved.poolLimit ??
        (String(clientVersion).toLowerCase().startsWith("anvil") ? MAX_PENDING_LIMIT : DEFAULT_POOL_LIMIT);
      return { blockGasLimit: block.gasLimit, poolLimit };
    })().catch((error: unknown) => {
      this.#capacity = undefined;
      throw error;
    });
    return this.#capacity;
  }
}
