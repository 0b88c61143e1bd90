import type { ChainFaultEvent, ChainFaults } from "../chain/ChainFaults.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

/** Fault events a platform keeps for `platform.faults.history()`. */
export const FAULT_HISTORY_LIMIT = 200;

/** The storage key the history is kept under (small keyed state). */
export const FAULT_HISTORY_KEY = "faults.history";

/**
 * Hears every event of a {@link ChainFaults} — of the faults asked through the platform and of
 * those asked of the devnet directly alike, and the admin calls on the devnet's port (the audit
 * trail) — keeps the last {@link FAULT_HISTORY_LIMIT}, and hands each to `announce` (the
 * platform's `chain` event). Listens from {@link start} to {@link stop}. With a store, the history
 * is kept there too (one document, written after each event; writes that come while one is under
 * way become one) and read back at start: it outlives a restart.
 */
export class FaultLog {
  readonly #faults: Pick<ChainFaults, "subscribe"> | undefined;
  readonly #announce: (event: ChainFaultEvent) => void;
  readonly #limit: number;
  readonly #store: StorageAdapter["state"] | undefined;
  /** Newest first. */
  #events: ChainFaultEvent[] = [];
  #unsubscribe: (() => void) | undefined;
  #saving: Promise<void> | undefined;
  #dirty = false;
  /** The stored history being read (start): a write waits for it, so that none loses it. */
  #loading: Promise<void> | undefined;

  constructor(
    faults: Pick<ChainFaults, "subscribe"> | undefined,
    announce: (event: ChainFaultEvent) => void,
    limit = FAULT_HISTORY_LIMIT,
    store?: StorageAdapter["state"],
  ) {
    this.#faults = faults;
    this.#announce = announce;
    this.#limit = limit;
    this.#store = store;
  }

  /** Listens at once; with a store, resolves once the stored history was read (older than any new event). */
  start(): Promise<void> | undefined {
    if (!this.#faults || this.#unsubscribe) return undefined;
    this.#unsubscribe = this.#faults.subscribe((event) => {
      // Kept first, so that a listener of the announcement finds it in the history.
      this.#events.unshift(event);
      if (this.#events.length > this.#limit) this.#events.length = this.#limit;
      this.#save();
      this.#announce(event);
    });
    const store = this.#store;
    if (!store) return undefined;
    this.#loading = store
      .get<unknown[]>(FAULT_HISTORY_KEY)
      .then((kept) => {
        if (Array.isArray(kept)) this.#events = [...this.#events, ...decode(kept)].slice(0, this.#limit);
      })
      .catch(() => undefined);
    return this.#loading;
  }

  /** Stops listening; resolves once the history is written. */
  async stop() {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    await this.#saving;
  }

  /** The events kept, newest first; at most `limit` of them. */
  history(limit = this.#limit): ChainFaultEvent[] {
    return this.#events.slice(0, limit);
  }

  #save(): void {
    const store = this.#store;
    if (!store) return;
    if (this.#saving) {
      this.#dirty = true;
      return;
    }
    this.#saving = (async () => {
      await this.#loading;
      do {
        this.#dirty = false;
        // A failed write loses nothing in memory; the next event writes the whole history again.
        await store.set(FAULT_HISTORY_KEY, encode(this.#events)).catch(() => undefined);
      } while (this.#dirty);
      this.#saving = undefined;
    })();
  }
}

/** Events as JSON: bigints (block numbers, fees) as `{ $bigint: "123" }`. */
function encode(events: ChainFaultEvent[]): unknown[] {
  return JSON.parse(
    JSON.stringify(events, (_key, value: unknown) =>
      typeof value === "bigint" ? { $bigint: value.toString() } : value,
    ),
  ) as unknown[];
}

function decode(kept: unknown[]): ChainFaultEvent[] {
  return JSON.parse(JSON.stringify(kept), (_key, value: unknown) => {
    const big = (value as { $bigint?: unknown } | null)?.$bigint;
    return typeof big === "string" ? BigInt(big) : value;
  }) as ChainFaultEvent[];
}
