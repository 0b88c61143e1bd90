import type { Hex, LocalAccount } from "viem";
import type { SenderContext } from "../../sender/SenderContext.js";
import type { BotBaseConfig } from "../BotConfig.js";
import { DEFAULT_WALLET_SEED } from "../controls/deriveChildKey.js";
import { type Throughput, ThroughputGate } from "../controls/ThroughputGate.js";
import { WalletPool } from "../controls/WalletPool.js";
import type { HeadFeed } from "../HeadFeed.js";
import type { BotRestartStatus, BotRunnerControls } from "./runnerTypes.js";

export type RunControlsParameters = {
  ctx: SenderContext;
  /** Funds a pool's wallets. */
  funder: LocalAccount;
  /** The bot's own private key: the root of its wallet pool's derivation. */
  rootKey: Hex;
  funding: { minBalance: bigint; topUp: bigint };
  /** The platform's head, which a per-block throughput follows. */
  heads: HeadFeed;
  /**
   * The throughput a run holds: the config's `txPerBlock`/`txPerSecond`, or the bot's share of its
   * group's budget; undefined when it runs at its `interval`. Read again at each release.
   */
  throughput(config: BotBaseConfig): Throughput | undefined;
  /** The loop runs. */
  running(): boolean;
};

/**
 * A bot's controls: the throughput gate of its run (when it holds a throughput instead of an
 * interval) and its wallet pool (kept across runs while its seed and size stay the same).
 */
export class RunControls {
  readonly #parameters: RunControlsParameters;
  #gate: ThroughputGate | undefined;
  #unfollow: (() => void) | undefined;
  #pool: WalletPool | undefined;
  #usePool = false;

  constructor(parameters: RunControlsParameters) {
    this.#parameters = parameters;
  }

  /** The run's throughput gate; undefined when it ticks at its interval. */
  get gate(): ThroughputGate | undefined {
    return this.#gate;
  }

  /** The pool the run sends from; undefined without one. */
  get pool(): WalletPool | undefined {
    return this.#usePool ? this.#pool : undefined;
  }

  /**
   * Sets a run's controls up: a gate for `throughput` (its target read again at each release from
   * `current()`, the config in force), and the pool of `config`. While it runs, the head is read at
   * least every second (the platform's polling interval when shorter), so that the head a tick
   * reads (`ctx.head`) is never older than that.
   */
  begin(config: BotBaseConfig, throughput: Throughput | undefined, current: () => BotBaseConfig): void {
    const { heads, ctx } = this.#parameters;
    const pollingInterval = Math.max(50, Math.min(ctx.client.pollingInterval, 1_000));
    this.#unfollow?.();
    this.#unfollow = heads.follow(pollingInterval);
    this.#gate = throughput
      ? new ThroughputGate(heads, () => this.#parameters.throughput(current()) ?? throughput, pollingInterval)
      : undefined;
    this.#usePool = config.wallets !== undefined;
    if (this.#usePool) this.#pool = this.poolFor(config);
  }

  /** The run winds down: the gate lets its waiters go; the head is no longer followed for it. */
  end(): void {
    this.#gate?.close();
    this.#unfollow?.();
    this.#unfollow = undefined;
  }

  /** The pool of `config` (the one kept if it has the same seed and size); undefined without one. */
  poolFor(config: BotBaseConfig): WalletPool | undefined {
    if (config.wallets === undefined) return undefined;
    const seed = config.walletSeed ?? DEFAULT_WALLET_SEED;
    if (this.#pool?.matches(seed, config.wallets)) return this.#pool;
    const { ctx, funder, rootKey, funding } = this.#parameters;
    const pool = new WalletPool({
      ctx,
      funder,
      rootKey,
      seed,
      size: config.wallets,
      funding,
      source: "bot-funding",
    });
    // Kept (its wallets' keys are derived once) unless a run sends from another pool.
    if (!this.#parameters.running() || !this.#usePool) this.#pool = pool;
    return pool;
  }

  /** Keeps `pool` as the bot's (a reclaim's). */
  keep(pool: WalletPool): void {
    this.#pool = pool;
  }

  /** The addresses of the wallet pool the bot sends (or last sent) from; empty without one. */
  poolAddresses() {
    return this.#usePool && this.#pool ? this.#pool.wallets.map((wallet) => wallet.address) : [];
  }

  /**
   * Throughput, wallet pool and auto-restart as they stand: `config` the one in force, `runConfig`
   * the last run's, `running` whether the bot shows as running.
   */
  status(
    config: BotBaseConfig,
    runConfig: BotBaseConfig | undefined,
    running: boolean,
    restart: BotRestartStatus,
  ): BotRunnerControls {
    const target = running ? this.#parameters.throughput(config) : undefined;
    const pool = this.poolFor(runConfig ?? config);
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
      restart,
    };
  }
}
