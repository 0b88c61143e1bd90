import type { ChainFaultEvent, ChainFaults } from "../chain/ChainFaults.js";

/** Fault events a platform keeps for `platform.faults.history()`. */
export const FAULT_HISTORY_LIMIT = 200;

/**
 * Hears every event of a {@link ChainFaults} — of the faults asked through the platform and of
 * those asked of the devnet directly alike — keeps the last {@link FAULT_HISTORY_LIMIT}, and hands
 * each to `announce` (the platform's `chain` event). Listens from {@link start} to {@link stop}.
 */
export class FaultLog {
  readonly #faults: Pick<ChainFaults, "subscribe"> | undefined;
  readonly #announce: (event: ChainFaultEvent) => void;
  readonly #limit: number;
  /** Newest first. */
  #events: ChainFaultEvent[] = [];
  #unsubscribe: (() => void) | undefined;

  constructor(
    faults: Pick<ChainFaults, "subscribe"> | undefined,
    announce: (event: ChainFaultEvent) => void,
    limit = FAULT_HISTORY_LIMIT,
  ) {
    this.#faults = faults;
    this.#announce = announce;
    this.#limit = limit;
  }

  start() {
    if (!this.#faults || this.#unsubscribe) return;
    this.#unsubscribe = this.#faults.subscribe((event) => {
      // Kept first, so that a listener of the announcement finds it in the history.
      this.#events.unshift(event);
      if (this.#events.length > this.#limit) this.#events.length = this.#limit;
      this.#announce(event);
    });
  }

  stop() {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }

  /** The events kept, newest first; at most `limit` of them. */
  history(limit = this.#limit): ChainFaultEvent[] {
    return this.#events.slice(0, limit);
  }
}
