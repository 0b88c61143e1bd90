import type { ChainFaultEvent } from "../chain/ChainFaults.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import type { BotEvent } from "./BotEvent.js";
import type { OracleEvent, PriceUpdate } from "./PriceUpdate.js";

/**
 * Events a platform emits, by name, with their arguments. Services add theirs as they land
 * (bots, prices, blocks).
 */
export type PlatformEvents = {
  /** A transaction record was created or changed status. */
  transaction: [record: TransactionRecord];
  /** The oracle wrote a token's price on-chain (one event per token per push). */
  price: [update: PriceUpdate];
  /** The oracle simulator's pushes, failures and scenario changes. */
  oracle: [event: OracleEvent];
  /** A bot started, stopped, sent or settled a transaction, deployed, was funded, or hit an error. */
  bot: [event: BotEvent];
  /**
   * A fault on demand took effect or ended (`reorged`, `poolDropped`, `restarted`, `stalled`,
   * `unreachable`, `feeSpiked`, `recovered`), or an admin method was called on the devnet's port
   * (`adminCall`, the audit trail): one per event of the platform's `faults` option
   * (`devnet.faults`), whether asked through `platform.faults` or of the devnet directly. See
   * {@link ChainFaultEvent}.
   */
  chain: [event: ChainFaultEvent];
  /**
   * A listener of another event threw, or its promise rejected: the error and that event's name.
   * The operation that emitted went on; without a listener here the error is logged.
   */
  listenerError: [error: unknown, event: string];
};
