import type { StorageAdapter } from "@privnet/core";
import { encodeStateValue } from "@privnet/core/internal";
import type { SqliteConnection } from "./sqliteConnection.js";

/** The keyed state documents, stored as JSON text. */
export function sqliteState({ sql, ensureOpen }: SqliteConnection): StorageAdapter["state"] {
  return {
    async get<T>(key: string) {
      ensureOpen();
      const row = sql("SELECT value FROM state WHERE key = ?").get(key);
      return row === undefined ? undefined : (JSON.parse(String(row.value)) as T);
    },
    async set<T>(key: string, value: T) {
      ensureOpen();
      sql(
        "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ).run(key, encodeStateValue(key, value));
    },
    async delete(key: string) {
      ensureOpen();
      sql("DELETE FROM state WHERE key = ?").run(key);
    },
  };
}
