import type { Hex, LocalAccount } from "viem";
import type { PlatformContractsService } from "../../contracts/connectPlatformContracts.js";
import { isPrivnetError } from "../../errors/PrivnetError.js";
import type { LifecycleState } from "../../lifecycle/lifecycleState.js";
import type { SenderContext } from "../../sender/SenderContext.js";
import type { BotBaseConfig } from "../BotConfig.js";
import type { BotDefinition } from "../BotDefinition.js";
import type { BotStats } from "../BotStats.js";
import type { Throughput } from "../controls/ThroughputGate.js";
import type { HeadFeed } from "../HeadFeed.js";
import { isClosing, isRunning, type RunnerState, runnerLifecycle, type StoredRun } from "../RunnerState.js";
import { BotReporter } from "./BotReporter.js";
import { BotSender } from "./BotSender.js";
import { BotStateStore } from "./BotStateStore.js";
import { RecipientPicker } from "./botContext.js";
import { FundingLoop } from "./FundingLoop.js";
import { type ChainCapacity, PendingLimit } from "./PendingLimit.js";
import { RunControls } from "./RunControls.js";
import { SetupSupervisor } from "./SetupSupervisor.js";
import { TickLoop } from "./TickLoop.js";
import { Wakeups } from "./Wakeups.js";

export type BotRunnerDependencies = {
  ctx: SenderContext;
  /** The platform's head follower, as the bots see it. */
  heads: HeadFeed;
  /** Tops bots up. */
  funder: LocalAccount;
  /**
   * A bot's balance is kept at least at `minBalance` (wei) and ahead of its measured spend; a
   * top-up sends at least `topUp` (wei). See `BotFunding`.
   */
  funding: { minBalance: bigint; topUp: bigint };
  /** The most a bot's transaction pays per gas (wei), new or replaced: the bots' fee cap. */
  maxFeePerGasCap: bigint;
  /** Every bot's address, lower-case: never picked as a recipient. */
  botAddresses(): ReadonlySet<string>;
  /** The chain's block gas limit and the node's pool limit per sender, for the pending limit at interval 0. */
  chainCapacity(): Promise<ChainCapacity>;
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

/** What the runner itself keeps and its parts read. */
export type RunnerHooks = {
  stats: BotStats;
  /** What the stored state says of the run now. */
  storedRun(): StoredRun;
  /** How often the chain went back so far. */
  rewinds(): number;
};

/**
 * Makes a runner's parts and wires them: each part is told of the others only what it asks
 * (a callback, a read), so that each can be read, and tested, alone.
 */
export function assembleRunnerParts<Config extends BotBaseConfig>(
  definition: BotDefinition<Config>,
  account: LocalAccount,
  deps: BotRunnerDependencies,
  hooks: RunnerHooks,
) {
  const { ctx } = deps;
  const { name } = definition;
  const { stats } = hooks;
  const state: LifecycleState<RunnerState> = runnerLifecycle(name);
  const running = () => isRunning(state.current);
  const wakeups = new Wakeups();
  const store = new BotStateStore({
    storage: ctx.storage,
    name,
    storedRun: hooks.storedRun,
    counters: () => stats.persisted(),
    closed: () => state.current.status === "closed",
  });
  const reporter: BotReporter = new BotReporter({
    name,
    events: ctx.events,
    stats,
    onError: (error) => {
      if (isPrivnetError(error, "INSUFFICIENT_FUNDS")) funds.checkNow();
      void store.save();
    },
  });
  const funds: FundingLoop = new FundingLoop({
    ctx,
    funder: deps.funder,
    account,
    funding: deps.funding,
    wakeups,
    running,
    reserved: () => ticks.reserved,
    funded: () =>
      reporter.emit({
        type: "funded",
        message: `${name} bot funded from ${deps.funder.address}`,
        address: account.address,
      }),
  });
  const pending = new PendingLimit(deps.chainCapacity);
  const controls = new RunControls({ ...deps, running });
  const sender = new BotSender({
    ctx,
    name,
    account,
    stats,
    reporter,
    store,
    wakeups,
    funds,
    pendingLimit: pending,
    maxFeePerGasCap: deps.maxFeePerGasCap,
    poolFeePerGas: () => controls.pool?.feePerGas,
    closing: () => isClosing(state.current),
  });
  const supervisor = new SetupSupervisor({
    backoff: deps.restartBackoff,
    wakeups,
    running,
    rewinds: hooks.rewinds,
    setupDone: () => setupIs(state, true),
    setupDue: () => setupIs(state, false),
    ensureFunds: () => funds.ensure(),
    report: (error) => reporter.error(error),
  });
  const ticks: TickLoop<Config> = new TickLoop({
    definition,
    state,
    stats,
    wakeups,
    reporter,
    supervisor,
    funds,
    sender,
    controls,
    pendingLimit: pending,
    rewinds: hooks.rewinds,
  });
  const recipients = new RecipientPicker(ctx, deps.botAddresses);
  return { state, wakeups, store, reporter, funds, pending, controls, sender, supervisor, ticks, recipients };
}

/** Setup ran on the chain as it is (true) or is due again before the next tick (false); while running only. */
export function setupIs(state: LifecycleState<RunnerState>, done: boolean): void {
  if (isRunning(state.current)) state.move({ status: "running", setupDone: done });
}
