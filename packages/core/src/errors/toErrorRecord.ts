import { BaseError } from "viem";
import { isPrivnetError } from "./PrivnetError.js";

/** An error as a service keeps it for its status: a bot's or the transaction watcher's last error. */
export type ErrorRecord = {
  /** The privnet error code, or null for another error. */
  code: string | null;
  /** One line: privnet's short message, viem's with the node's words, else the error's message. */
  message: string;
  /** ISO 8601 UTC with milliseconds. */
  at: string;
};

/**
 * What a service records of an error it handled, for its status and logs.
 *
 * @example
 * this.lastError = toErrorRecord(error); // { code: "INSUFFICIENT_FUNDS", message: "…", at: "…" }
 */
export function toErrorRecord(error: unknown, at = new Date()): ErrorRecord {
  return {
    code: isPrivnetError(error) ? error.code : null,
    message: isPrivnetError(error)
      ? error.shortMessage
      : error instanceof BaseError
        ? viemMessage(error)
        : error instanceof Error
          ? error.message
          : String(error),
    at: at.toISOString(),
  };
}

/**
 * viem's `message` carries docs links and its version: its short message is enough, with the
 * node's own words (`details`) when they say more ("An unknown RPC error occurred." alone does not).
 */
function viemMessage(error: BaseError): string {
  const details = error.details?.split("\n")[0]?.trim();
  return details && !error.shortMessage.includes(details)
    ? `${error.shortMessage} (${details})`
    : error.shortMessage;
}
