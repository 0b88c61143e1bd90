/**
 * Every index of the system mnemonic (m/44'/60'/0'/0/<index>) that privnet or the services beside
 * it send from, in one place: a key used by two senders shares a nonce, so each is taken once.
 *
 * - 0–20: the 21 prefunded system accounts; 0, 3, 8, 12, 13 and 14 are used by Kurtosis add-on
 *   services, 20 ({@link KEY_INDEXES.funder}) tops up the bots and funds the keys below.
 * - 21: the oracle simulator's updater (pushes prices).
 * - 22: the key that deploys and owns the platform contracts.
 * - 100–102: the seed's transfer, erc20 and nft bots (core's default catalogue).
 * - Any other index a bot names (`defineBot({ keyIndex })`): a scenario catalogue's, e.g.
 *   `@privnet/scenarios` takes 30–39 and 107–109. The engine refuses two registered bots on one
 *   index, so catalogues never share a key.
 * - 110 and up: bots that name none, allocated in order past every index a registered bot names.
 *
 * @example
 * import { deriveAccounts, KEY_INDEXES, SYSTEM_MNEMONIC } from "@privnet/core";
 * const [owner] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.contractsOwner]);
 */
export const KEY_INDEXES = {
  /** The prefunded system accounts: 0 to 20 (SYSTEM_ACCOUNT_COUNT of them). */
  system: { first: 0, last: 20 },
  /** System accounts Kurtosis add-on services send from; privnet never sends from them. */
  kurtosis: [0, 3, 8, 12, 13, 14],
  /** System 20: tops up the bots and funds the contracts' owner and the oracle's updater. */
  funder: 20,
  /** The oracle simulator's updater key; only the price push queue sends from it. */
  oracleUpdater: 21,
  /** The key that deploys and owns the platform contracts. */
  contractsOwner: 22,
  /** The seed's bots (core's default catalogue), one key each. */
  bots: {
    transfer: 100,
    erc20: 101,
    nft: 102,
  },
  /** The first index handed to a custom bot that names none. */
  firstCustomBot: 110,
} as const;

/**
 * What a platform index is used for, or undefined when a bot may name it (another bot holding it
 * is found when the bot is registered). Not an integer ≥ 0 is reported as not an index.
 *
 * @example
 * reservedKeyIndexUse(22); // "the contracts' owner"
 * reservedKeyIndexUse(120); // undefined
 */
export function reservedKeyIndexUse(index: number): string | undefined {
  if (!Number.isSafeInteger(index) || index < 0) return "not a key index (a whole number ≥ 0)";
  if (index >= KEY_INDEXES.system.first && index <= KEY_INDEXES.system.last) return "a system wallet";
  if (index === KEY_INDEXES.oracleUpdater) return "the oracle's updater";
  if (index === KEY_INDEXES.contractsOwner) return "the contracts' owner";
  return undefined;
}

/**
 * True for the platform's own indexes, which no bot may name (see {@link KEY_INDEXES}).
 *
 * @example
 * isReservedKeyIndex(22); // true: the contracts' owner
 * isReservedKeyIndex(110); // false: the first custom bot's
 */
export function isReservedKeyIndex(index: number): boolean {
  return reservedKeyIndexUse(index) !== undefined;
}
