import { encodeStateValue } from "./encodeStateValue.js";
import type { MemoryTable } from "./memoryTable.js";
import type { StorageAdapter } from "./StorageAdapter.js";

/** The keyed state documents in memory, kept as JSON text as the database adapters keep them. */
export function memoryState(open: () => void): MemoryTable<StorageAdapter["state"], [string, string][]> {
  const state = new Map<string, string>();
  return {
    methods: {
      async get<T>(key: string) {
        open();
        const value = state.get(key);
        return value === undefined ? undefined : (JSON.parse(value) as T);
      },
      async set<T>(key: string, value: T) {
        open();
        // Stored as JSON text, as the database adapters do, so values behave the same everywhere.
        state.set(key, encodeStateValue(key, value));
      },
      async delete(key: string) {
        open();
        state.delete(key);
      },
    },
    copy: () => [...state.entries()],
    load(entries) {
      state.clear();
      for (const [key, value] of entries) state.set(key, value);
    },
  };
}
