/**
 * What privnet records as a transaction's `source`, by what sent it. Besides these, a bot's
 * transactions carry the bot's name (`transfer`, `erc20`, `nft`, or a custom bot's), and
 * `platform.sender.*` takes any `source` a caller gives (default `sdk`).
 */
export const TRANSACTION_SOURCES = {
  sdk: "platform.sender.* without a source of its own",
  api: "the admin API's POST /send and POST /send-direct",
  oracle: "the price simulator's pushes (loop ticks, push, setPrice, scenarios)",
  lending: "platform.lending.*: ERC20 approvals and LendingPool calls",
  deployment: "deploying and wiring the platform contracts, and granting the oracle's updater right",
  funding: "ETH for the contracts' owner and the oracle's updater keys, from System 20",
  "bot-funding": "top-ups of the bots' keys",
  "nonce-gap-filler": "zero-value transfers to self that fill a nonce the node lost",
} as const;

/** One of privnet's own sources (see {@link TRANSACTION_SOURCES}). */
export type TransactionSource = keyof typeof TRANSACTION_SOURCES;

/** Longest `source` the history filter takes. */
export const MAX_SOURCE_LENGTH = 100;
