import { TRANSFER_GAS } from "../../fees/transferGas.js";
import { autoPendingLimit } from "../autoPendingLimit.js";
import type { BotBaseConfig } from "../BotConfig.js";

/** The chain's block gas limit and the node's pool limit per sender. */
export type ChainCapacity = { blockGasLimit: bigint; poolLimit: number };

/**
 * The most unconfirmed transactions a run keeps: its `maxPending`, or — at interval 0 or with a
 * throughput, when `maxPending` was not given explicitly — what the chain can take (see
 * {@link autoPendingLimit}), from the block gas limit and the bot's gas per transaction (a moving
 * average of what it sends; a transfer's to start).
 */
export class PendingLimit {
  readonly #chainCapacity: () => Promise<ChainCapacity>;
  /** This run's limit follows the chain. */
  #follows = false;
  #capacity: ChainCapacity | undefined;
  #gasPerTransaction = TRANSFER_GAS;

  constructor(chainCapacity: () => Promise<ChainCapacity>) {
    this.#chainCapacity = chainCapacity;
  }

  /** Whether this run's limit follows the chain (then it is not stored as an explicit `maxPending`). */
  get followsChain(): boolean {
    return this.#follows;
  }

  /** A new run: its limit follows the chain or not; the capacity is read again. */
  begin(followsChain: boolean): void {
    this.#follows = followsChain;
    this.#capacity = undefined;
  }

  /**
   * Reads the chain's capacity for a run that follows it; until it is known (the node did not
   * answer), the configured `maxPending` holds.
   */
  async readCapacity(): Promise<void> {
    if (!this.#follows) return;
    try {
      this.#capacity = await this.#chainCapacity();
    } catch {
      this.#capacity = undefined;
    }
  }

  /** Most unconfirmed transactions now. */
  limit(config: BotBaseConfig): number {
    if (!this.#follows || !this.#capacity) return config.maxPending;
    return autoPendingLimit({ ...this.#capacity, gasPerTransaction: this.#gasPerTransaction });
  }

  /** `config` with the limit in force, so that the status tells what the bot does. */
  shown<Config extends BotBaseConfig>(config: Config): Config {
    const limit = this.limit(config);
    return limit === config.maxPending ? config : { ...config, maxPending: limit };
  }

  /** A send's gas limit, into the moving average of the bot's gas per transaction. */
  sent(gas: bigint): void {
    this.#gasPerTransaction += (gas - this.#gasPerTransaction) / 16n;
  }
}
