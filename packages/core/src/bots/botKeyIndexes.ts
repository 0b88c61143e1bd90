import { KEY_INDEXES } from "../chain/keyIndexes.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

const STATE_KEY = "bots:key-indexes";

/**
 * The key index of a bot: the one it names, or the one allocated to its name before (unless
 * another bot now names it), or the next free one from `KEY_INDEXES.firstCustomBot` past the
 * indexes in `taken` (remembered in storage, so a bot keeps its key and address across restarts
 * whatever order bots are registered in).
 */
export async function allocateBotKeyIndex(
  storage: StorageAdapter,
  name: string,
  requested: number | undefined,
  taken: ReadonlyMap<number, string> = new Map(),
): Promise<number> {
  return storage.withLock(STATE_KEY, async () => {
    const known = (await storage.state.get<Record<string, number>>(STATE_KEY)) ?? {};
    const before = known[name];
    const free = (index: number) => !taken.has(index) || taken.get(index) === name;
    let index = requested ?? (before !== undefined && free(before) ? before : undefined);
    if (index === undefined) {
      index = Math.max(KEY_INDEXES.firstCustomBot - 1, ...Object.values(known)) + 1;
      while (!free(index)) index++;
    }
    if (known[name] !== index) await storage.state.set(STATE_KEY, { ...known, [name]: index });
    return index;
  });
}
