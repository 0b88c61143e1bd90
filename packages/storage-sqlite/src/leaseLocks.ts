import { hostname } from "node:os";
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
 * Whether a process of this host still exists. `EPERM`: it does, under another user; `ESRCH`: it
 * is gone. A pid reused by an unrelated process reads as alive, which only means waiting for the
 * lease as before.
 */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/** The host and pid written into an owner (`host/pid/instance:n`), or undefined for older owners. */
function holderOf(owner: string): { host: string; pid: number } | undefined {
  const [host, pid, rest] = owner.split("/");
  if (!host || !pid || rest === undefined || !/^\d+$/.test(pid)) return undefined;
  return { host, pid: Number(pid) };
}

/**
 * Cross-process locks as lease rows in the `locks` table. Taking one is a single short write (an
 * upsert that only replaces an expired lease), so SQLite's write lock is never held while the
 * caller's work runs: other processes keep writing, and take other keys, meanwhile. A held lease
 * is renewed every third of its length; a process that dies (even by SIGKILL) stops renewing, and
 * its lock is free once the lease runs out. Waiting is polling with capped exponential backoff.
 *
 * Each lease names its holder's host and pid (`host/pid/instance:n` in `owner`): a lock held by a
 * process of this host that no longer exists is free at once, so the first send after a `kill -9`
 * does not wait out the dead process's lease. A holder on another host (a shared network file) is
 * waited out as before.
 */
export function createLeaseLocks(db: DatabaseSync, options: LeaseLocksOptions) {
  const take = db.prepare(`
    INSERT INTO locks (key, owner, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
    WHERE locks.expires_at <= ?`);
  const renew = db.prepare("UPDATE locks SET expires_at = ? WHERE key = ? AND owner = ?");
  const drop = db.prepare("DELETE FROM locks WHERE key = ? AND owner = ?");
  const dropAll = db.prepare("DELETE FROM locks WHERE owner LIKE ? ESCAPE '\\'");
  const holder = db.prepare("SELECT owner FROM locks WHERE key = ?");
  const takeFromDead = db.prepare(
    "UPDATE locks SET owner = ?, expires_at = ? WHERE key = ? AND owner = ? AND expires_at > ?",
  );
  const host = hostname();
  const ownerPrefix = `${host}/${process.pid}/${options.instanceId}`;
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
      return relaxed(() => {
        if (take.run(key, owner, now + options.leaseMs, now).changes === 1) return true;
        // Held and not expired: free all the same when its holder is a process of ours that is gone.
        const current = (holder.get(key) as { owner: string } | undefined)?.owner;
        const held = current === undefined ? undefined : holderOf(current);
        if (!held || held.host !== host || held.pid === process.pid || isAlive(held.pid)) return false;
        return takeFromDead.run(owner, now + options.leaseMs, key, current as string, now).changes === 1;
      });
    } catch (error) {
      // Another process held the write lock past the busy timeout: just another reason to wait.
      if ((error as { errcode?: number }).errcode === SQLITE_BUSY) return false;
      throw error;
    }
  }

  return {
    async acquire(key: string): Promise<Lease> {
      const owner = `${ownerPrefix}:${++sequence}`;
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
      relaxed(() => dropAll.run(`${ownerPrefix.replace(/[\\%_]/g, "\\$&")}:%`));
    },
  };
}
