import type { DatabaseSync } from "node:sqlite";
import { StorageSchemaUnsupportedError } from "@privnet/core";
import { migrations } from "./migrations.js";

export type MigrateReturnType = { applied: number[]; version: number };

/**
 * Brings the file's schema up to the newest version. Runs in one IMMEDIATE transaction, so two
 * processes opening a new file at once apply each step exactly once (the second waits on the
 * busy timeout, then finds nothing left to do), and a crash mid-way leaves the old schema intact.
 */
export function migrate(db: DatabaseSync): MigrateReturnType {
  const latest = Math.max(...migrations.map((migration) => migration.version));
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const done = new Set(
      db
        .prepare("SELECT version FROM schema_migrations")
        .all()
        .map((row) => Number(row.version)),
    );
    const newest = Math.max(0, ...done);
    if (newest > latest) throw new StorageSchemaUnsupportedError("sqlite", newest, latest);
    const applied: number[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      applied.push(migration.version);
    }
    db.exec("COMMIT");
    return { applied, version: latest };
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}
