import type { BotError } from "../context/BotEvent.js";

/** A bot's numbers, as `platform.bots.status()` and `GET /bots/status` report them. */
export type BotStatsSnapshot = {
  /** Transactions the node accepted. */
  sent: number;
  confirmed: number;
  /** Reverted, dropped, or lost to a chain reset. */
  failed: number;
  /** Sent and not yet confirmed or failed. */
  pending: number;
  /** Errors the bot hit (a refused send, a failed setup…); it kept running after each. */
  errors: number;
  lastError: BotError | null;
  /** The bot's confirmed transactions per second over the last 5, 20 and 60 blocks; null until known. */
  txPerSecond: { last5Blocks: number | null; last20Blocks: number | null; last60Blocks: number | null };
  /** Milliseconds from the node accepting a transaction to the platform seeing it confirmed. */
  inclusionLatencyMs: { last: number | null; average: number | null };
};

/** The counters that are persisted, so that stats continue after a restart. */
export type PersistedBotCounters = {
  sent: number;
  confirmed: number;
  failed: number;
  errors: number;
  lastError: BotError | null;
  /** Record ids still pending, followed again after a restart. */
  pendingIds: number[];
};

const LATENCY_SAMPLES = 100;
const BLOCKS_KEPT = 120;

/** Counts what one bot did: in-memory, with the persisted part loaded and saved by the engine. */
export class BotStats {
  sent = 0;
  confirmed = 0;
  failed = 0;
  errors = 0;
  lastError: BotError | null = null;
  readonly pendingIds = new Set<number>();
  readonly #latencies: number[] = [];
  readonly #confirmedPerBlock = new Map<bigint, number>();

  load(saved: PersistedBotCounters | undefined) {
    if (!saved) return;
    this.sent = saved.sent;
    this.confirmed = saved.confirmed;
    this.failed = saved.failed;
    this.errors = saved.errors;
    this.lastError = saved.lastError;
    for (const id of saved.pendingIds) this.pendingIds.add(id);
  }

  persisted(): PersistedBotCounters {
    return {
      sent: this.sent,
      confirmed: this.confirmed,
      failed: this.failed,
      errors: this.errors,
      lastError: this.lastError,
      pendingIds: [...this.pendingIds],
    };
  }

  get pending() {
    return this.pendingIds.size;
  }

  sentOne(id: number) {
    this.sent++;
    this.pendingIds.add(id);
  }

  /** Counts a final status once; false when the record was already counted. */
  settled(id: number, status: "confirmed" | "failed", blockNumber: bigint | null, latencyMs: number | null) {
    if (!this.pendingIds.delete(id)) return false;
    if (status === "failed") {
      this.failed++;
      return true;
    }
    this.confirmed++;
    if (latencyMs !== null) {
      this.#latencies.push(latencyMs);
      if (this.#latencies.length > LATENCY_SAMPLES) this.#latencies.shift();
    }
    if (blockNumber !== null) {
      this.#confirmedPerBlock.set(blockNumber, (this.#confirmedPerBlock.get(blockNumber) ?? 0) + 1);
      if (this.#confirmedPerBlock.size > BLOCKS_KEPT) {
        const oldest = [...this.#confirmedPerBlock.keys()].sort((a, b) => (a < b ? -1 : 1))[0];
        if (oldest !== undefined) this.#confirmedPerBlock.delete(oldest);
      }
    }
    return true;
  }

  error(error: BotError) {
    this.errors++;
    this.lastError = error;
  }

  /** Confirmed transactions in blocks `from` (exclusive) … `to` (inclusive). */
  confirmedBetween(from: bigint, to: bigint) {
    let count = 0;
    for (const [block, n] of this.#confirmedPerBlock) if (block > from && block <= to) count += n;
    return count;
  }

  snapshot(txPerSecond: BotStatsSnapshot["txPerSecond"]): BotStatsSnapshot {
    const latencies = this.#latencies;
    return {
      sent: this.sent,
      confirmed: this.confirmed,
      failed: this.failed,
      pending: this.pending,
      errors: this.errors,
      lastError: this.lastError,
      txPerSecond,
      inclusionLatencyMs: {
        last: latencies.at(-1) ?? null,
        average: latencies.length
          ? Math.round(latencies.reduce((sum, value) => sum + value, 0) / latencies.length)
          : null,
      },
    };
  }
}
