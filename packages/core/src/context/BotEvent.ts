import type { Address } from "viem";
import type { ErrorRecord } from "../errors/toErrorRecord.js";
import type { TransactionEntry } from "./TransactionEntry.js";

export type BotEventType = "started" | "stopped" | "transaction" | "error" | "funded" | "deployed";

/** What a bot did, emitted as the platform's `bot` event and streamed over HTTP. */
export type BotEvent = {
  bot: string;
  type: BotEventType;
  /** ISO 8601 UTC with milliseconds. */
  at: string;
  /** One line a person reads. */
  message: string;
  /** `transaction`: the history entry, at each status (pending, then confirmed or failed). */
  transaction?: TransactionEntry;
  /** `error`: the error's code (when it is a privnet error) and message. */
  error?: BotError;
  /** `deployed`: the contract's address; `funded`: the bot's. */
  address?: Address;
};

/** An error a bot hit, kept as its last error and in its logs. */
export type BotError = ErrorRecord;
