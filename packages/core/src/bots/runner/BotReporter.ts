import type { EventEmitter } from "eventemitter3";
import type { BotError, BotEvent } from "../../context/BotEvent.js";
import type { PlatformEvents } from "../../context/PlatformEvents.js";
import { toTransactionEntry } from "../../context/TransactionEntry.js";
import { toErrorRecord } from "../../errors/toErrorRecord.js";
import type { TransactionRecord } from "../../storage/StorageAdapter.js";
import type { BotStats } from "../BotStats.js";

/** Errors kept for `logs()` (this process), newest first. */
const RECENT_ERRORS = 20;

/**
 * What a bot tells: its `bot` events (started, stopped, transaction, funded, deployed, error) and
 * its errors — counted in its stats, kept as the last error and among the recent ones. An error is
 * never thrown on from here: a bot goes on after each.
 */
export class BotReporter {
  readonly recentErrors: BotError[] = [];
  readonly #name: string;
  readonly #events: EventEmitter<PlatformEvents>;
  readonly #stats: BotStats;
  readonly #onError: (error: unknown) => void;

  constructor(parameters: {
    name: string;
    events: EventEmitter<PlatformEvents>;
    stats: BotStats;
    /** Once an error is counted, before it is emitted: the runner's own reaction (a funds check, a save). */
    onError(error: unknown): void;
  }) {
    this.#name = parameters.name;
    this.#events = parameters.events;
    this.#stats = parameters.stats;
    this.#onError = parameters.onError;
  }

  emit(event: Omit<BotEvent, "bot" | "at">): void {
    this.#events.emit("bot", { bot: this.#name, at: new Date().toISOString(), ...event });
  }

  /** A `transaction` event: the history entry at its status now. */
  transaction(record: TransactionRecord): void {
    this.emit({
      type: "transaction",
      message: `${this.#name} bot transaction ${record.hash} ${record.status}`,
      transaction: toTransactionEntry(record),
    });
  }

  /** Counts, keeps and emits an error the bot hit. */
  error(error: unknown): void {
    const botError: BotError = toErrorRecord(error);
    this.#stats.error(botError);
    this.recentErrors.unshift(botError);
    this.recentErrors.length = Math.min(this.recentErrors.length, RECENT_ERRORS);
    this.#onError(error);
    this.emit({ type: "error", message: `${this.#name} bot: ${botError.message}`, error: botError });
  }
}
