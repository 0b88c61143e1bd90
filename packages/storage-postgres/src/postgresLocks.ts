import { createKeyedMutex } from "@privnet/core/internal";
import type pg from "pg";
import { advisoryLockKey } from "./advisoryLockKey.js";
import type { PostgresConnection } from "./postgresConnection.js";

/**
 * `withLock` on PostgreSQL advisory locks, each held on a connection of its own from the lock pool
 * until `fn` settles; the holders of one key in this process queue in memory first, so a process
 * uses one connection per key.
 */
export function postgresLocks(db: PostgresConnection) {
  const mutex = createKeyedMutex();
  /** Lock connections waiting in `pg_advisory_lock`, cancelled by close(). */
  const waiting = new Set<pg.PoolClient>();

  /** Takes the lock on `client`, as one of the waits close() cancels. */
  const take = async (client: pg.PoolClient, lockKey: string) => {
    waiting.add(client);
    try {
      db.ensureOpen();
      await client.query("SELECT pg_advisory_lock($1)", [lockKey]);
    } finally {
      waiting.delete(client);
    }
  };

  return {
    async withLock<T>(key: string, fn: () => Promise<T>): Promise<T> {
      db.ensureOpen();
      await db.ready;
      return mutex.run(key, async () => {
        db.ensureOpen();
        const lockKey = advisoryLockKey(db.schema, key);
        const client = await db.lockPool.connect().catch((error: unknown) => {
          throw db.driverError(error);
        });
        // A held connection that the server drops would otherwise surface as an uncaught error.
        const onError = () => {};
        client.on("error", onError);
        let healthy = true;
        try {
          await take(client, lockKey).catch((error: unknown) => {
            healthy = false;
            // close() cancels waits in the server; driverError reports that as what it is.
            throw db.driverError(error);
          });
          try {
            db.ensureOpen();
            return await fn();
          } finally {
            await client.query("SELECT pg_advisory_unlock($1)", [lockKey]).catch(() => {
              // The session is suspect: closing it below releases any lock it still holds.
              healthy = false;
            });
          }
        } finally {
          client.off("error", onError);
          client.release(!healthy);
        }
      });
    },

    /**
     * Calls still waiting in the server for a lock that another process holds would keep their
     * connections, and so close(), busy until that process lets go: cancel the waits instead. A
     * cancel that reaches the server before the lock query has started is a no-op, and the wait
     * would then last as long as the other process holds the lock: cancel again until every wait
     * has come back (each rejects as soon as its query is cancelled).
     */
    async cancelWaits() {
      for (let round = 0; waiting.size > 0 && round < 400; round++) {
        const pids = [...waiting].map((client) => (client as unknown as { processID: number }).processID);
        await db.cancelBackends(pids);
        if (waiting.size > 0) await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}
