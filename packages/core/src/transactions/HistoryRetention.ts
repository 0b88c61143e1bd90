import type { ChainHead } from "../chain/ChainHead.js";
import { InvalidOptionsError } from "../errors/platform.js";
import { type ErrorRecord, toErrorRecord } from "../errors/toErrorRecord.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

/** The history's settings (`createPlatform({ history })`). */
export type HistoryOptions = {
  /**
   * The bots' records the history keeps: the newest this many, all bots together. Older ones that
   * are settled (`confirmed` or `failed`) are deleted a batch at a time as new blocks come; pending
   * ones never. Only records whose `source` is a bot's name (an instance removed since included):
   * the wallets' own sends (`api`, `sdk`, …), the oracle's, the contracts' and the bots' top-ups
   * are kept whatever their number. `false` keeps every record. Default 1,000,000 (about 0.5 GB of
   * history in sqlite; see docs/operations.md).
   */
  botRetention?: number | false | undefined;
};

/** What `platform.transactions.retention()` answers. */
export type HistoryRetentionStatus = {
  /** The bots' records kept at most; null when retention is off. */
  botRetention: number | null;
  /** Records deleted since the platform started. */
  removed: number;
  /** Passes run since the platform started (each until nothing was left to delete). */
  passes: number;
  /** The last pass's failure, if it failed (the next one retries). */
  lastError: ErrorRecord | null;
};

/** The default of {@link HistoryOptions.botRetention}. */
export const DEFAULT_BOT_RETENTION = 1_000_000;
/**
 * Records one `removeOldest` call deletes at most: a pass counts the bots' records once a call
 * (sqlite then deletes 100 a write, yielding between writes).
 */
const PER_CALL = 50_000;
/** Held during a pass, so that processes sharing a store do not delete the same excess twice. */
const RETENTION_LOCK = "privnet:history-retention";
/** A pass every this many blocks. */
const EVERY_BLOCKS = 16n;

/** What the retention needs: the store, the head it follows, and the bots' names (the sources it bounds). */
export type HistoryRetentionContext = {
  storage: StorageAdapter;
  head: ChainHead;
  botNames: () => readonly string[];
};

/**
 * Keeps the bots' records in the history within {@link HistoryOptions.botRetention}: every 16
 * blocks, off the path of any request and under a lock shared by every process on the store, it
 * deletes the oldest settled ones (`transactions.removeOldest` of the storage adapter, which sqlite
 * runs 100 records a write, yielding between writes; an adapter without it keeps everything) until
 * no more than the bound are left.
 *
 * @example
 * const retention = new HistoryRetention({ storage, head, botNames: () => bots.names() }, { botRetention: 100_000 });
 * retention.start();
 * await retention.run(); // a pass now
 */
export class HistoryRetention {
  readonly #ctx: HistoryRetentionContext;
  readonly #keep: number | null;
  #unwatch: (() => void) | undefined;
  #running: Promise<number> | undefined;
  /** The head at the last pass (or when the retention started following it). */
  #lastRun: bigint | undefined;
  #stopped = false;
  #removed = 0;
  #passes = 0;
  #lastError: ErrorRecord | null = null;

  constructor(ctx: HistoryRetentionContext, options: HistoryOptions = {}) {
    const keep = options.botRetention ?? DEFAULT_BOT_RETENTION;
    if (keep !== false && !(Number.isSafeInteger(keep) && keep >= 0)) {
      throw new InvalidOptionsError(
        "`history.botRetention` must be a whole number of records (0 or more) or false.",
      );
    }
    this.#ctx = ctx;
    this.#keep = keep === false ? null : keep;
  }

  /** Runs a pass every few blocks until {@link stop}. */
  start(): void {
    if (this.#keep === null || !this.#ctx.storage.transactions.removeOldest) return;
    this.#stopped = false;
    this.#lastRun = this.#ctx.head.number;
    this.#unwatch = this.#ctx.head.watch({
      onBlock: (number) => {
        // Counted in blocks, not in heads seen (a poll may see several blocks at once).
        this.#lastRun ??= number;
        if (number < this.#lastRun) this.#lastRun = number;
        if (number - this.#lastRun < EVERY_BLOCKS || this.#running) return;
        this.#lastRun = number;
        // A failed pass is recorded in the status; the next one retries.
        this.run().catch(() => {});
      },
    });
  }

  /** Stops following the head; resolves once a pass under way has ended (after its current batch). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#unwatch?.();
    this.#unwatch = undefined;
    await this.#running?.catch(() => {});
  }

  /**
   * A pass now (or the one under way): deletes batches until the bound holds; answers how many
   * records it deleted. Rejects with the storage's error when a batch fails.
   */
  run(): Promise<number> {
    this.#running ??= this.#pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  status(): HistoryRetentionStatus {
    return {
      botRetention: this.#keep,
      removed: this.#removed,
      passes: this.#passes,
      lastError: this.#lastError,
    };
  }

  async #pass(): Promise<number> {
    const removeOldest = this.#ctx.storage.transactions.removeOldest?.bind(this.#ctx.storage.transactions);
    if (this.#keep === null || !removeOldest) return 0;
    const sources = [...new Set(this.#ctx.botNames())];
    let removed = 0;
    const keep = this.#keep;
    try {
      await this.#ctx.storage.withLock(RETENTION_LOCK, async () => {
        while (sources.length > 0) {
          const batch = await removeOldest({ sources, keep, limit: PER_CALL });
          removed += batch;
          this.#removed += batch;
          if (batch < PER_CALL || this.#stopped) break;
          // Requests waiting on the store go first.
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      this.#lastError = null;
      return removed;
    } catch (error) {
      this.#lastError = toErrorRecord(error);
      throw error;
    } finally {
      this.#passes++;
    }
  }
}
