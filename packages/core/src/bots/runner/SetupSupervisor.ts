import type { BotRestartStatus } from "./runnerTypes.js";
import type { Wakeups } from "./Wakeups.js";

/** Ticks failing in a row after which the run restarts: its setup runs again before the next tick. */
const RESTART_AFTER_TICK_ERRORS = 10;

export type SetupSupervisorParameters = {
  /** The pause after each failed setup: `initialMs`, doubling up to `maxMs`. */
  backoff: { initialMs: number; maxMs: number };
  wakeups: Wakeups;
  /** The loop runs: setup is tried (again) only then. */
  running(): boolean;
  /** How often the chain went back so far: a setup it overtook is due again. */
  rewinds(): number;
  /** Setup ran on the chain as it is: ticks go on. */
  setupDone(): void;
  /** Setup is due again before the next tick (ticks kept failing). */
  setupDue(): void;
  /** Waits until the bot can pay for its setup's sends. */
  ensureFunds(): Promise<void>;
  /** Counts and reports a failure. */
  report(error: unknown): void;
};

/**
 * Runs a bot's setup until it works, and restarts the run when its ticks keep failing
 * (auto-restart). A failed setup is tried again after a pause that starts at the backoff's
 * `initialMs` (or the bot's `interval`, when longer) and doubles with each failure in a row up to
 * `maxMs`; ticks that fail {@link RESTART_AFTER_TICK_ERRORS} times in a row make setup due again.
 * Ticks that ask for setup while it runs share the same run.
 */
export class SetupSupervisor {
  /** What the last setup returned: handed to each tick of the run. */
  result: unknown;
  readonly #parameters: SetupSupervisorParameters;
  #run: Promise<boolean> | undefined;
  #failures = 0;
  #nextAttemptAt: number | null = null;
  #backoffMs: number | null = null;
  #tickErrors = 0;
  #restarts = 0;

  constructor(parameters: SetupSupervisorParameters) {
    this.#parameters = parameters;
  }

  /** A new run: no failure counted yet (restarts are counted over the bot's life). */
  begin(): void {
    this.#failures = 0;
    this.#nextAttemptAt = null;
    this.#backoffMs = null;
    this.#tickErrors = 0;
  }

  /**
   * Runs `setup` until it works (true) or the bot stops (false), retrying after each error. The
   * chain going back while it runs leaves setup due again: it found the old chain.
   */
  ensure(setup: () => Promise<unknown>, interval: number): Promise<boolean> {
    this.#run ??= this.#supervise(setup, interval).finally(() => {
      this.#run = undefined;
    });
    return this.#run;
  }

  async #supervise(setup: () => Promise<unknown>, interval: number): Promise<boolean> {
    const { running, rewinds, setupDone, ensureFunds, report, wakeups, backoff } = this.#parameters;
    const rewindsBefore = rewinds();
    while (running()) {
      try {
        await ensureFunds();
        if (!running()) return false;
        this.result = await setup();
        if (running() && rewindsBefore === rewinds()) setupDone();
        this.#failures = 0;
        this.#nextAttemptAt = null;
        this.#backoffMs = null;
        return true;
      } catch (error) {
        if (!running()) return false;
        this.#failures++;
        const pause = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(this.#failures - 1, 30));
        this.#backoffMs = Math.max(pause, interval > 0 ? Math.min(interval, backoff.maxMs) : 0);
        this.#nextAttemptAt = Date.now() + this.#backoffMs;
        report(error);
        await wakeups.pause(this.#backoffMs);
      }
    }
    return false;
  }

  /** A tick worked: the count of failures in a row starts again. */
  tickSucceeded(): void {
    this.#tickErrors = 0;
  }

  /** A tick failed; after {@link RESTART_AFTER_TICK_ERRORS} in a row, setup is due again. */
  tickFailed(): void {
    if (++this.#tickErrors < RESTART_AFTER_TICK_ERRORS) return;
    this.#tickErrors = 0;
    this.#restarts++;
    this.#parameters.setupDue();
  }

  /** Where the auto-restart stands; `running`: the bot runs (a backoff shows only then). */
  status(running: boolean): BotRestartStatus {
    const backoff = this.#nextAttemptAt !== null && running;
    return {
      state: backoff ? "backoff" : "ok",
      failures: this.#failures,
      backoffMs: running ? this.#backoffMs : null,
      nextAttemptAt: backoff ? new Date(this.#nextAttemptAt as number).toISOString() : null,
      restarts: this.#restarts,
    };
  }
}
