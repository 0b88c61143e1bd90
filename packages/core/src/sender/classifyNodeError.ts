import {
  BaseError,
  HttpRequestError,
  NonceTooHighError,
  NonceTooLowError,
  TimeoutError,
  InsufficientFundsError as ViemInsufficientFundsError,
  WebSocketRequestError,
} from "viem";
import { nodeErrorText } from "../chain/isMethodMissing.js";

/** What a node's refusal of a transaction means for the sender. */
export type NodeErrorKind =
  /** The nonce was already used: resynchronise from the chain and retry with a fresh one. */
  | "nonce-too-low"
  /** Another transaction with this nonce is in the pool and this one does not pay 10 % more. */
  | "replacement-underpriced"
  /** This very transaction is already in the pool: treat as accepted. */
  | "already-known"
  /** The sender cannot pay value + gas × max fee. */
  | "insufficient-funds"
  /** The nonce is far ahead of the account's (a gap the node will not queue). */
  | "nonce-too-high"
  /** The max fee is below the block's base fee. */
  | "fee-too-low"
  /** No answer from the node (connection refused, timeout): whether it took the transaction is unknown. */
  | "unreachable"
  /**
   * The code uses an instruction the node's fork lacks (MCOPY before Cancun, PUSH0 before
   * Shanghai): anvil's "NotActivated", ganache's and geth's "invalid opcode".
   */
  | "unsupported-opcode"
  /** Anything else. */
  | "other";

// Message fragments of anvil, geth, reth, nethermind and besu, lower case.
const patterns: [NodeErrorKind, RegExp][] = [
  [
    "already-known",
    /already known|already imported|alreadyknown|known transaction|transaction already exists/,
  ],
  [
    "replacement-underpriced",
    /replacement (transaction )?underpriced|replacement fee too low|replacementnotallowed/,
  ],
  ["nonce-too-low", /nonce too low|nonce has already been used|oldnonce|nonce is too low/],
  ["nonce-too-high", /nonce too high|nonce gap/],
  ["insufficient-funds", /insufficient funds|insufficient balance|exceeds balance/],
  [
    "fee-too-low",
    /fee cap less than block base fee|max fee per gas less than block base fee|feecaptoolow|underpriced/,
  ],
  ["unsupported-opcode", /invalid opcode|notactivated|opcode not (activated|defined)|undefined opcode/],
];

/**
 * Classifies an error a node returned for `eth_sendRawTransaction` (or `eth_estimateGas`), from viem's error classes
 * where viem recognised it and from the node's message text otherwise. The one place where node
 * wording is interpreted.
 *
 * @example
 * if (classifyNodeError(error) === "nonce-too-low") resync();
 */
export function classifyNodeError(error: unknown): NodeErrorKind {
  if (error instanceof BaseError) {
    if (error.walk((cause) => cause instanceof NonceTooLowError)) return "nonce-too-low";
    if (error.walk((cause) => cause instanceof NonceTooHighError)) return "nonce-too-high";
    if (error.walk((cause) => cause instanceof ViemInsufficientFundsError)) return "insufficient-funds";
    // No answer at all; an HTTP error status instead carries the node's words, read below.
    const http = error.walk((cause) => cause instanceof HttpRequestError) as HttpRequestError | null;
    if (
      (http && http.status === undefined) ||
      error.walk((c) => c instanceof TimeoutError || c instanceof WebSocketRequestError)
    ) {
      return "unreachable";
    }
  }
  const text = nodeErrorText(error).toLowerCase();
  for (const [kind, pattern] of patterns) if (pattern.test(text)) return kind;
  return "other";
}

/**
 * The node's own words in `error`: the innermost detail viem kept from its answer ("EVM error
 * NotActivated", "VM Exception while processing transaction: invalid opcode"), else the message.
 *
 * @example
 * `The node answered: ${nodeErrorWords(error)}`;
 */
export function nodeErrorWords(error: unknown): string {
  let words: string | undefined;
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof BaseError) words = current.details || words;
    else if (current instanceof Error) words ??= current.message;
    current = current instanceof Error ? current.cause : undefined;
  }
  return (words ?? String(error)).trim();
}
