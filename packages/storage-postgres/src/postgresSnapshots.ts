import { randomBytes } from "node:crypto";
import type { StorageSnapshotId } from "@privnet/core";
import { unknownSnapshot } from "@privnet/core/internal";
import type { PostgresConnection } from "./postgresConnection.js";

/**
 * Snapshots and restores are test-only steps between tests: they do not wait for their commit to
 * reach the disk (~10 ms a step on this machine's PostgreSQL otherwise). A crash may lose the last
 * of them but never leaves one half done; the next regular commit flushes them too.
 */
const RELAXED_COMMIT = "SET LOCAL synchronous_commit TO OFF;";
/** The SQLSTATE restore() raises for an id it does not hold. */
const NO_SNAPSHOT = "P0002";
/** What a snapshot holds: the three tables (advisory locks live in the server, not in tables). */
const SNAPSHOT_TABLES = ["wallets", "transactions", "state"] as const;
const SNAPSHOT_ID = /^[0-9a-f]{16}$/;

/** `snapshot()` and `restore()`: every row of the three tables as JSONB in one `snapshot_rows` table. */
export function postgresSnapshots({ s, query }: PostgresConnection) {
  // The snapshots' table, made on the first snapshot rather than by a migration: stores that
  // never take one never have it.
  let snapshotRows: Promise<void> | undefined;
  const ensureSnapshotRows = () => {
    snapshotRows ??= (async () => {
      const create = `CREATE TABLE IF NOT EXISTS ${s}.snapshot_rows (snapshot TEXT NOT NULL, source TEXT NOT NULL, row JSONB NOT NULL);
         CREATE INDEX IF NOT EXISTS snapshot_rows_snapshot ON ${s}.snapshot_rows (snapshot, source)`;
      // Two processes creating it at once: one of them meets the other's table mid-way; once more
      // finds it there.
      await query(create).catch(() => query(create));
    })().catch((error: unknown) => {
      snapshotRows = undefined;
      throw error;
    });
    return snapshotRows;
  };

  return {
    async snapshot(): Promise<StorageSnapshotId> {
      await ensureSnapshotRows();
      // Every row of the three tables as JSONB, in one statement (so one consistent moment), with a
      // marker row so that an empty store's snapshot exists too. `to_jsonb` takes every column,
      // whatever later migrations add, and no table is created per snapshot. The id is 16 hex
      // digits of our own, written into the text so that the pragma-like SET LOCAL shares the
      // statement's transaction (one simple query is one transaction).
      const id = randomBytes(8).toString("hex");
      await query(
        `${RELAXED_COMMIT}
         INSERT INTO ${s}.snapshot_rows (snapshot, source, row)
         SELECT '${id}', '', '{}'::jsonb
         ${SNAPSHOT_TABLES.map((table) => `UNION ALL SELECT '${id}', '${table}', to_jsonb(t) FROM ${s}.${table} t`).join("\n")}`,
      );
      return id;
    },
    async restore(id: StorageSnapshotId) {
      if (!SNAPSHOT_ID.test(id)) throw unknownSnapshot("postgres", id);
      await ensureSnapshotRows();
      // One round trip, one transaction (several statements in one simple query). The id is 16
      // hex digits (checked above), so it is written into the text. Rows come back with their ids;
      // the identity sequences are left where they are, so ids keep increasing past the ones the
      // restore removed.
      const rows = (table: string) =>
        `SELECT (jsonb_populate_record(NULL::${s}.${table}, row)).* FROM ${s}.snapshot_rows WHERE snapshot = '${id}' AND source = '${table}'`;
      try {
        await query(
          [
            RELAXED_COMMIT,
            `DO $$ BEGIN
               IF NOT EXISTS (SELECT 1 FROM ${s}.snapshot_rows WHERE snapshot = '${id}' AND source = '') THEN
                 RAISE EXCEPTION 'no snapshot' USING ERRCODE = '${NO_SNAPSHOT}';
               END IF;
             END $$;`,
            ...SNAPSHOT_TABLES.map(
              (table) =>
                `DELETE FROM ${s}.${table}; INSERT INTO ${s}.${table} ${table === "state" ? "" : "OVERRIDING SYSTEM VALUE "}${rows(table)};`,
            ),
            `DELETE FROM ${s}.snapshot_rows WHERE snapshot = '${id}';`,
          ].join("\n"),
        );
      } catch (error) {
        if ((error as { code?: string }).code === NO_SNAPSHOT) throw unknownSnapshot("postgres", id);
        throw error;
      }
    },
  };
}
