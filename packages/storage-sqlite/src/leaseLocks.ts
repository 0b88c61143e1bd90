import type { DatabaseSync } from "node:sqlite";

export type LeaseLocksOptions = {
  /** Unique per adapter instance; each acquisition adds a counter so that owners never repeat. */
  instanceId: string;
  /** How long a lease lasts without renewal; a crashed holder's lock frees up after this. */
  leaseMs: number;
  isClosed: () => boolean;
  onClosed: () => never;
  /** The connection's `PRAGMA synchronous` level, restored after each lease write. */
  synchronous: "FULL" | "NORMAL";
};

export type Lease = { release(): void };

const SQLITE_BUSY = 5;

/**
 * Cross-process locks as lease rows in the `locks` table. Taking one is a single short write (an
 * upsert that only replaces an expired lease), so SQLite's write lock is never held while the
 * caller's work runs: other processes keep writing, and take other keys, meanwhile. A held lease
 * is renewed every third of its length; a process that dies (even by SIGKILL) stops renewing, and
 * its lock is free once the lease runs out. Waiting is polling with capped exponential backoff.
 */
export function createLeaseLocks(db: DatabaseSync, options: LeaseLocksOptions) {
  const take = db.prepare(`
    INSERT INTO locks (key, owner, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE locks.expires_at <= ?`);
  const renew = db.prepare("UPDATE locks SET expires_at = ? WHERE key = ? AND owner = ?");
  const drop = db.prepare("DELETE FROM locks WHERE key = ? AND owner = ?");
  const dropAll = db.prepare("DELETE FROM locks WHERE owner LIKE ? ESCAPE '\\'");
  let sequence = 0;

  // A lease is worth nothing once its holder is gone, and a power loss takes every holder on the
  // machine with it, so lease writes skip the fsync (SQLite still orders them in the WAL). With
  // synchronous=FULL that makes a lock round trip ~20x cheaper here. The connection is used
  // synchronously, so no other statement runs between the two pragmas.
  const relaxed = <T>(write: () => T): T => {
    if (options.synchronous === "NORMAL") return write();
    db.exec("PRAGMA synchronous = NORMAL");
    try {
      return write();
    } finally {
      db.exec(`PRAGMA synchronous = ${options.synchronous}`);
    }
  };

  function tryTake(key: string, owner: string): boolean {
    const now = Date.now();
    try {
      return relaxed(() => take.run(key, owner, now + options.leaseMs, now).changes === 1);
    } catch (error) {
      // Another process held the write lock past the busy timeout: just another reason to wait.
      if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return false;
      throw error;
    }
  }

  return {
    async acquire(key: string): Promise<Lease> {
      const owner = `${options.instanceId}:${++sequence}`;
      let backoff = 2;
      while (!tryTake(key, owner)) {
        if (options.isClosed()) options.onClosed();
        await new Promise((resolve) => setTimeout(resolve, backoff * (0.5 + Math.random())));
        backoff = Math.min(backoff * 2, 100);
        if (options.isClosed()) options.onClosed();
      }
      let warned = false;
      const timer = setInterval(() => {
        if (options.isClosed()) return;
        try {
          const renewed = relaxed(() => renew.run(Date.now() + options.leaseMs, key, owner).changes === 1);
          if (!renewed && !warned) {
            warned = true;
            process.emitWarning(
              `privnet: the sqlite lock "${key}" expired while held (the event loop stalled longer than the lease), so another process may have taken it.`,
              { code: "PRIVNET_STORAGE_LOCK_LOST" },
            );
          }
        } catch {
          // Busy past the timeout: the next tick renews, well before the lease runs out.
        }
      }, options.leaseMs / 3);
      timer.unref();
      return {
        release() {
          clearInterval(timer);
          if (!options.isClosed()) relaxed(() => drop.run(key, owner));
        },
      };
    },
    /** Frees every lease of this instance (on close, so others need not wait for expiry). */
    releaseAll() {
      relaxed(() => dropAll.run(`${options.instanceId.replace(/[\\%_]/g, "\\$&")}:%`));
    },
  };
}
