import {
  isPrivnetError,
  type NewTransactionRecord,
  type StorageAdapter,
  type StorageUnreachableError,
} from "@privnet/core";
import { testStorageAdapter } from "@privnet/core/testing";
import { createTcpProxy } from "@privnet/devnet/faults";
import pg from "pg";
import { expect, test } from "vitest";
import { describeWithPostgres } from "./fixtures/describeWithPostgres.js";
import { postgresStorage } from "./postgresStorage.js";

describeWithPostgres("postgresStorage", (databaseUrl) => {
  // Each test gets its own schema in this file's database; two instances (two pools) on one
  // schema stand for two processes sharing the store.
  let schemas = 0;
  testStorageAdapter("postgres", () => {
    const options = { connectionString: databaseUrl(), schema: `conformance_${++schemas}` };
    return { storage: postgresStorage(options), reopen: () => postgresStorage(options) };
  });

  test("the same lock key in two schemas of one database are two different locks", async () => {
    const first = postgresStorage({ connectionString: databaseUrl(), schema: "locks_a" });
    const second = postgresStorage({ connectionString: databaseUrl(), schema: "locks_b" });
    try {
      const holder = await holdLock(first, "0xSame");
      expect(await second.withLock("0xSame", async () => "not blocked")).toBe("not blocked");
      holder.release();
      await holder.held;
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("close() cancels a withLock that waits in the server for another instance's lock", async () => {
    const queued = await waiterQueuedBehindLock(databaseUrl(), "close_while_waiting");
    try {
      await queued.waiter.close();
      expect(isPrivnetError(await queued.outcome, "STORAGE_CLOSED")).toBe(true);
      queued.lock.release();
      await queued.lock.held;
    } finally {
      await queued.close();
    }
  });

  test("a server that goes away is STORAGE_UNREACHABLE from every kind of call, and is used again once back", async () => {
    const url = new URL(databaseUrl());
    const proxy = await createTcpProxy({ target: { host: url.hostname, port: Number(url.port || 5432) } });
    url.host = `${proxy.host}:${proxy.port}`;
    const storage = postgresStorage({ connectionString: url.toString(), schema: "server_goes_away" });
    try {
      const wallet = await storage.wallets.insert(newWallet(1));
      const [record] = await storage.transactions.insertMany([newRecord(wallet.address)]);
      await proxy.cut();
      const calls: Record<string, () => Promise<unknown>> = {
        "wallets.get": () => storage.wallets.get(wallet.id),
        "wallets.insert": () => storage.wallets.insert(newWallet(2)),
        "transactions.insertMany": () => storage.transactions.insertMany([newRecord(wallet.address)]),
        // Status alone: the path that runs its updates in one transaction on one connection.
        "transactions.updateMany": () =>
          storage.transactions.updateMany([{ id: record?.id ?? 0, update: { status: "failed" } }]),
        "transactions.list": () => storage.transactions.list({ limit: 10 }),
        "state.set": () => storage.state.set("key", { next: 1 }),
        withLock: () => storage.withLock("0xKey", async () => "ran"),
        snapshot: async () => storage.snapshot?.(),
      };
      for (const [name, call] of Object.entries(calls)) {
        const error = await call().then(
          () => new Error("it answered"),
          (caught: unknown) => caught,
        );
        expect(isPrivnetError(error, "STORAGE_UNREACHABLE"), `${name}: ${String(error)}`).toBe(true);
        const { cause, details } = error as StorageUnreachableError;
        expect(cause, name).toBeInstanceOf(Error);
        expect(details, name).toBe((cause as Error).message);
      }
      await proxy.restore();
      // Nothing was half-written, and the same store answers again.
      expect(await storage.wallets.list()).toEqual([wallet]);
      expect(await storage.transactions.list({ limit: 10 })).toEqual([record]);
      expect(await storage.withLock("0xKey", async () => "ran")).toBe("ran");
    } finally {
      await storage.close();
      await proxy.close();
    }
  });

  test("a connection the server ends during a call (57P01) is STORAGE_UNREACHABLE; a statement's own error is kept", async () => {
    const { holder, waiter, observer, lock, outcome, pid, close } = await waiterQueuedBehindLock(
      databaseUrl(),
      "server_ends_connection",
    );
    try {
      // The waiter's connection, queued on the lock, is ended by the server as a restart or an
      // administrator would.
      await observer.query("SELECT pg_terminate_backend($1)", [pid]);
      const error = await outcome;
      expect(isPrivnetError(error, "STORAGE_UNREACHABLE"), String(error)).toBe(true);
      expect((error as StorageUnreachableError).cause).toMatchObject({ code: "57P01" });
      lock.release();
      await lock.held;
      // The waiter's store works on, and a statement's own failure is not taken for the server's.
      expect(await waiter.withLock("0xHeld", async () => "ran")).toBe("ran");
      const wallet = await waiter.wallets.insert(newWallet(3));
      const duplicate = await waiter.wallets.insert(newWallet(3)).catch((caught: unknown) => caught);
      expect(isPrivnetError(duplicate, "WALLET_EXISTS"), String(duplicate)).toBe(true);
      expect(await holder.wallets.list()).toEqual([wallet]);
    } finally {
      await close();
    }
  });

  test("an unreachable server is STORAGE_OPEN_FAILED, without the password in the message", async () => {
    const storage = postgresStorage({
      connectionString: "postgres://privnet:secret-password@127.0.0.1:1/privnet",
    });
    const error = await storage.wallets.list().catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "STORAGE_OPEN_FAILED")).toBe(true);
    expect((error as Error).message).toContain("127.0.0.1:1/privnet");
    expect((error as Error).message).not.toContain("secret-password");
    await storage.close();
  });

  test("bad options, such as a schema name that is not a plain identifier, are INVALID_OPTIONS", () => {
    const connectionString = databaseUrl();
    const bad = [
      ...["", "drop table; --", "1starts_with_digit", "x".repeat(64)].map((schema) => ({
        connectionString,
        schema,
      })),
      { connectionString: "" },
      { connectionString, maxConnections: 0 },
      { connectionString, maxLockConnections: 1.5 },
    ];
    for (const options of bad) {
      let error: unknown;
      try {
        postgresStorage(options);
      } catch (caught) {
        error = caught;
      }
      expect(isPrivnetError(error, "INVALID_OPTIONS"), JSON.stringify(options)).toBe(true);
    }
  });
});

function newWallet(seed: number) {
  return {
    name: `wallet ${seed}`,
    address: `0x${seed.toString(16).padStart(40, "0")}` as const,
    privateKey: `0x${seed.toString(16).padStart(64, "0")}`,
    system: false,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seed)).toISOString(),
  };
}

function newRecord(from: `0x${string}`): NewTransactionRecord {
  return {
    hash: `0x${"ab".repeat(32)}`,
    from,
    to: "0x00000000000000000000000000000000000000ee",
    value: 1n,
    nonce: 0,
    status: "pending",
    blockNumber: null,
    source: "wallet",
    createdAt: new Date(Date.UTC(2026, 0, 1)).toISOString(),
    kind: "transfer",
    selector: null,
  };
}

/** Holds `key` on `storage` until `release()`; resolves once the lock is held (or rejects). */
async function holdLock(storage: StorageAdapter, key: string) {
  let release = () => {};
  let entered!: () => void;
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const held = storage.withLock(
    key,
    () =>
      new Promise<void>((resolve) => {
        release = resolve;
        entered();
      }),
  );
  await Promise.race([inside, held]);
  return { release: () => release(), held };
}

/**
 * Two instances on one schema: `holder` holds "0xHeld" and `waiter`'s `withLock` on that key is
 * queued in the server, as session `pid`; `outcome` settles with what that call answers or raises.
 * `close()` lets the lock go and closes everything.
 */
async function waiterQueuedBehindLock(connectionString: string, schema: string) {
  const holder = postgresStorage({ connectionString, schema });
  const waiter = postgresStorage({ connectionString, schema });
  const observer = new pg.Client({ connectionString });
  let lock: Awaited<ReturnType<typeof holdLock>> | undefined;
  const close = async () => {
    lock?.release();
    await Promise.all([holder.close(), waiter.close(), observer.end().catch(() => {})]);
  };
  try {
    await observer.connect();
    lock = await holdLock(holder, "0xHeld");
    const outcome = waiter.withLock("0xHeld", async () => "ran").catch((caught: unknown) => caught);
    const [pid] = await advisoryLockWaiters(observer);
    return { holder, waiter, observer, lock, outcome, pid, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The sessions of this database waiting for an advisory lock, once there is one. PostgreSQL sends
 * no notice of a session starting to wait, so this asks `pg_locks` again every 20 ms.
 */
async function advisoryLockWaiters(observer: pg.Client): Promise<number[]> {
  for (;;) {
    const { rows } = await observer.query<{ pid: number }>(
      `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (rows.length > 0) return rows.map((row) => row.pid);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
