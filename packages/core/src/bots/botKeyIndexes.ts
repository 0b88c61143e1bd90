import type { StorageAdapter } from "../storage/StorageAdapter.js";

/**
 * Key indexes (m/44'/60'/0'/0/<index> of the system mnemonic) of the built-in bots. 0–20 are the
 * system wallets (0, 3, 8, 12, 13, 14 used by Kurtosis services) and 21 the oracle's pusher, so
 * the bots start at 100: no other service ever sends from these keys.
 */
export const BUILT_IN_BOT_KEY_INDEXES = { transfer: 100, erc20: 101, nft: 102 } as const;

/** First index handed to a custom bot that names none. */
export const FIRST_CUSTOM_BOT_KEY_INDEX = 110;

/** The system wallet that tops bots up: the last prefunded account, used by no Kurtosis service. */
export const DEFAULT_BOT_FUNDER_INDEX = 20;

const STATE_KEY = "bots:key-indexes";

/** True for indexes a custom bot must not take. */
export function isReservedKeyIndex(index: number) {
  return !Number.isSafeInteger(index) || index < 0 || index <= 21 || (index >= 100 && index <= 102);
}

/**
 * The key index of a custom bot: the one it names, or the one allocated to its name before, or
 * the next free one from {@link FIRST_CUSTOM_BOT_KEY_INDEX} (remembered in storage, so a bot keeps
 * its key and address across restarts whatever order bots are registered in).
 */
export async function allocateBotKeyIndex(
  storage: StorageAdapter,
  name: string,
  requested: number | undefined,
): Promise<number> {
  return storage.withLock(STATE_KEY, async () => {
    const known = (await storage.state.get<Record<string, number>>(STATE_KEY)) ?? {};
    const index =
      requested ?? known[name] ?? Math.max(FIRST_CUSTOM_BOT_KEY_INDEX - 1, ...Object.values(known)) + 1;
    if (known[name] !== index) await storage.state.set(STATE_KEY, { ...known, [name]: index });
    return index;
  });
}
