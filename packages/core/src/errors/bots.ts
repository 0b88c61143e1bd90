import { PrivnetError } from "./PrivnetErrorBase.js";
import { quoteInput } from "./quoteInput.js";

/** `sendTransaction` got fields that do not make a transaction (bad data, gas, value or sender). */
export class InvalidTransactionError extends PrivnetError {
  override name = "InvalidTransactionError";
  declare readonly code: "INVALID_TRANSACTION";
  constructor(reason: string) {
    super("INVALID_TRANSACTION", `The transaction is not valid: ${reason}`, {
      details:
        "Give exactly one sender (account, privateKey or fromWalletId); `data` is 0x-prefixed hex of whole bytes; `value` is a non-negative bigint in wei; `gas` a positive bigint. Without `to`, `data` (the init code) is required.",
    });
  }
}

export class BotNotFoundError extends PrivnetError {
  override name = "BotNotFoundError";
  declare readonly code: "BOT_NOT_FOUND";
  constructor(
    readonly bot: string,
    known: readonly string[],
  ) {
    super("BOT_NOT_FOUND", `There is no bot named ${quoteInput(bot)}.`, {
      details: `Known bots: ${known.join(", ") || "none"}. Custom bots are registered with platform.bots.register(defineBot({ … })).`,
    });
  }
}

export class BotExistsError extends PrivnetError {
  override name = "BotExistsError";
  declare readonly code: "BOT_EXISTS";
  constructor(readonly bot: string) {
    super("BOT_EXISTS", `A bot named ${quoteInput(bot)} is already registered.`, {
      details: "Bot names identify their state, key and routes; give the custom bot another name.",
    });
  }
}

/**
 * The connected node cannot run this bot: its chain lacks a fork the bot needs (blob transactions
 * before Cancun, set-code before Prague). Raised when the bot starts, before anything is sent.
 */
export class BotUnsupportedError extends PrivnetError {
  override name = "BotUnsupportedError";
  declare readonly code: "BOT_UNSUPPORTED";
  constructor(
    readonly bot: string,
    /** What the bot needs, e.g. "Cancun (EIP-4844 blob transactions)". */
    readonly requirement: string,
    reason: string,
  ) {
    super("BOT_UNSUPPORTED", `The ${bot} bot cannot run on this node: ${reason}`, {
      details: `It needs ${requirement}. Start the node on that fork or later (anvil: --hardfork), or connect to another node.`,
    });
  }
}

/** A configuration (environment, platform options or a start request) the bot cannot run with. */
export class InvalidBotConfigError extends PrivnetError {
  override name = "InvalidBotConfigError";
  declare readonly code: "INVALID_BOT_CONFIG";
  constructor(
    readonly bot: string,
    reason: string,
  ) {
    super("INVALID_BOT_CONFIG", `Invalid configuration for the ${bot} bot: ${reason}`, {
      details: "See docs/bots.md for each bot's settings and the environment variables that set them.",
    });
  }
}

/** One problem of a traffic document: where (a dotted path, e.g. `bots.1.config.amount`) and what. */
export type TrafficDocumentIssue = { path: string; message: string };

/**
 * A traffic document (see docs/bots.md, "Controls and traffic documents") that cannot be applied:
 * `issues` lists every problem by path. Nothing of it was applied.
 */
export class InvalidTrafficDocumentError extends PrivnetError {
  override name = "InvalidTrafficDocumentError";
  declare readonly code: "INVALID_TRAFFIC_DOCUMENT";
  constructor(readonly issues: readonly TrafficDocumentIssue[]) {
    super(
      "INVALID_TRAFFIC_DOCUMENT",
      `The traffic document is not valid (${issues.length} ${issues.length === 1 ? "problem" : "problems"}; nothing was applied): ${issues.map((issue) => `${issue.path || "(document)"}: ${issue.message}`).join("; ")}`,
      {
        details:
          'Each problem is listed by its path in the document. See docs/bots.md, "Controls and traffic documents", for the document\'s shape.',
      },
    );
  }
}
