import { StorageSchemaUnsupportedError } from "@privnet/core";
import type pg from "pg";
import { advisoryLockKey } from "./advisoryLockKey.js";
import { migrations } from "./migrations.js";

export type MigrateReturnType = { applied: number[]; version: number };

/**
 * Brings `schema` up to the newest version. An advisory lock around the whole run makes processes
 * that start together migrate one after the other (the later ones find nothing to do); each step
 * runs in its own transaction, so a failure leaves the previous version intact.
 */
export async function migrate(pool: pg.Pool, schema: string): Promise<MigrateReturnType> {
  const s = quoteIdentifier(schema);
  const latest = Math.max(...migrations.map((migration) => migration.version));
  const lockKey = advisoryLockKey(schema, "privnet:migrate");
  const client = await pool.connect();
  let healthy = true;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${s}`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${s}.schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`);
      const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${s}.schema_migrations`);
      const done = new Set(rows.map((row) => row.version));
      const newest = Math.max(0, ...done);
      if (newest > latest) throw new StorageSchemaUnsupportedError("postgres", newest, latest);
      const applied: number[] = [];
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        await client.query("BEGIN");
        try {
          await client.query(migration.sql(s));
          await client.query(`INSERT INTO ${s}.schema_migrations (version, name) VALUES ($1, $2)`, [
            migration.version,
            migration.name,
          ]);
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
        applied.push(migration.version);
      }
      return { applied, version: latest };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [lockKey]).catch(() => {
        healthy = false;
      });
    }
  } catch (error) {
    healthy = false;
    throw error;
  } finally {
    // A client whose session may still hold the lock is closed rather than pooled.
    client.release(!healthy);
  }
}

/** `"name"` for SQL. Schema names are checked by the factory, so quoting is for case and keywords. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
