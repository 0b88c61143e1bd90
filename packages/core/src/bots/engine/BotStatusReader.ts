import { type Address, formatGwei, type PublicClient } from "viem";
import type { BotEvent } from "../../context/BotEvent.js";
import type { BotContractInfo } from "../BotDefinition.js";
import type { BotRunner } from "../BotRunner.js";
import type { BotStatsSnapshot } from "../BotStats.js";
import type { HeadFeed } from "../HeadFeed.js";
import type { BotStatus } from "../runner/runnerTypes.js";
import { type BlockWindow, BlockWindows } from "./BlockWindows.js";
import { ContractPresence } from "./ContractPresence.js";

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
  /**
   * Why a running bot sends nothing now, or null: the base fee of the head and the tip are above
   * the bots' fee cap (`bots.maxFeePerGasGwei`), so its sends and the replacements of its waiting
   * transactions wait for the base fee to fall.
   */
  waiting: string | null;
};

/** What a bot's sends may pay: the bots' fee cap and the platform's tip, in wei per gas. */
export type BotFeeLimits = { maxFeePerGasCap: bigint; priorityFeePerGas: bigint };

/** The bots the reader reports on, in order. */
export type StatusSource = {
  runners(): Iterable<BotRunner>;
  /** @throws {BotNotFoundError} for a name no bot has. */
  runner(name: string): BotRunner;
  find(name: string): BotRunner | undefined;
};

/**
 * Answers the bots' status from memory, never waiting on the node: each runner's state and
 * counters (kept by its own events), the block windows of the rates ({@link BlockWindows}) and
 * whether the chain has each bot's contract ({@link ContractPresence}), both kept up to date by
 * the head follower and the bots' events.
 */
export class BotStatusReader {
  readonly #source: StatusSource;
  readonly #windows: BlockWindows;
  readonly #presence: ContractPresence;
  readonly #fees: BotFeeLimits;
  readonly #onBot = (event: BotEvent) => {
    if (event.type !== "deployed" || !event.address) return;
    // Only the contract its status shows (a scenario deploys others on the way).
    const contract = this.#source.find(event.bot)?.contract();
    if (contract?.address.toLowerCase() === event.address.toLowerCase())
      this.#presence.deployed(event.bot, event.address);
  };

  constructor(client: PublicClient, source: StatusSource, fees: BotFeeLimits) {
    this.#source = source;
    this.#fees = fees;
    this.#windows = new BlockWindows(client);
    this.#presence = new ContractPresence(client);
  }

  /** Follows the head and hears the bots' deployments until {@link stop}; reads what the bots stored. */
  start(heads: HeadFeed, pollingInterval: number, events: BotEventSource): void {
    events.on("bot", this.#onBot);
    this.#windows.start(heads, pollingInterval);
    // The stored contracts are checked now, not at the first status.
    for (const runner of this.#source.runners()) this.#presence.live(runner.name, runner.contract());
  }

  stop(events: BotEventSource): void {
    events.off("bot", this.#onBot);
    this.#windows.stop();
  }

  /** The chain went back: contracts and block times are read again. */
  rewound(head: bigint | undefined): void {
    this.#presence.rewound();
    this.#windows.rewound(head);
  }

  /** An instance was removed. */
  forget(bot: string): void {
    this.#presence.forget(bot);
  }

  /** Every bot's status, config and stats, by name. */
  status(): Record<string, BotStatusEntry> {
    const entries: Record<string, BotStatusEntry> = {};
    for (const runner of this.#source.runners()) entries[runner.name] = this.#entry(runner);
    return entries;
  }

  /** One bot's status, config and stats. */
  get(name: string): BotStatusEntry {
    return this.#entry(this.#source.runner(name));
  }

  /** The contracts of the bots that have one, by bot name: null before deployed or while the chain lacks it. */
  contracts(): Record<string, BotContractInfo | null> {
    const contracts: Record<string, BotContractInfo | null> = {};
    for (const runner of this.#source.runners()) {
      if (runner.definition.contract)
        contracts[runner.name] = this.#presence.live(runner.name, runner.contract());
    }
    return contracts;
  }

  /** The bot's confirmed transactions per block over the last 20 blocks; null until known. */
  measuredTxPerBlock(runner: BotRunner): number | null {
    const last20 = this.#windows.current[1];
    if (!last20 || last20.to <= last20.from) return null;
    const perBlock = runner.stats.confirmedBetween(last20.from, last20.to) / Number(last20.to - last20.from);
    return Math.round(perBlock * 100) / 100;
  }

  #entry(runner: BotRunner): BotStatusEntry {
    const windows = this.#windows.current;
    const rate = (window: BlockWindow | undefined) => {
      if (!window || window.seconds <= 0) return null;
      const count = runner.stats.confirmedBetween(window.from, window.to);
      return Math.round((count / window.seconds) * 100) / 100;
    };
    return {
      status: runner.status,
      address: runner.account.address,
      contract: this.#presence.live(runner.name, runner.contract())?.address ?? null,
      config: { ...runner.config },
      stats: runner.stats.snapshot({
        last5Blocks: rate(windows[0]),
        last20Blocks: rate(windows[1]),
        last60Blocks: rate(windows[2]),
      }),
      waiting: runner.status === "Running" ? this.#waiting() : null,
    };
  }

  /** Why the bots send nothing at the head's base fee, or null (see {@link BotStatusEntry.waiting}). */
  #waiting(): string | null {
    const baseFee = this.#windows.baseFeePerGas;
    const { maxFeePerGasCap: cap, priorityFeePerGas: tip } = this.#fees;
    if (baseFee == null || baseFee + tip <= cap) return null;
    return `The base fee (${formatGwei(baseFee)} gwei) and the tip (${formatGwei(tip)} gwei) are above the bots' fee cap (${formatGwei(cap)} gwei per gas): the bot sends again once the base fee falls.`;
  }
}

/** Where the bots' events are heard (the platform's events). */
export type BotEventSource = {
  on(event: "bot", listener: (event: BotEvent) => void): unknown;
  off(event: "bot", listener: (event: BotEvent) => void): unknown;
};
