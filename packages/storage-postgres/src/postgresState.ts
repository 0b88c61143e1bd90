import type { StorageAdapter } from "@privnet/core";
import { encodeStateValue } from "@privnet/core/internal";
import type { PostgresConnection } from "./postgresConnection.js";

/** The keyed state documents, stored as JSON. */
export function postgresState({ s, query }: PostgresConnection): StorageAdapter["state"] {
  return {
    async get<T>(key: string) {
      const { rows } = await query<{ value: string }>(
        `SELECT value::text AS value FROM ${s}.state WHERE key = $1`,
        [key],
      );
      return rows[0] === undefined ? undefined : (JSON.parse(rows[0].value) as T);
    },
    async set<T>(key: string, value: T) {
      const text = encodeStateValue(key, value);
      await query(
        `INSERT INTO ${s}.state (key, value) VALUES ($1, $2::json)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
        [key, text],
      );
    },
    async delete(key: string) {
      await query(`DELETE FROM ${s}.state WHERE key = $1`, [key]);
    },
  };
}
