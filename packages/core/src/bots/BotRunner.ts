import { type Address, concat, getAddress, type Hex, type LocalAccount, toHex } from "viem";
import type { BotError, BotEvent } from "../context/BotEvent.js";
import { toTransactionEntry } from "../context/TransactionEntry.js";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import { InvalidBotConfigError } from "../errors/bots.js";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { TransactionFailedError } from "../errors/sender.js";
import { toErrorRecord } from "../errors/toErrorRecord.js";
import { TRANSFER_GAS } from "../fees/transferGas.js";
import { CREATE2_FACTORY_ADDRESS } from "../sender/create2Factory.js";
import { deployCreate2 } from "../sender/deployCreate2.js";
import { estimateTransactionGas } from "../sender/estimateTransactionGas.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { type SendTransactionReturnType, sendTransaction } from "../sender/sendTransaction.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import { waitForTransaction } from "../transactions/waitForTransaction.js";
import { autoPendingLimit } from "./autoPendingLimit.js";
import { type BotBaseConfig, mergeBotConfig } from "./BotConfig.js";
import type { BotContext, BotContractInfo, BotDefinition, BotTransaction } from "./BotDefinition.js";
import { BotFunding } from "./BotFunding.js";
import { BotStats, type PersistedBotCounters } from "./BotStats.js";
import { DEFAULT_WALLET_SEED } from "./controls/deriveChildKey.js";
import { type Throughput, ThroughputGate } from "./controls/ThroughputGate.js";
import { type PoolWallet, type ReclaimResult, WalletPool } from "./controls/WalletPool.js";
import { type RunnerState, type StoredRun, transition } from "./RunnerState.js";

export type BotStatus = "Running" | "Stopped";

/** What the engine keeps in `storage.state` under `bots:<name>`. */
export type PersistedBotState = {
  running: boolean;
  /** The config of the current (or last) run, so that a resumed bot runs as it did. */
  config: Record<string, unknown> | null;
  /** The bot's own data: deployed contract addresses… */
  data: Record<string, unknown>;
  counters: PersistedBotCounters;
};

export type BotRunnerDependencies = {
  ctx: SenderContext;
  /** Tops bots up. */
  funder: LocalAccount;
  /**
   * A bot's balance is kept at least at `minBalance` (wei) and ahead of its measured spend; a
   * top-up sends at least `topUp` (wei). See {@link BotFunding}.
   */
  funding: { minBalance: bigint; topUp: bigint };
  /** Every bot's address, lower-case: never picked as a recipient. */
  botAddresses(): ReadonlySet<string>;
  /** The chain's block gas limit and the node's pool limit per sender, for the pending limit at interval 0. */
  chainCapacity(): Promise<{ blockGasLimit: bigint; poolLimit: number }>;
  /** `maxPending` was set in the platform's options or the environment: it holds at interval 0 too. */
  explicitMaxPending: boolean;
  /** The platform's contracts, for `ctx.platformContracts()`; absent on an engine made without them. */
  contracts?: PlatformContractsService | undefined;
  /** The bot's own private key: the root of its wallet pool's derivation. */
  rootKey: Hex;
  /**
   * The throughput a run holds: the config's `txPerBlock`/`txPerSecond`, or the bot's share of its
   * group's budget; undefined when it runs at its `interval`. Read again at each release.
   */
  throughput(config: BotBaseConfig): Throughput | undefined;
  /** The pause after each failed setup: `initialMs`, doubling up to `maxMs`. */
  restartBackoff: { initialMs: number; maxMs: number };
};

/** Where a bot is in its auto-restart: how often its setup failed in a row, and when it tries again. */
export type BotRestartStatus = {
  /** "ok": setup ran (or has not failed); "backoff": setup failed and is tried again at `nextAttemptAt`. */
  state: "ok" | "backoff";
  /** Setup failures in a row (0 once it ran). */
  failures: number;
  /** The pause before the next attempt, ms; null when not in backoff. */
  backoffMs: number | null;
  /** ISO 8601 UTC; null when not in backoff. */
  nextAttemptAt: string | null;
  /** Times the bot's run was restarted (setup run again) after its ticks kept failing. */
  restarts: number;
};

/** A bot's controls as they stand: throughput, wallet pool and restarts. */
export type BotRunnerControls = {
  throughput: { txPerBlock: number | null; txPerSecond: number | null; released: number };
  wallets: { seed: string; addresses: Address[]; topUps: number; batches: number } | null;
  restart: BotRestartStatus;
};

/** The answer of start and stop: the bot's status afterwards, and whether it changed. */
export type BotTransition = { bot: string; status: BotStatus; changed: boolean; message: string };

const RECENT_ERRORS = 20;
const COUNTERS_SAVE_EVERY_MS = 250;
const FUNDS_CHECK_EVERY_MS = 3_000;
const WALLETS_CACHE_MS = 5_000;
/** Pause after an error before the next try, so a lasting fault does not spin. */
const ERROR_BACKOFF_MS = 1_000;
/**
 * Most ticks running at once at interval 0 (and never more than `maxPending`): enough that the
 * nonce manager's queue does not run dry between its sessions, which cost a reconcile each.
 */
const MAX_CONCURRENT_TICKS = 256;
/** Ticks failing in a row after which the run restarts: its setup runs again before the next tick. */
const RESTART_AFTER_TICK_ERRORS = 10;

/**
 * Runs one bot: its loop of ticks, its sends (all through the platform's nonce manager, under the
 * bot's own key), its funding, stats, events and persisted state. An error never stops it: it is
 * counted, reported and the next tick (or setup) runs after a short pause.
 */
export class BotRunner<Config extends BotBaseConfig = BotBaseConfig> {
  readonly definition: BotDefinition<Config>;
  readonly account: LocalAccount;
  readonly stats = new BotStats();
  readonly recentErrors: BotError[] = [];
  readonly #deps: BotRunnerDependencies;
  #configured: Config;
  #runConfig: Config | undefined;
  #data: Record<string, unknown> = {};
  /** The lifecycle: changed only by {@link BotRunner.#enter}, through the transition table. */
  #state: RunnerState = { status: "stopped" };
  /** The start, stop or close under way: the next one waits for it, so that they never overlap. */
  #busy: Promise<void> | undefined;
  #loop: Promise<void> | undefined;
  /** How often the chain went back: a tick begun before the last time sends nothing (see #tick). */
  #rewinds = 0;
  /** What the last setup returned: handed to each tick of the run. */
  #setupResult: unknown;
  #setupRun: Promise<boolean> | undefined;
  #wakers = new Set<() => void>();
  #reserved = 0;
  #lastFundsCheck = 0;
  #fundsCheck: Promise<void> | undefined;
  #fundNow = true;
  readonly #funding: BotFunding;
  /** Max fee per gas a send may pay (see #topUp), for the spend of each send. */
  #feePerGas = 0n;
  /** This run's pending limit follows the chain (interval 0, no explicit `maxPending`). */
  #autoPending = false;
  #capacity: { blockGasLimit: bigint; poolLimit: number } | undefined;
  /** The bot's gas limit per transaction, a moving average of its sends (a transfer's to start). */
  #gasPerTransaction = TRANSFER_GAS;
  #walletsCache: { at: number; addresses: Address[] } | undefined;
  #saving: Promise<void> | undefined;
  #dirty = false;
  #saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The run's throughput gate, when it holds a throughput instead of an interval. */
  #gate: ThroughputGate | undefined;
  /** The wallet pool (kept across runs while its seed and size stay the same). */
  #pool: WalletPool | undefined;
  #usePool = false;
  #setupFailures = 0;
  #nextAttemptAt: number | null = null;
  #backoffMs: number | null = null;
  #tickErrors = 0;
  #restarts = 0;

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
    this.#funding = new BotFunding(deps.funding);
  }

  get name() {
    return this.definition.name;
  }

  get status(): BotStatus {
    return this.#marksRunning ? "Running" : "Stopped";
  }

  /** The config of the current run, or the configured defaults while stopped. */
  get config(): Config {
    return this.#marksRunning && this.#runConfig ? this.#runConfig : this.#configured;
  }

  /** Running, starting, or closed while running (it resumes on the next start). */
  get #marksRunning(): boolean {
    const state = this.#state;
    return (
      state.status === "running" ||
      state.status === "starting" ||
      (state.status === "closed" && state.stored.running)
    );
  }

  /** The loop runs: its ticks and setup go on. */
  get #running(): boolean {
    return this.#state.status === "running";
  }

  /** The platform is closing or closed: work cut short by it is not the bot's error. */
  get #closing(): boolean {
    const state = this.#state;
    return state.status === "closed" || (state.status === "stopping" && state.reason === "close");
  }

  /** The one way the lifecycle changes: a move the table lacks throws (see RunnerState.ts). */
  #enter(next: RunnerState) {
    transition(this.#state.status, next.status, this.name);
    this.#state = next;
  }

  /**
   * Runs a start, stop or close once the one under way (if any) has ended: a start during a stop
   * begins after the old loop ended, a close during a start stops the loop it began. When none is
   * under way it begins at once, as a direct call would.
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

  get #stateKey() {
    return `bots:${this.name}`;
  }

  /** Where the bot's contract is, as its data says (whether the chain still has it is not checked). */
  contract(): BotContractInfo | null {
    const spec = this.definition.contract;
    const address = spec && this.#data[spec.key];
    if (!spec || typeof address !== "string") return null;
    const block = this.#data[`${spec.key}BlockNumber`];
    const { key: _, ...described } = spec;
    return {
      ...described,
      address: address as Address,
      blockNumber: typeof block === "string" ? BigInt(block) : null,
    };
  }

  /** Reads the persisted state; returns true when the bot was running and should resume. */
  async load(): Promise<{ resume: boolean; config: Record<string, unknown> | null }> {
    const saved = await this.#deps.ctx.storage.state.get<PersistedBotState>(this.#stateKey);
    if (!saved) return { resume: false, config: null };
    this.#data = saved.data ?? {};
    this.stats.load(saved.counters);
    // Transactions a previous run left pending are counted when they settle.
    for (const id of this.stats.pendingIds) void this.#follow(id);
    return { resume: saved.running, config: saved.config };
  }

  /**
   * The bot was running when the platform last closed and resumes later (`resumeAfter`): until
   * then a close keeps it marked running, with `config`, so that the next start resumes it.
   */
  holdResume(config: Record<string, unknown> | null) {
    this.#enter({ status: "stopped", held: { config } });
  }

  /**
   * A resume the bot's `check` refused (the node lacks a fork it needs): the bot is stopped (a
   * held resume let go) and stored so, with the refusal reported as its error.
   */
  resumeRefused(error: unknown) {
    if (this.#state.status === "stopped") this.#enter({ status: "stopped" });
    this.#reportError(error);
  }

  /** Starts the loop with the configured settings, overridden by `overrides` for this run. */
  start(overrides?: unknown): Promise<BotTransition> {
    return this.#serially(() => this.#start(overrides));
  }

  async #start(overrides: unknown): Promise<BotTransition> {
    if (this.#state.status === "running") {
      return {
        bot: this.name,
        status: "Running",
        changed: false,
        message: `The ${this.name} bot is already running.`,
      };
    }
    const config = mergeBotConfig(this.name, this.definition.schema, this.#configured, overrides);
    // A run the bot cannot do (a fork the node lacks) is refused here, before anything is stored.
    await this.definition.check?.({ name: this.name, config, client: this.#deps.ctx.client });
    const explicit =
      this.#deps.explicitMaxPending ||
      (typeof overrides === "object" && overrides !== null && "maxPending" in overrides);
    const throughput = this.#deps.throughput(config);
    this.#autoPending = (config.interval === 0 || throughput !== undefined) && !explicit;
    this.#capacity = undefined;
    this.#runConfig = config;
    this.#gate = throughput
      ? new ThroughputGate(this.#deps.ctx.client, () => this.#deps.throughput(this.config) ?? throughput)
      : undefined;
    this.#usePool = config.wallets !== undefined;
    if (this.#usePool) this.#pool = this.#poolFor(config);
    this.#setupFailures = 0;
    this.#nextAttemptAt = null;
    this.#backoffMs = null;
    this.#tickErrors = 0;
    this.#enter({ status: "starting" });
    await this.#save();
    this.#enter({ status: "running", setupDone: false });
    this.#emit({ type: "started", message: `${this.name} bot started` });
    this.#loop = this.#run(config);
    return { bot: this.name, status: "Running", changed: true, message: `The ${this.name} bot started.` };
  }

  /** Stops the loop; transactions already sent still settle and are counted. */
  stop(): Promise<BotTransition> {
    return this.#serially(() => this.#stop());
  }

  async #stop(): Promise<BotTransition> {
    if (this.#state.status !== "running") {
      return {
        bot: this.name,
        status: "Stopped",
        changed: false,
        message: `The ${this.name} bot is already stopped.`,
      };
    }
    await this.#halt({
      status: "stopping",
      reason: "request",
      stored: { running: false, config: this.#persistedConfig() },
    });
    this.#enter({ status: "stopped" });
    await this.#save();
    this.#emit({ type: "stopped", message: `${this.name} bot stopped` });
    return { bot: this.name, status: "Stopped", changed: true, message: `The ${this.name} bot stopped.` };
  }

  /** Stops the loop for a platform shutdown: the stored state still says running, so it resumes. */
  close(): Promise<void> {
    return this.#serially(() => this.#close());
  }

  async #close() {
    if (this.#state.status === "closed") return;
    // A bot whose resume was still held stays marked running too, with the config it had.
    const stored = this.#storedRun();
    await this.#halt({ status: "stopping", reason: "close", stored });
    await this.#save();
    this.#enter({ status: "closed", stored });
  }

  /**
   * The chain went back (reset or revert): what setup deployed or read may be gone, so it runs
   * again before the next tick (and reuses whatever still has code); the balance is checked again.
   */
  chainRewound() {
    this.#rewinds++;
    this.#fundNow = true;
    if (this.#running) this.#enter({ status: "running", setupDone: false });
  }

  /**
   * Resolves once nothing the bot sent is pending any more, and no top-up of its balance either
   * (or the platform closes).
   */
  async settled(): Promise<void> {
    while (!this.#closing) {
      if (this.#fundsCheck) {
        // Its failure is reported to the tick that waited for it, if any; here it just ended.
        await this.#fundsCheck.catch(() => undefined);
        continue;
      }
      if (this.stats.pending === 0) return;
      await new Promise<void>((resolve) => this.#wakers.add(resolve));
    }
  }

  /** Enters `stopping` (the loop's ticks and setup see it and end) and waits for the loop. */
  async #halt(stopping: Extract<RunnerState, { status: "stopping" }>) {
    this.#enter(stopping);
    this.#gate?.close();
    this.#wake();
    await this.#loop;
    this.#loop = undefined;
  }

  #wake() {
    const wakers = [...this.#wakers];
    this.#wakers.clear();
    for (const wake of wakers) wake();
  }

  /** Waits `ms`, or less if the bot stops. */
  #pause(ms: number) {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#wakers.add(done);
    });
  }

  /** Waits until one of the bot's transactions settles, or the bot stops. */
  #untilSettled() {
    return new Promise<void>((resolve) => this.#wakers.add(resolve));
  }

  async #run(config: Config) {
    const ctx = this.#context(config);
    if (this.#autoPending) await this.#readCapacity();
    if (!(await this.#setup(ctx, config))) return;
    const workers =
      config.interval === 0 || this.#gate ? Math.min(this.#pendingLimit(config), MAX_CONCURRENT_TICKS) : 1;
    await Promise.all(Array.from({ length: workers }, () => this.#work(ctx, config)));
  }

  /**
   * The chain's capacity for this run's pending limit; until it is known (the node did not
   * answer), the configured `maxPending` holds.
   */
  async #readCapacity() {
    try {
      this.#capacity = await this.#deps.chainCapacity();
      this.#applyPendingLimit();
    } catch {
      this.#capacity = undefined;
    }
  }

  /** Most unconfirmed transactions now: the chain's capacity at interval 0 (see autoPendingLimit), else `maxPending`. */
  #pendingLimit(config: Config): number {
    if (!this.#autoPending || !this.#capacity) return config.maxPending;
    return autoPendingLimit({ ...this.#capacity, gasPerTransaction: this.#gasPerTransaction });
  }

  /** The running config shows the pending limit in force, so that the status tells what the bot does. */
  #applyPendingLimit() {
    if (!this.#autoPending || !this.#runConfig || !this.#capacity) return;
    const limit = this.#pendingLimit(this.#runConfig);
    if (limit !== this.#runConfig.maxPending) this.#runConfig = { ...this.#runConfig, maxPending: limit };
  }

  /**
   * Runs setup (deployments) until it works (true) or the bot stops (false), retrying after each
   * error; ticks that ask meanwhile share the same run.
   */
  #setup(ctx: BotContext<Config>, config: Config): Promise<boolean> {
    this.#setupRun ??= (async () => {
      // The chain going back while this runs leaves setup due again: it found the old chain.
      const rewinds = this.#rewinds;
      while (this.#running) {
        try {
          await this.#ensureFunds();
          if (!this.#running) return false;
          this.#setupResult = await this.definition.setup(ctx);
          if (this.#running && rewinds === this.#rewinds) this.#enter({ status: "running", setupDone: true });
          this.#setupFailures = 0;
          this.#nextAttemptAt = null;
          this.#backoffMs = null;
          return true;
        } catch (error) {
          if (!this.#running) return false;
          // Auto-restart: tried again after a pause that doubles with each failure in a row, up
          // to the most; the status shows where it stands (see #restartStatus).
          const { initialMs, maxMs } = this.#deps.restartBackoff;
          this.#setupFailures++;
          const backoff = Math.min(maxMs, initialMs * 2 ** Math.min(this.#setupFailures - 1, 30));
          this.#backoffMs = Math.max(backoff, config.interval > 0 ? Math.min(config.interval, maxMs) : 0);
          this.#nextAttemptAt = Date.now() + this.#backoffMs;
          this.#reportError(error);
          await this.#pause(this.#backoffMs);
        }
      }
      return false;
    })().finally(() => {
      this.#setupRun = undefined;
    });
    return this.#setupRun;
  }

  async #work(ctx: BotContext<Config>, config: Config) {
    while (this.#running) {
      if (this.#state.status === "running" && !this.#state.setupDone && !(await this.#setup(ctx, config))) {
        return;
      }
      if (this.stats.pending + this.#reserved >= this.#pendingLimit(config)) {
        await this.#untilSettled();
        continue;
      }
      this.#reserved++;
      try {
        await this.#tick(ctx);
        this.#tickErrors = 0;
      } catch (error) {
        if (!this.#running) return;
        // Begun before the chain went back: setup runs again first (the loop's next turn).
        if (error instanceof OutdatedTickError) continue;
        this.#reportError(error);
        // Ticks that keep failing: the run restarts, its setup runs again before the next tick.
        if (++this.#tickErrors >= RESTART_AFTER_TICK_ERRORS && this.#state.status === "running") {
          this.#tickErrors = 0;
          this.#restarts++;
          this.#enter({ status: "running", setupDone: false });
        }
        await this.#pause(Math.max(ERROR_BACKOFF_MS, this.#gate ? 0 : config.interval));
        continue;
      } finally {
        this.#reserved--;
      }
      if (config.interval > 0 && !this.#gate) await this.#pause(config.interval);
    }
  }

  /**
   * One tick. One begun before the chain went back works from what setup found on the old chain:
   * it waits for its funds without knowing, then would send to a contract that is gone — taking
   * the nonce the bot's new deployment is to have. Its sends are refused instead
   * ({@link OutdatedTickError}), before a nonce is given.
   */
  async #tick(ctx: BotContext<Config>) {
    const rewinds = this.#rewinds;
    const outdated = () => {
      if (rewinds !== this.#rewinds) throw new OutdatedTickError();
    };
    const pool = this.#usePool ? this.#pool : undefined;
    // With a pool, the wallets are funded by the pool; the bot's own key only for what it sends itself.
    const wallet = pool ? await pool.acquire(() => this.#running) : undefined;
    if (!pool) await this.#ensureFunds();
    if (!this.#running) return;
    outdated();
    const gate = this.#gate;
    const send: BotContext<Config>["send"] = async (transaction) => {
      outdated();
      if (gate && !(await gate.take())) throw new StoppedError();
      outdated();
      return this.#send(transaction, outdated, wallet);
    };
    if (!wallet) {
      await this.definition.tick({ ...ctx, send, root: { ...ctx.root, send } }, this.#setupResult);
      return;
    }
    // The bot's own key sends for the pool's wallets (an owner's mint): a transaction of the tick
    // like the wallet's, released by the same gate — else a scenario whose every other send is a
    // mint (nft, erc1155's mint turns) would run above its throughput.
    const rootSend: BotContext<Config>["send"] = async (transaction) => {
      outdated();
      if (gate && !(await gate.take())) throw new StoppedError();
      outdated();
      await this.#ensureFunds(false);
      outdated();
      return this.#send(transaction, outdated);
    };
    await this.definition.tick(
      {
        ...ctx,
        account: wallet.account,
        address: wallet.address,
        send,
        root: { ...ctx.root, send: rootSend },
      },
      this.#setupResult,
    );
  }

  #context(config: Config): BotContext<Config> {
    const send = (transaction: BotTransaction) => this.#send(transaction);
    return {
      root: { account: this.account, address: this.account.address, send },
      wallets: this.#usePool && this.#pool ? this.#pool.wallets.map((wallet) => wallet.address) : [],
      name: this.name,
      address: this.account.address,
      account: this.account,
      config,
      client: this.#deps.ctx.client,
      send: (transaction) => this.#send(transaction),
      data: {
        get: <T>(key: string) => this.#data[key] as T | undefined,
        set: async (key, value) => {
          this.#data = { ...this.#data, [key]: value };
          await this.#save();
        },
      },
      emit: (event) => this.#emit(event),
      background: (task) => this.#background(task),
      pickRecipient: (source) =>
        this.#pickRecipient(
          source ?? (config as { recipients?: "wallets" | "fresh" }).recipients ?? "wallets",
        ),
      count: (counter, by = 1) => {
        this.stats.count(counter, by);
        this.#scheduleSave();
      },
      platformContracts: async () => {
        const contracts = this.#deps.contracts;
        if (!contracts)
          throw new InvalidBotConfigError(this.name, "this bot engine has no platform contracts.");
        return contracts.get();
      },
    };
  }

  /** `check` runs once the gas is estimated, before anything is spent or sent: it may refuse. */
  async #send(
    transaction: BotTransaction,
    check: () => void = () => {},
    wallet?: PoolWallet,
  ): Promise<SendTransactionReturnType> {
    // A scenario's own account (a borrower or trader it funded) spends that account's ETH, not the
    // bot's: it is not counted. A pool wallet's spend counts against that wallet's funding.
    const account = transaction.account ?? wallet?.account ?? this.account;
    const counted = transaction.account === undefined;
    const funding = wallet?.funding ?? this.#funding;
    const feePerGas = wallet ? (this.#pool?.feePerGas ?? this.#feePerGas) : this.#feePerGas;
    // The gas limit is known before the send, so that the spend and the pending limit count it. An
    // estimate that fails leaves it to the sender, which reports why (its estimate fails the same).
    // A CREATE2 deployment is a call to the factory with the salt before the init code.
    const create2 = transaction.salt !== undefined && transaction.to === undefined;
    const to = create2 ? CREATE2_FACTORY_ADDRESS : transaction.to;
    const data =
      create2 && transaction.data ? concat([transaction.salt as Hex, transaction.data]) : transaction.data;
    // Blobs and authorizations are estimated by the sender, once prepared and signed; a CREATE2
    // deployment too while the factory is not on the chain (a call to its empty address would
    // estimate as a plain transfer).
    const gas =
      transaction.gas ??
      (transaction.blobs !== undefined ||
      transaction.authorizationList !== undefined ||
      (create2 && !(await this.#hasCode(CREATE2_FACTORY_ADDRESS)))
        ? undefined
        : await estimateTransactionGas(this.#deps.ctx, {
            from: account.address,
            to,
            value: transaction.value ?? 0n,
            data,
            accessList: transaction.accessList,
          }).catch(() => undefined));
    check();
    const cost = gas === undefined || !counted ? 0n : (transaction.value ?? 0n) + gas * feePerGas;
    if (gas !== undefined && counted) this.#spent(gas, cost, funding, !wallet);
    let sent: SendTransactionReturnType;
    try {
      const common = {
        account,
        value: transaction.value,
        gas,
        accessList: transaction.accessList,
        source: this.name,
      };
      sent = create2
        ? await deployCreate2(this.#deps.ctx, {
            ...common,
            salt: transaction.salt as Hex,
            initCode: transaction.data ?? "0x",
          })
        : await sendTransaction(this.#deps.ctx, {
            ...common,
            to: transaction.to,
            data: transaction.data,
            authorizationList: transaction.authorizationList,
            blobs: transaction.blobs,
            type: transaction.type,
            maxFeePerBlobGas: transaction.maxFeePerBlobGas,
          });
    } finally {
      funding.sent(cost);
    }
    if (gas === undefined && counted) {
      // The sender chose the gas limit: the spend counts it once the node has the transaction.
      const chosen = await this.#deps.ctx.client
        .getTransaction({ hash: sent.record.hash })
        .then((mined) => mined.gas)
        .catch(() => undefined);
      if (chosen !== undefined) {
        const spent = (transaction.value ?? 0n) + chosen * feePerGas;
        this.#spent(chosen, spent, funding, !wallet);
        funding.sent(spent);
      }
    }
    const acceptedAt = Date.now();
    this.stats.sentOne(sent.record.id);
    this.#emitTransaction(sent.record);
    this.#scheduleSave();
    sent.wait().then(
      ({ record }) => this.#settle(record, Date.now() - acceptedAt),
      // The platform is closing: the record stays pending and is followed after a restart.
      () => undefined,
    );
    return sent;
  }

  /**
   * Counts a send's gas limit and cost (wei) in the spend (the bot's own funding, or a pool
   * wallet's) and the pending limit. Ticks held until the bot's own first cost is known go on (a
   * pool's wallets hold none).
   */
  #spent(gas: bigint, cost: bigint, funding: BotFunding = this.#funding, ownKey = true) {
    const first = ownKey && this.#funding.lastCost === 0n;
    funding.spent(cost);
    if (first) this.#wake(); // ticks held until a transaction's cost was known go on
    this.#gasPerTransaction += (gas - this.#gasPerTransaction) / 16n;
    this.#applyPendingLimit();
  }

  async #hasCode(address: Address): Promise<boolean> {
    const code = await this.#deps.ctx.client.getCode({ address }).catch(() => undefined);
    return code !== undefined && code !== "0x";
  }

  /** Runs work a tick does not wait for; its failure is the bot's error, like a tick's. */
  #background(task: () => Promise<unknown>) {
    void (async () => {
      try {
        await task();
      } catch (error) {
        // Cut short by the platform closing: not the bot's error (the work resumes, if at all,
        // with the next run).
        if (this.#closing) return;
        this.#reportError(error);
      }
    })();
  }

  #settle(record: TransactionRecord, latencyMs: number | null) {
    if (record.status === "pending") return;
    if (!this.stats.settled(record.id, record.status, record.blockNumber, latencyMs)) return;
    this.#emitTransaction(record);
    this.#scheduleSave();
    this.#wake();
  }

  /** Follows a record a previous run left pending. */
  async #follow(id: number) {
    try {
      const record = await this.#deps.ctx.storage.transactions.get(id);
      if (!record) {
        // Not in the history any more (another store?): count it as lost.
        if (this.stats.pendingIds.delete(id)) this.stats.failed++;
        return;
      }
      if (record.status !== "pending") {
        this.#settle(record, null);
        return;
      }
      const entry = await waitForTransaction(this.#deps.ctx, id);
      const settled = await this.#deps.ctx.storage.transactions.get(entry.id);
      if (settled) this.#settle(settled, null);
    } catch (error) {
      // The platform closed meanwhile: followed again on the next start. Anything else (the
      // storage failing) is the bot's error; the record stays pending in its stats.
      if (!this.#closing) this.#reportError(error);
    }
  }

  /**
   * Lets a tick (or setup) go once the bot can pay for it. The balance is checked every
   * {@link FUNDS_CHECK_EVERY_MS}, and at once when what is left (the last balance read minus what
   * was sent since) falls below the wanted balance, so that a top-up goes out early and runs
   * beside the ticks. A tick waits only when it must: before the first check, after an
   * `INSUFFICIENT_FUNDS`, or when what is left may not pay for every tick running now; and, until
   * the bot's first send shows what a transaction costs, ticks go one at a time. Returns at once
   * when the bot stops: a top-up waits for its block, a stop does not wait for the top-up (which
   * goes on by itself; {@link settled} waits for it).
   */
  async #ensureFunds(oneAtATimeFirst = true): Promise<void> {
    for (;;) {
      if (!this.#running) return;
      const now = Date.now();
      const projected = this.#funding.projected();
      const cost = this.#funding.lastCost;
      const reserve = cost * BigInt(Math.max(1, this.#reserved));
      const low = projected === undefined || projected < this.#funding.wanted(now, reserve);
      if (!this.#fundsCheck && (this.#fundNow || low || now - this.#lastFundsCheck >= FUNDS_CHECK_EVERY_MS)) {
        const check = this.#topUp(reserve).finally(() => {
          this.#fundsCheck = undefined;
          this.#wake();
        });
        // A failure no tick waited for: the next tick checks again, and waits (and reports it).
        check.catch(() => {
          this.#fundNow = true;
        });
        this.#fundsCheck = check;
      }
      if (this.#fundsCheck && (this.#fundNow || projected === undefined || projected < reserve)) {
        // Woken early by a settle or a stop, it looks again.
        await Promise.race([this.#fundsCheck, this.#untilSettled()]);
        continue;
      }
      if (oneAtATimeFirst && cost === 0n && this.#reserved > 1 && this.#running) {
        await this.#untilSettled(); // woken by the first send, a check's end, or a stop
        continue;
      }
      return;
    }
  }

  async #topUp(reserve: bigint) {
    const { ctx, funder } = this.#deps;
    const [balance, block] = await Promise.all([
      ctx.client.getBalance({ address: this.account.address, blockTag: "pending" }),
      ctx.client.getBlock({ blockTag: "latest" }),
    ]);
    // As the fee policy prices a transaction (twice the base fee plus the tip), at a base fee half
    // as high again: room for it to rise until the next check (12.5 % a full block).
    this.#feePerGas = ctx.fees.newTransaction(((block.baseFeePerGas ?? 0n) * 3n) / 2n).maxFeePerGas;
    this.#funding.balanceRead(balance);
    this.#lastFundsCheck = Date.now();
    this.#fundNow = false;
    if (balance >= this.#funding.wanted(Date.now(), reserve)) return;
    const sent = await sendTransaction(ctx, {
      account: funder,
      to: this.account.address,
      value: this.#funding.topUpAmount(balance, Date.now(), reserve),
      gas: TRANSFER_GAS,
      source: "bot-funding",
    });
    const { record, reason } = await sent.wait();
    if (record.status !== "confirmed") throw new TransactionFailedError(record.hash, `funding ${reason}`);
    this.#funding.balanceRead(
      await ctx.client.getBalance({ address: this.account.address, blockTag: "pending" }),
    );
    this.#emit({
      type: "funded",
      message: `${this.name} bot funded from ${funder.address}`,
      address: this.account.address,
    });
  }

  async #pickRecipient(source: "wallets" | "fresh"): Promise<Address> {
    if (source === "wallets") {
      const now = Date.now();
      if (!this.#walletsCache || now - this.#walletsCache.at > WALLETS_CACHE_MS) {
        const bots = this.#deps.botAddresses();
        const wallets = await this.#deps.ctx.storage.wallets.list();
        this.#walletsCache = {
          at: now,
          addresses: wallets
            .filter((wallet) => !wallet.system && !bots.has(wallet.address.toLowerCase()))
            .map((wallet) => wallet.address),
        };
      }
      const addresses = this.#walletsCache.addresses;
      const picked = addresses[Math.floor(Math.random() * addresses.length)];
      if (picked) return picked;
    }
    // A fresh address: 20 random bytes (nobody holds its key; the value just moves there).
    return getAddress(toHex(crypto.getRandomValues(new Uint8Array(20))));
  }

  #reportError(error: unknown) {
    const botError: BotError = toErrorRecord(error);
    if (isPrivnetError(error, "INSUFFICIENT_FUNDS")) this.#fundNow = true;
    this.stats.error(botError);
    this.recentErrors.unshift(botError);
    this.recentErrors.length = Math.min(this.recentErrors.length, RECENT_ERRORS);
    this.#emit({ type: "error", message: `${this.name} bot: ${botError.message}`, error: botError });
    void this.#save();
  }

  #emitTransaction(record: TransactionRecord) {
    this.#emit({
      type: "transaction",
      message: `${this.name} bot transaction ${record.hash} ${record.status}`,
      transaction: toTransactionEntry(record),
    });
  }

  #emit(event: Omit<BotEvent, "bot" | "at">) {
    this.#deps.ctx.events.emit("bot", { bot: this.name, at: new Date().toISOString(), ...event });
  }

  /**
   * Counters change with every transaction: they are written at most every
   * {@link COUNTERS_SAVE_EVERY_MS}, not per send (a restart may lose that much of the counts).
   */
  #scheduleSave() {
    if (this.#saveTimer || this.#state.status === "closed") return;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined;
      void this.#save();
    }, COUNTERS_SAVE_EVERY_MS);
    this.#saveTimer.unref?.();
  }

  /**
   * The run's config as a resumed run should get it: without the pending limit when it follows
   * the chain, so that it follows the chain again then (it is not an explicit `maxPending`).
   */
  #persistedConfig(): Record<string, unknown> | null {
    if (!this.#runConfig) return null;
    if (!this.#autoPending) return this.#runConfig;
    const { maxPending: _, ...config } = this.#runConfig;
    return config;
  }

  /** What the stored state says of the run in the runner's state now. */
  #storedRun(): StoredRun {
    const state = this.#state;
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

  /** The addresses of the wallet pool the bot sends (or last sent) from; empty without one. */
  poolAddresses(): Address[] {
    return this.#usePool && this.#pool ? this.#pool.wallets.map((wallet) => wallet.address) : [];
  }

  /** The pool of `config` (the one kept if it has the same seed and size). */
  #poolFor(config: BotBaseConfig): WalletPool | undefined {
    if (config.wallets === undefined) return undefined;
    const seed = config.walletSeed ?? DEFAULT_WALLET_SEED;
    if (this.#pool?.matches(seed, config.wallets)) return this.#pool;
    const pool = new WalletPool({
      ctx: this.#deps.ctx,
      funder: this.#deps.funder,
      rootKey: this.#deps.rootKey,
      seed,
      size: config.wallets,
      funding: this.#deps.funding,
      source: "bot-funding",
    });
    // Kept (its wallets' keys are derived once) unless a run sends from another pool.
    if (!this.#running || !this.#usePool) this.#pool = pool;
    return pool;
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
    const config = this.config;
    const target = this.#marksRunning ? this.#deps.throughput(config) : undefined;
    const pool = this.#poolFor(this.#runConfig ?? config);
    return {
      throughput: {
        txPerBlock: target?.perBlock ?? config.txPerBlock ?? null,
        txPerSecond: target?.perSecond ?? config.txPerSecond ?? null,
        released: this.#gate?.released ?? 0,
      },
      wallets: pool
        ? {
            seed: pool.seed,
            addresses: pool.wallets.map((wallet) => wallet.address),
            topUps: pool.topUps,
            batches: pool.batches,
          }
        : null,
      restart: {
        state: this.#nextAttemptAt !== null && this.#running ? "backoff" : "ok",
        failures: this.#setupFailures,
        backoffMs: this.#running ? this.#backoffMs : null,
        nextAttemptAt:
          this.#nextAttemptAt !== null && this.#running ? new Date(this.#nextAttemptAt).toISOString() : null,
        restarts: this.#restarts,
      },
    };
  }

  /**
   * Sends what the wallet pool's wallets hold (less a transfer's fee each) back to the funder:
   * the pool of the last run, or of the configured settings. The bot must be stopped.
   */
  reclaim(): Promise<ReclaimResult> {
    return this.#serially(async () => {
      if (this.#marksRunning) {
        throw new InvalidBotConfigError(this.name, "stop the bot before reclaiming its wallets' funds.");
      }
      const pool = this.#poolFor(this.#runConfig ?? this.#configured);
      if (!pool) {
        return { funder: this.#deps.funder.address, reclaimed: [], total: 0n };
      }
      this.#pool = pool;
      await this.settled();
      return pool.reclaim();
    });
  }

  /** Writes the state; writes requested meanwhile are folded into one more write after it. */
  #save(): Promise<void> {
    if (this.#saveTimer) {
      clearTimeout(this.#saveTimer);
      this.#saveTimer = undefined;
    }
    if (this.#state.status === "closed") return Promise.resolve();
    if (this.#saving) {
      this.#dirty = true;
      return this.#saving;
    }
    this.#saving = (async () => {
      try {
        do {
          this.#dirty = false;
          const state: PersistedBotState = {
            ...this.#storedRun(),
            data: this.#data,
            counters: this.stats.persisted(),
          };
          await this.#deps.ctx.storage.state.set(this.#stateKey, state);
        } while (this.#dirty);
      } catch {
        // The storage closed under us (shutdown); the next save or start writes again.
      } finally {
        this.#saving = undefined;
      }
    })();
    return this.#saving;
  }
}

/** The bot stopped while a send waited for its turn (see ThroughputGate). Not the bot's error. */
class StoppedError extends Error {
  constructor() {
    super("The bot stopped before this send's turn came.");
  }
}

/** A tick begun before the chain went back tried to send (see BotRunner#tick). Not the bot's error. */
class OutdatedTickError extends Error {
  constructor() {
    super("The chain went back during this tick; the bot runs its setup again first.");
  }
}
