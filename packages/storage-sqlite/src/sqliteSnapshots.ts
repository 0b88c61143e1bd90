import { randomBytes } from "node:crypto";
import type { StorageSnapshotId } from "@privnet/core";
import { unknownSnapshot } from "@privnet/core/internal";
import type { SqliteConnection } from "./sqliteConnection.js";

/** What a snapshot holds: everything but the locks. */
const SNAPSHOT_TABLES = ["wallets", "transactions", "state"] as const;
const SNAPSHOT_ID = /^[0-9a-f]{16}$/;

function snapshotTable(id: string, table: (typeof SNAPSHOT_TABLES)[number]) {
  return `"snapshot_${id}_${table}"`;
}

/** `snapshot()` and `restore()`: a copy of each table beside it, each step one unsynced transaction. */
export function sqliteSnapshots({ sql, ensureOpen, unsyncedTransaction }: SqliteConnection) {
  return {
    async snapshot(): Promise<StorageSnapshotId> {
      ensureOpen();
      // A copy of each table beside it, in one write transaction. `SELECT *` keeps the copy in
      // step with the schema, whatever columns later migrations add. Cost grows with the rows,
      // which between tests are few.
      const id = randomBytes(8).toString("hex");
      unsyncedTransaction(
        SNAPSHOT_TABLES.map(
          (table) => `CREATE TABLE ${snapshotTable(id, table)} AS SELECT * FROM ${table};`,
        ).join("\n"),
      );
      return id;
    },
    async restore(id: StorageSnapshotId) {
      ensureOpen();
      const exists =
        SNAPSHOT_ID.test(id) &&
        sql("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`snapshot_${id}_state`);
      if (!exists) throw unknownSnapshot("sqlite", id);
      // Rows come back with their ids; AUTOINCREMENT's counter is left where it is, so ids keep
      // increasing past the ones the restore removed.
      unsyncedTransaction(
        SNAPSHOT_TABLES.map(
          (table) =>
            `DELETE FROM ${table}; INSERT INTO ${table} SELECT * FROM ${snapshotTable(id, table)}; DROP TABLE ${snapshotTable(id, table)};`,
        ).join("\n"),
      );
    },
  };
}
