import { isPrivnetError } from "../../errors/PrivnetError.js";
import type { LifecycleState } from "../../lifecycle/lifecycleState.js";
import type { SendTransactionReturnType } from "../../sender/sendTransaction.js";
import type { BotBaseConfig } from "../BotConfig.js";
import type { BotContext, BotDefinition, BotTransaction } from "../BotDefinition.js";
import type { BotStats } from "../BotStats.js";
import type { PoolWallet } from "../controls/WalletPool.js";
import { isRunning, type RunnerState } from "../RunnerState.js";
import type { BotReporter } from "./BotReporter.js";
import type { BotSender } from "./BotSender.js";
import type { FundingLoop } from "./FundingLoop.js";
import type { PendingLimit } from "./PendingLimit.js";
import type { RunControls } from "./RunControls.js";
import type { SetupSupervisor } from "./SetupSupervisor.js";
import { OutdatedTickError, runSendSteps, runTickSteps } from "./tickSteps.js";
import type { Wakeups } from "./Wakeups.js";

/** Pause after an error before the next try, so a lasting fault does not spin. */
const ERROR_BACKOFF_MS = 1_000;
/**
 * Most ticks running at once at interval 0 (and never more than the pending limit): enough that
 * the nonce manager's queue does not run dry between its sessions, which cost a reconcile each.
 */
const MAX_CONCURRENT_TICKS = 256;

export type TickLoopParameters<Config extends BotBaseConfig> = {
  definition: BotDefinition<Config>;
  state: LifecycleState<RunnerState>;
  stats: BotStats;
  wakeups: Wakeups;
  reporter: BotReporter;
  supervisor: SetupSupervisor;
  funds: FundingLoop;
  sender: BotSender;
  controls: RunControls;
  pendingLimit: PendingLimit;
  /** How often the chain went back so far. */
  rewinds(): number;
};

/**
 * A run's loop: setup (again whenever it is due), then ticks — one at a time every `interval` ms
 * (measured from the end of one to the start of the next), or at interval 0 and with a throughput
 * as many at once as the pending limit allows (up to {@link MAX_CONCURRENT_TICKS}). A tick waits
 * while the bot's unconfirmed transactions reach its pending limit, woken by the next settle. An
 * error never ends the loop: it is reported and the next try comes after a pause.
 */
export class TickLoop<Config extends BotBaseConfig> {
  readonly #parameters: TickLoopParameters<Config>;
  #reserved = 0;

  constructor(parameters: TickLoopParameters<Config>) {
    this.#parameters = parameters;
  }

  /** Ticks under way now. */
  get reserved(): number {
    return this.#reserved;
  }

  get #running(): boolean {
    return isRunning(this.#parameters.state.current);
  }

  /** Runs until the bot stops; `ctx` is the run's context, `config` its config. */
  async run(ctx: BotContext<Config>, config: Config): Promise<void> {
    const { pendingLimit, controls } = this.#parameters;
    await pendingLimit.readCapacity();
    if (!(await this.#setup(ctx, config))) return;
    const workers =
      config.interval === 0 || controls.gate ? Math.min(pendingLimit.limit(config), MAX_CONCURRENT_TICKS) : 1;
    await Promise.all(Array.from({ length: workers }, () => this.#work(ctx, config)));
  }

  #setup(ctx: BotContext<Config>, config: Config): Promise<boolean> {
    const { supervisor, definition } = this.#parameters;
    return supervisor.ensure(() => definition.setup(ctx), config.interval);
  }

  async #work(ctx: BotContext<Config>, config: Config) {
    const { state, stats, pendingLimit, wakeups, supervisor, reporter, controls } = this.#parameters;
    while (this.#running) {
      const now = state.current;
      if (now.status === "running" && !now.setupDone && !(await this.#setup(ctx, config))) return;
      if (stats.pending + this.#reserved >= pendingLimit.limit(config)) {
        await wakeups.next();
        continue;
      }
      this.#reserved++;
      try {
        await this.#tick(ctx);
        supervisor.tickSucceeded();
      } catch (error) {
        if (!this.#running) return;
        // Begun before the chain went back: setup runs again first (the loop's next turn).
        if (error instanceof OutdatedTickError) continue;
        // The base fee is above the bots' fee cap: not the bot's error; it waits (its status
        // says why) and tries again.
        if (isPrivnetError(error, "FEE_ABOVE_CAP")) {
          await wakeups.pause(ERROR_BACKOFF_MS);
          continue;
        }
        reporter.error(error);
        supervisor.tickFailed();
        await wakeups.pause(Math.max(ERROR_BACKOFF_MS, controls.gate ? 0 : config.interval));
        continue;
      } finally {
        this.#reserved--;
      }
      if (config.interval > 0 && !controls.gate) await wakeups.pause(config.interval);
    }
  }

  /** One tick, its steps in their order (see `TICK_STEPS`), its sends in theirs (`SEND_STEPS`). */
  #tick(ctx: BotContext<Config>): Promise<void> {
    const { funds, controls, definition, supervisor, rewinds } = this.#parameters;
    const began = rewinds();
    const outdated = () => began !== rewinds();
    const pool = controls.pool;
    return runTickSteps({
      payForTick: async () => {
        // With a pool, the wallets are funded by the pool; the bot's own key only for what it sends itself.
        if (pool) return pool.acquire(() => this.#running);
        await funds.ensure();
        return undefined;
      },
      running: () => this.#running,
      outdated,
      runTick: (wallet) => definition.tick(this.#tickContext(ctx, wallet, outdated), supervisor.result),
    });
  }

  /**
   * A tick's context: its sends go through the throughput gate, refused once outdated. With a
   * wallet, the tick runs as it; the bot's own key sends for the pool's wallets (an owner's mint)
   * through the same gate — else a scenario whose every other send is a mint (nft, erc1155's mint
   * turns) would run above its throughput — after waiting for its own funds.
   */
  #tickContext(ctx: BotContext<Config>, wallet: PoolWallet | undefined, outdated: () => boolean) {
    const send = this.#gatedSend(outdated, wallet, false);
    if (!wallet) return { ...ctx, send, root: { ...ctx.root, send } };
    return {
      ...ctx,
      account: wallet.account,
      address: wallet.address,
      send,
      root: { ...ctx.root, send: this.#gatedSend(outdated, undefined, true) },
    };
  }

  #gatedSend(outdated: () => boolean, wallet: PoolWallet | undefined, ownKeyForPool: boolean) {
    const { controls, funds, sender } = this.#parameters;
    const gate = controls.gate;
    return (transaction: BotTransaction): Promise<SendTransactionReturnType> =>
      runSendSteps({
        outdated,
        takeTurn: () => (gate ? gate.take() : Promise.resolve(true)),
        fundOwnKey: () => (ownKeyForPool ? funds.ensure(false) : Promise.resolve()),
        submit: (check) => sender.send(transaction, check, wallet),
      });
  }
}
