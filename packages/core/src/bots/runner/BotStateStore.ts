import type { StorageAdapter } from "../../storage/StorageAdapter.js";
import type { PersistedBotCounters } from "../BotStats.js";
import type { StoredRun } from "../RunnerState.js";

/** What the engine keeps in `storage.state` under `bots:<name>`. */
export type PersistedBotState = {
  running: boolean;
  /** The config of the current (or last) run, so that a resumed bot runs as it did. */
  config: Record<string, unknown> | null;
  /** The bot's own data: deployed contract addresses… */
  data: Record<string, unknown>;
  counters: PersistedBotCounters;
};

/** Counters change with every transaction: they are written at most this often, not per send. */
const COUNTERS_SAVE_EVERY_MS = 250;

export type BotStateStoreParameters = {
  storage: StorageAdapter;
  /** The bot's name: its state is `bots:<name>`. */
  name: string;
  /** What the stored state says of the run, as the runner's state has it now. */
  storedRun(): StoredRun;
  counters(): PersistedBotCounters;
  /** The runner closed: nothing more is written. */
  closed(): boolean;
};

/**
 * A bot's persisted state (`bots:<name>`): running or not and with which config, the bot's own
 * data, its counters. Writes requested while one is under way fold into one more write after it;
 * counters are written at most every {@link COUNTERS_SAVE_EVERY_MS} (a crash may lose that much of
 * the counts, never a transaction: the history has every one).
 */
export class BotStateStore {
  /** The bot's own data (`ctx.data`): deployed contract addresses… */
  data: Record<string, unknown> = {};
  readonly #parameters: BotStateStoreParameters;
  #saving: Promise<void> | undefined;
  #dirty = false;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(parameters: BotStateStoreParameters) {
    this.#parameters = parameters;
  }

  get #key() {
    return `bots:${this.#parameters.name}`;
  }

  /** Reads what was stored (its data becomes the bot's); undefined for a bot never stored. */
  async read(): Promise<PersistedBotState | undefined> {
    const saved = await this.#parameters.storage.state.get<PersistedBotState>(this.#key);
    if (saved) this.data = saved.data ?? {};
    return saved;
  }

  /** Sets one key of the bot's data and writes it. */
  async setData(key: string, value: unknown): Promise<void> {
    this.data = { ...this.data, [key]: value };
    await this.save();
  }

  /** Writes the counters soon: at most every {@link COUNTERS_SAVE_EVERY_MS}. */
  scheduleSave(): void {
    if (this.#timer || this.#parameters.closed()) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.save();
    }, COUNTERS_SAVE_EVERY_MS);
    this.#timer.unref?.();
  }

  /** Writes the state now (a scheduled write is folded into it); never rejects. */
  save(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#parameters.closed()) return Promise.resolve();
    if (this.#saving) {
      this.#dirty = true;
      return this.#saving;
    }
    this.#saving = (async () => {
      try {
        do {
          this.#dirty = false;
          const state: PersistedBotState = {
            ...this.#parameters.storedRun(),
            data: this.data,
            counters: this.#parameters.counters(),
          };
          await this.#parameters.storage.state.set(this.#key, state);
        } while (this.#dirty);
      } catch {
        // The storage closed under us (shutdown); the next save or start writes again.
      } finally {
        this.#saving = undefined;
      }
    })();
    return this.#saving;
  }
}
