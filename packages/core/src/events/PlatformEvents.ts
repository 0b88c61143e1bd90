import type { BotEvent } from "../bots/BotEvent.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

/**
 * Events a platform emits, by name, with their arguments. Services add theirs as they land
 * (bots, prices, blocks).
 */
export type PlatformEvents = {
  /** A transaction record was created or changed status. */
  transaction: [record: TransactionRecord];
  /** A bot started, stopped, sent or settled a transaction, deployed, was funded, or hit an error. */
  bot: [event: BotEvent];
};
