import type { Address, LocalAccount } from "viem";
import { InvalidBotConfigError } from "../errors/bots.js";
import type { LifecycleState } from "../lifecycle/lifecycleState.js";
import { type BotBaseConfig, mergeBotConfig } from "./BotConfig.js";
import type { BotContractInfo, BotDefinition } from "./BotDefinition.js";
import { BotStats } from "./BotStats.js";
import type { ReclaimResult } from "./controls/WalletPool.js";
import { isClosing, isRunning, marksRunning, type RunnerState, type StoredRun } from "./RunnerState.js";
import type { BotReporter } from "./runner/BotReporter.js";
import type { BotSender } from "./runner/BotSender.js";
import type { BotStateStore } from "./runner/BotStateStore.js";
import { createBotContext, type RecipientPicker } from "./runner/botContext.js";
import type { FundingLoop } from "./runner/FundingLoop.js";
import type { PendingLimit } from "./runner/PendingLimit.js";
import type { RunControls } from "./runner/RunControls.js";
import { assembleRunnerParts, type BotRunnerDependencies, setupIs } from "./runner/runnerParts.js";
import type { BotRunnerControls, BotStatus, BotTransition } from "./runner/runnerTypes.js";
import type { SetupSupervisor } from "./runner/SetupSupervisor.js";
import type { TickLoop } from "./runner/TickLoop.js";
import type { Wakeups } from "./runner/Wakeups.js";

export type { PersistedBotState } from "./runner/BotStateStore.js";
export type { BotRunnerDependencies } from "./runner/runnerParts.js";
export type { BotRestartStatus, BotRunnerControls, BotStatus, BotTransition } from "./runner/runnerTypes.js";

/**
 * Runs one bot on its lifecycle (one state, held by core's `lifecycleState`), its starts, stops
 * and close one after another. The work is its parts': the tick loop ({@link TickLoop}), the sends
 * ({@link BotSender}), the funding ({@link FundingLoop}), setup and its retries
 * ({@link SetupSupervisor}), the stored state ({@link BotStateStore}), the throughput gate and the
 * wallet pool ({@link RunControls}), the events and errors ({@link BotReporter}). An error never
 * stops a bot: it is counted, reported and the next tick (or setup) runs after a short pause.
 */
export class BotRunner<Config extends BotBaseConfig = BotBaseConfig> {
  readonly definition: BotDefinition<Config>;
  readonly account: LocalAccount;
  readonly stats = new BotStats();
  readonly #deps: BotRunnerDependencies;
  readonly #configured: Config;
  #runConfig: Config | undefined;
  readonly #state: LifecycleState<RunnerState>;
  readonly #wakeups: Wakeups;
  readonly #store: BotStateStore;
  readonly #reporter: BotReporter;
  readonly #funds: FundingLoop;
  readonly #pending: PendingLimit;
  readonly #sender: BotSender;
  readonly #supervisor: SetupSupervisor;
  readonly #controls: RunControls;
  readonly #ticks: TickLoop<Config>;
  readonly #recipients: RecipientPicker;
  /** The start, stop or close under way: the next one waits for it, so that they never overlap. */
  #busy: Promise<void> | undefined;
  #loop: Promise<void> | undefined;
  /** How often the chain went back: a tick begun before the last time sends nothing. */
  #rewinds = 0;

  constructor(
    definition: BotDefinition<Config>,
    account: LocalAccount,
    configured: Config,
    deps: BotRunnerDependencies,
  ) {
    this.definition = definition;
    this.account = account;
    this.#configured = configured;
    this.#deps = deps;
    const parts = assembleRunnerParts(definition, account, deps, {
      stats: this.stats,
      storedRun: () => this.#storedRun(),
      rewinds: () => this.#rewinds,
    });
    this.#state = parts.state;
    this.#wakeups = parts.wakeups;
    this.#store = parts.store;
    this.#reporter = parts.reporter;
    this.#funds = parts.funds;
    this.#pending = parts.pending;
    this.#controls = parts.controls;
    this.#sender = parts.sender;
    this.#supervisor = parts.supervisor;
    this.#ticks = parts.ticks;
    this.#recipients = parts.recipients;
  }

  get name() {
    return this.definition.name;
  }

  get status(): BotStatus {
    return marksRunning(this.#state.current) ? "Running" : "Stopped";
  }

  /** The config of the current run (with the pending limit in force), or the configured defaults while stopped. */
  get config(): Config {
    return marksRunning(this.#state.current) && this.#runConfig
      ? this.#pending.shown(this.#runConfig)
      : this.#configured;
  }

  /** Its recent errors (this process), newest first. */
  get recentErrors() {
    return this.#reporter.recentErrors;
  }

  /** Where the bot's contract is, as its data says (whether the chain still has it is not checked). */
  contract(): BotContractInfo | null {
    const spec = this.definition.contract;
    const address = spec && this.#store.data[spec.key];
    if (!spec || typeof address !== "string") return null;
    const block = this.#store.data[`${spec.key}BlockNumber`];
    const { key: _, ...described } = spec;
    return {
      ...described,
      address: address as Address,
      blockNumber: typeof block === "string" ? BigInt(block) : null,
    };
  }

  /** Reads the persisted state; `resume` when the bot was running and should resume. */
  async load(): Promise<{ resume: boolean; config: Record<string, unknown> | null }> {
    const saved = await this.#store.read();
    if (!saved) return { resume: false, config: null };
    this.stats.load(saved.counters);
    // Transactions a previous run left pending are counted when they settle.
    for (const id of this.stats.pendingIds) void this.#sender.follow(id);
    return { resume: saved.running, config: saved.config };
  }

  /**
   * The bot was running when the platform last closed and resumes later (`resumeAfter`): until
   * then a close keeps it marked running, with `config`, so that the next start resumes it.
   */
  holdResume(config: Record<string, unknown> | null) {
    this.#state.move({ status: "stopped", held: { config } });
  }

  /**
   * A resume the bot's `check` refused (the node lacks a fork it needs): the bot is stopped (a
   * held resume let go) and stored so, with the refusal reported as its error.
   */
  resumeRefused(error: unknown) {
    if (this.#state.current.status === "stopped") this.#state.move({ status: "stopped" });
    this.#reporter.error(error);
  }

  /** Starts the loop with the configured settings, overridden by `overrides` for this run. */
  start(overrides?: unknown): Promise<BotTransition> {
    return this.#serially(() => this.#start(overrides));
  }

  async #start(overrides: unknown): Promise<BotTransition> {
    if (isRunning(this.#state.current)) return this.#answer("Running", false, "is already running");
    const config = mergeBotConfig(this.name, this.definition.schema, this.#configured, overrides);
    // A run the bot cannot do (a fork the node lacks) is refused here, before anything is stored.
    await this.definition.check?.({ name: this.name, config, client: this.#deps.ctx.client });
    const explicit =
      this.#deps.explicitMaxPending ||
      (typeof overrides === "object" && overrides !== null && "maxPending" in overrides);
    const throughput = this.#deps.throughput(config);
    this.#pending.begin((config.interval === 0 || throughput !== undefined) && !explicit);
    this.#runConfig = config;
    this.#controls.begin(config, throughput, () => this.config);
    this.#supervisor.begin();
    this.#state.move({ status: "starting" });
    await this.#store.save();
    this.#state.move({ status: "running", setupDone: false });
    this.#reporter.emit({ type: "started", message: `${this.name} bot started` });
    const ctx = createBotContext(
      {
        ...this.#deps,
        name: this.name,
        account: this.account,
        head: this.#deps.heads,
        sender: this.#sender,
        store: this.#store,
        reporter: this.#reporter,
        stats: this.stats,
        recipients: this.#recipients,
        wallets: this.#controls.poolAddresses(),
        background: (task) => this.#background(task),
      },
      config,
    );
    this.#loop = this.#ticks.run(ctx, config);
    return this.#answer("Running", true, "started");
  }

  /** Stops the loop; transactions already sent still settle and are counted. */
  stop(): Promise<BotTransition> {
    return this.#serially(async () => {
      if (!isRunning(this.#state.current)) return this.#answer("Stopped", false, "is already stopped");
      await this.#halt({
        status: "stopping",
        reason: "request",
        stored: { running: false, config: this.#persistedConfig() },
      });
      this.#state.move({ status: "stopped" });
      await this.#store.save();
      this.#reporter.emit({ type: "stopped", message: `${this.name} bot stopped` });
      return this.#answer("Stopped", true, "stopped");
    });
  }

  /** Stops the loop for a platform shutdown: the stored state still says running, so it resumes. */
  close(): Promise<void> {
    return this.#serially(async () => {
      if (this.#state.current.status === "closed") return;
      // A bot whose resume was still held stays marked running too, with the config it had.
      const stored = this.#storedRun();
      await this.#halt({ status: "stopping", reason: "close", stored });
      await this.#store.save();
      this.#state.move({ status: "closed", stored });
    });
  }

  /**
   * The chain went back (reset or revert): what setup deployed or read may be gone, so it runs
   * again before the next tick (and reuses whatever still has code); the balance is checked again.
   */
  chainRewound() {
    this.#rewinds++;
    this.#funds.checkNow();
    setupIs(this.#state, false);
  }

  /**
   * Resolves once nothing the bot sent is pending any more, and no top-up of its balance either
   * (or the platform closes).
   */
  async settled(): Promise<void> {
    while (!isClosing(this.#state.current)) {
      const checking = this.#funds.checking;
      if (checking) {
        // Its failure is reported to the tick that waited for it, if any; here it just ended.
        await checking.catch(() => undefined);
        continue;
      }
      if (this.stats.pending === 0) return;
      await this.#wakeups.next();
    }
  }

  /** The addresses of the wallet pool the bot sends (or last sent) from; empty without one. */
  poolAddresses(): Address[] {
    return this.#controls.poolAddresses();
  }

  /**
   * The config a traffic document should give the bot: that of its current or last run (without a
   * pending limit that followed the chain), else the configured one.
   */
  exportConfig(): Record<string, unknown> {
    return { ...(this.#persistedConfig() ?? this.#configured) };
  }

  /** Throughput, wallet pool and auto-restart as they stand. */
  controls(): BotRunnerControls {
    const restart = this.#supervisor.status(isRunning(this.#state.current));
    return this.#controls.status(this.config, this.#runConfig, marksRunning(this.#state.current), restart);
  }

  /**
   * Sends what the wallet pool's wallets hold (less a transfer's fee each) back to the funder:
   * the pool of the last run, or of the configured settings. The bot must be stopped.
   */
  reclaim(): Promise<ReclaimResult> {
    return this.#serially(async () => {
      if (marksRunning(this.#state.current)) {
        throw new InvalidBotConfigError(this.name, "stop the bot before reclaiming its wallets' funds.");
      }
      const pool = this.#controls.poolFor(this.#runConfig ?? this.#configured);
      if (!pool) return { funder: this.#deps.funder.address, reclaimed: [], total: 0n };
      this.#controls.keep(pool);
      await this.settled();
      return pool.reclaim();
    });
  }

  /**
   * Runs a start, stop, close or reclaim once the one under way (if any) has ended: a start during
   * a stop begins after the old loop ended, a close during a start stops the loop it began. When
   * none is under way it begins at once, as a direct call would.
   */
  #serially<T>(operation: () => Promise<T>): Promise<T> {
    const result = this.#busy ? this.#busy.then(operation) : operation();
    const done = result.then(
      () => undefined,
      () => undefined,
    );
    this.#busy = done;
    void done.then(() => {
      if (this.#busy === done) this.#busy = undefined;
    });
    return result;
  }

  #answer(status: BotStatus, changed: boolean, what: string): BotTransition {
    return { bot: this.name, status, changed, message: `The ${this.name} bot ${what}.` };
  }

  /** Enters `stopping` (the loop's ticks and setup see it and end) and waits for the loop. */
  async #halt(stopping: Extract<RunnerState, { status: "stopping" }>) {
    this.#state.move(stopping);
    this.#controls.end();
    this.#wakeups.wake();
    await this.#loop;
    this.#loop = undefined;
  }

  /** Runs work a tick does not wait for; its failure is the bot's error, like a tick's. */
  #background(task: () => Promise<unknown>) {
    void (async () => {
      try {
        await task();
      } catch (error) {
        // Cut short by the platform closing: not the bot's error (the work resumes, if at all,
        // with the next run).
        if (isClosing(this.#state.current)) return;
        this.#reporter.error(error);
      }
    })();
  }

  /**
   * The run's config as a resumed run should get it: without the pending limit when it follows
   * the chain, so that it follows the chain again then (it is not an explicit `maxPending`).
   */
  #persistedConfig(): Record<string, unknown> | null {
    if (!this.#runConfig) return null;
    if (!this.#pending.followsChain) return this.#runConfig;
    const { maxPending: _, ...config } = this.#runConfig;
    return config;
  }

  /** What the stored state says of the run in the runner's state now. */
  #storedRun(): StoredRun {
    const state = this.#state.current;
    switch (state.status) {
      case "stopped":
        return state.held
          ? { running: true, config: state.held.config }
          : { running: false, config: this.#persistedConfig() };
      case "starting":
      case "running":
        return { running: true, config: this.#persistedConfig() };
      case "stopping":
      case "closed":
        return state.stored;
    }
  }
}
