/** Least time between two ticks asked for by sends while a tick runs (ms). */
const NUDGE_DELAY = 20;

/**
 * Runs the watcher's ticks one at a time: a tick asked for while one runs runs right after it
 * (however many were asked for meanwhile), and a failed tick is counted and left for the next.
 */
export class TickScheduler {
  readonly #tick: () => Promise<void>;
  readonly #mayRun: () => boolean;
  readonly #recordError: (error: unknown) => void;
  #running: Promise<void> | undefined;
  #again = false;
  #nudgeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(tick: () => Promise<void>, mayRun: () => boolean, recordError: (error: unknown) => void) {
    this.#tick = tick;
    this.#mayRun = mayRun;
    this.#recordError = recordError;
  }

  /** The ticks under way, if any. */
  get running(): Promise<void> | undefined {
    return this.#running;
  }

  /** Ends the nudge timer; waits for the ticks under way. */
  async stop() {
    if (this.#nudgeTimer) clearTimeout(this.#nudgeTimer);
    await this.#running;
  }

  /**
   * An automining node has mined a transaction by the time it is recorded: look now rather than
   * at the next poll of the head. While a tick runs (it may have read the head before), one more
   * follows shortly — at most one per {@link NUDGE_DELAY} ms however many sends come, so that a
   * busy sender does not turn the watcher into a busy loop.
   */
  nudge() {
    if (!this.#running) {
      this.schedule();
      return;
    }
    if (this.#nudgeTimer || !this.#mayRun()) return;
    this.#nudgeTimer = setTimeout(() => {
      this.#nudgeTimer = undefined;
      this.schedule();
    }, NUDGE_DELAY);
  }

  schedule() {
    if (!this.#mayRun()) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false;
          try {
            await this.#tick();
          } catch (error) {
            // A failed poll (node briefly away) is retried on the next block or timer tick.
            this.#recordError(error);
          }
        } while (this.#again && this.#mayRun());
      } finally {
        // Cleared in the step that saw no new request, so that the next one starts a new run
        // instead of being folded into a run that has ended.
        this.#running = undefined;
      }
    })();
  }
}
