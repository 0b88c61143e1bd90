import { KEY_INDEXES } from "../chain/keyIndexes.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

const STATE_KEY = "bots:key-indexes";

/**
 * The key index of a custom bot: the one it names, or the one allocated to its name before, or
 * the next free one from `KEY_INDEXES.firstCustomBot` (remembered in storage, so a bot keeps
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
      requested ?? known[name] ?? Math.max(KEY_INDEXES.firstCustomBot - 1, ...Object.values(known)) + 1;
    if (known[name] !== index) await storage.state.set(STATE_KEY, { ...known, [name]: index });
    return index;
  });
}
