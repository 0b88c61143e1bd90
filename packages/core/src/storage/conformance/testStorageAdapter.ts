import { type Address, getAddress, type Hash, keccak256, toHex } from "viem";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { isPrivnetError } from "../../errors/PrivnetError.js";
import type {
  ListTransactionsQuery,
  NewTransactionRecord,
  NewWalletRecord,
  StorageAdapter,
  TransactionRecord,
  WalletRecord,
} from "../StorageAdapter.js";
import { MAX_TRANSACTIONS_PAGE } from "../transactionsPageSize.js";
import { describeExplorerStore } from "./testExplorerStore.js";
import { describeHistoryGrowth } from "./testHistoryGrowth.js";

/** What a {@link StorageAdapterFactory} hands the conformance suite for one test. */
export type StorageAdapterFixture = {
  /** A freshly opened, empty store. */
  storage: StorageAdapter;
  /**
   * Persistent adapters only: opens another adapter on the same store as `storage`, whether or not
   * `storage` is still open. The suite uses it to check that a closed store comes back whole, and
   * that two instances sharing one store (as two processes would) see each other's writes and
   * never hold one lock at the same time.
   */
  reopen?: () => StorageAdapter | Promise<StorageAdapter>;
  /** Removes what the fixture created (files, schemas). Runs after every adapter is closed. */
  cleanup?: () => void | Promise<void>;
};

/** Called once per test: every test gets its own empty store. */
export type StorageAdapterFactory = () => StorageAdapterFixture | Promise<StorageAdapterFixture>;

/**
 * Registers the storage conformance suite: the behaviour every {@link StorageAdapter} must have
 * (wallets, transaction history with cursor paging, JSON state, per-key locks, closing, and for
 * persistent adapters reopening and sharing one store). Call it at the top level of a test file.
 *
 * @example
 * import { testStorageAdapter } from "@privnet/core/testing";
 * testStorageAdapter("sqlite", () => {
 *   const path = join(mkdtempSync(join(tmpdir(), "db-")), "privnet.db");
 *   return { storage: sqliteStorage({ path }), reopen: () => sqliteStorage({ path }) };
 * });
 */
export function testStorageAdapter(name: string, factory: StorageAdapterFactory): void {
  describe(`${name}: StorageAdapter conformance`, () => {
    let fixture: StorageAdapterFixture;
    let opened: StorageAdapter[];

    beforeEach(async () => {
      fixture = await factory();
      opened = [fixture.storage];
    });
    afterEach(async () => {
      // close() is idempotent, so adapters a test already closed are closed again harmlessly.
      await Promise.all(opened.map((storage) => storage.close()));
      await fixture.cleanup?.();
    });

    const store = () => fixture.storage;
    const reopen = async () => {
      if (!fixture.reopen) throw new Error("reopen() is only used when the fixture has it");
      const storage = await fixture.reopen();
      opened.push(storage);
      return storage;
    };
    /** Persistent-only tests skip themselves, visibly, when the fixture cannot reopen. */
    const requireReopen = (skip: (note?: string) => void) => {
      if (!fixture.reopen) skip(`${name} is not persistent (its fixture has no reopen)`);
    };

    test("has a name", () => {
      expect(store().name).toMatch(/\S/);
    });

    describe("wallets", () => {
      test("insert returns the record with an id; get and getByAddress read it back", async () => {
        const stored = await store().wallets.insert(walletAt(1, { system: true }));
        expect(stored).toEqual({ ...walletAt(1, { system: true }), id: stored.id });
        expect(Number.isInteger(stored.id) && stored.id > 0).toBe(true);
        expect(await store().wallets.get(stored.id)).toEqual(stored);
        expect(await store().wallets.getByAddress(stored.address)).toEqual(stored);
      });

      test("getByAddress ignores the address's case", async () => {
        const stored = await store().wallets.insert(walletAt(2));
        const lower = stored.address.toLowerCase() as Address;
        const upper = `0x${stored.address.slice(2).toUpperCase()}` as Address;
        expect(await store().wallets.getByAddress(lower)).toEqual(stored);
        expect(await store().wallets.getByAddress(upper)).toEqual(stored);
      });

      test("unknown ids and addresses read as undefined", async () => {
        expect(await store().wallets.get(1)).toBeUndefined();
        expect(await store().wallets.get(987_654)).toBeUndefined();
        expect(await store().wallets.getByAddress(walletAt(3).address)).toBeUndefined();
        expect(await store().wallets.list()).toEqual([]);
      });

      test("list returns every wallet, oldest first", async () => {
        const inserted: WalletRecord[] = [];
        for (let index = 10; index < 15; index++)
          inserted.push(await store().wallets.insert(walletAt(index)));
        expect(await store().wallets.list()).toEqual(inserted);
      });

      test("ids are positive, increasing, and never reused after a remove", async () => {
        const first = await store().wallets.insert(walletAt(20));
        const second = await store().wallets.insert(walletAt(21));
        expect(second.id).toBeGreaterThan(first.id);
        expect(await store().wallets.remove(second.id)).toBe(true);
        const third = await store().wallets.insert(walletAt(22));
        expect(third.id).toBeGreaterThan(second.id);
        // The same address may be stored again once removed, under a new id.
        const again = await store().wallets.insert(walletAt(21));
        expect(again.id).toBeGreaterThan(third.id);
      });

      test("remove deletes the wallet and reports whether there was one", async () => {
        const kept = await store().wallets.insert(walletAt(30));
        const removed = await store().wallets.insert(walletAt(31));
        expect(await store().wallets.remove(removed.id)).toBe(true);
        expect(await store().wallets.get(removed.id)).toBeUndefined();
        expect(await store().wallets.getByAddress(removed.address)).toBeUndefined();
        expect(await store().wallets.list()).toEqual([kept]);
        expect(await store().wallets.remove(removed.id)).toBe(false);
        expect(await store().wallets.remove(424_242)).toBe(false);
      });

      test("a duplicate address (in any case) is WALLET_EXISTS and writes nothing", async () => {
        const original = await store().wallets.insert(walletAt(40, { name: "original" }));
        const lower = original.address.toLowerCase() as Address;
        for (const address of [original.address, lower]) {
          const error = await store()
            .wallets.insert({ ...walletAt(41, { name: "duplicate" }), address })
            .catch((caught: unknown) => caught);
          expect(isPrivnetError(error, "WALLET_EXISTS")).toBe(true);
          expect((error as Error).name).toBe("WalletExistsError");
        }
        expect(await store().wallets.list()).toEqual([original]);
        // The failed inserts did not use up ids either way: the next id is still larger.
        const next = await store().wallets.insert(walletAt(42));
        expect(next.id).toBeGreaterThan(original.id);
      });

      test("returned records are copies: changing one does not change the store", async () => {
        const stored = await store().wallets.insert(walletAt(50));
        stored.name = "changed by the caller";
        const [listed] = await store().wallets.list();
        if (listed) listed.privateKey = "0x00";
        expect(await store().wallets.get(stored.id)).toEqual({ ...walletAt(50), id: stored.id });
      });

      test("concurrent inserts of one address: exactly one succeeds, the rest are WALLET_EXISTS", async () => {
        const attempts = Array.from({ length: 20 }, (_, index) =>
          store().wallets.insert(walletAt(60, { name: `attempt ${index}` })),
        );
        const results = await Promise.allSettled(attempts);
        const fulfilled = results.filter((result) => result.status === "fulfilled");
        const rejected = results.filter((result) => result.status === "rejected");
        expect(fulfilled).toHaveLength(1);
        for (const result of rejected) expect(isPrivnetError(result.reason, "WALLET_EXISTS")).toBe(true);
        expect(await store().wallets.list()).toHaveLength(1);
      });
    });

    describe("transactions", () => {
      test("insert returns the record with an id; get reads it back", async () => {
        const stored = await store().transactions.insert(transactionAt(1));
        expect(stored).toEqual({ ...transactionAt(1), id: stored.id });
        expect(Number.isInteger(stored.id) && stored.id > 0).toBe(true);
        expect(await store().transactions.get(stored.id)).toEqual(stored);
        expect(await store().transactions.get(stored.id + 1000)).toBeUndefined();
      });

      test("bigint values and block numbers above 2^64, zero and null round-trip exactly", async () => {
        const huge = 2n ** 256n - 1n;
        const cases: Pick<TransactionRecord, "value" | "blockNumber">[] = [
          { value: huge, blockNumber: 2n ** 64n + 7n },
          { value: 2n ** 64n + 1n, blockNumber: 2n ** 63n },
          { value: 0n, blockNumber: null },
          { value: 1n, blockNumber: 0n },
        ];
        for (const [index, fields] of cases.entries()) {
          const stored = await store().transactions.insert(transactionAt(index, fields));
          const read = await store().transactions.get(stored.id);
          expect(read?.value).toBe(fields.value);
          expect(read?.blockNumber).toBe(fields.blockNumber);
          expect(typeof read?.nonce).toBe("number");
        }
      });

      test("update changes only the given fields and returns the new record", async () => {
        const stored = await store().transactions.insert(transactionAt(2));
        const hash = hashOf("replacement");
        const confirmed = await store().transactions.update(stored.id, {
          status: "confirmed",
          blockNumber: 2n ** 70n,
        });
        expect(confirmed).toEqual({ ...stored, status: "confirmed", blockNumber: 2n ** 70n });
        const replaced = await store().transactions.update(stored.id, { hash });
        expect(replaced).toEqual({ ...stored, hash, status: "confirmed", blockNumber: 2n ** 70n });
        // A reorg can take a confirmation back.
        const reverted = await store().transactions.update(stored.id, {
          status: "pending",
          blockNumber: null,
        });
        expect(reverted).toEqual({ ...stored, hash, status: "pending", blockNumber: null });
        expect(await store().transactions.get(stored.id)).toEqual(reverted);
        expect(await store().transactions.update(stored.id, {})).toEqual(reverted);
      });

      test("insertMany stores every record in one call, ids increasing in the given order", async () => {
        const before = await store().transactions.insert(transactionAt(10));
        const stored = await store().transactions.insertMany(
          [20, 21, 22].map((index) => transactionAt(index)),
        );
        expect(stored).toEqual(
          [20, 21, 22].map((index, at) => ({ ...transactionAt(index), id: stored[at]?.id })),
        );
        const ids = stored.map((record) => record.id);
        expect(ids[0]).toBeGreaterThan(before.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
        expect(new Set(ids).size).toBe(3);
        expect(await store().transactions.list({ limit: 10 })).toEqual([...stored].reverse().concat(before));
        expect(await store().transactions.insertMany([])).toEqual([]);
      });

      test("updateMany applies every update and answers in order, undefined for an unknown id", async () => {
        const [first, second] = await store().transactions.insertMany([transactionAt(30), transactionAt(31)]);
        if (!first || !second) throw new Error("insertMany returned too few records");
        const hash = hashOf("replacement 31");
        const updated = await store().transactions.updateMany([
          { id: second.id, update: { status: "confirmed", blockNumber: 2n ** 65n, hash } },
          { id: second.id + 1000, update: { status: "failed" } },
          { id: first.id, update: { status: "failed" } },
        ]);
        expect(updated).toEqual([
          { ...second, status: "confirmed", blockNumber: 2n ** 65n, hash },
          undefined,
          { ...first, status: "failed" },
        ]);
        expect(await store().transactions.get(second.id)).toEqual(updated[0]);
        expect(await store().transactions.get(first.id)).toEqual(updated[2]);
        expect(await store().transactions.updateMany([])).toEqual([]);
      });

      test("updateMany of a block's outcomes (status, block and hash each), null blocks and unknown ids included", async () => {
        const inserted = await store().transactions.insertMany(
          [60, 61, 62].map((index) => transactionAt(index, { rawTransaction: "0x02" })),
        );
        const [a, b, c] = inserted;
        if (!a || !b || !c) throw new Error("insertMany returned too few records");
        const updated = await store().transactions.updateMany([
          { id: c.id, update: { status: "confirmed", blockNumber: 2n ** 70n, hash: hashOf("c") } },
          { id: c.id + 1000, update: { status: "confirmed", blockNumber: 1n, hash: hashOf("x") } },
          { id: a.id, update: { status: "failed", blockNumber: null, hash: a.hash } },
          { id: b.id, update: { status: "pending", blockNumber: null, hash: hashOf("b") } },
        ]);
        expect(updated).toEqual([
          { ...c, status: "confirmed", blockNumber: 2n ** 70n, hash: hashOf("c") },
          undefined,
          { ...a, status: "failed", blockNumber: null },
          { ...b, hash: hashOf("b") },
        ]);
        expect(await store().transactions.list({ limit: 10 })).toEqual([updated[0], updated[3], updated[2]]);
        // A failed record drops its signed bytes; confirmed and pending ones keep them.
        expect(await store().transactions.getRawTransaction(c.id)).toBe("0x02");
        expect(await store().transactions.getRawTransaction(a.id)).toBeUndefined();
        expect(await store().transactions.getRawTransaction(b.id)).toBe("0x02");
      });

      test("the signed transaction is kept with a pending or confirmed record and cleared once it fails", async () => {
        const raw = "0x02f86c8330182480843b9aca00" as const;
        const [kept, settled, plain] = await store().transactions.insertMany([
          transactionAt(40, { rawTransaction: raw }),
          transactionAt(41, { rawTransaction: `${raw}41` }),
          transactionAt(42),
        ]);
        if (!kept || !settled || !plain) throw new Error("insertMany returned too few records");
        // The bytes are not part of the record itself.
        expect(kept).toEqual({ ...transactionAt(40), id: kept.id });
        expect(await store().transactions.getRawTransaction(kept.id)).toBe(raw);
        expect(await store().transactions.getRawTransaction(settled.id)).toBe(`${raw}41`);
        expect(await store().transactions.getRawTransaction(plain.id)).toBeUndefined();
        expect(await store().transactions.getRawTransaction(plain.id + 1000)).toBeUndefined();
        const single = await store().transactions.insert(transactionAt(43, { rawTransaction: raw }));
        expect(await store().transactions.getRawTransaction(single.id)).toBe(raw);
        // A new hash (a replacement) keeps them, and so does a confirmation (a crashed chain may
        // come back without its block); failing clears them.
        await store().transactions.update(kept.id, { hash: hashOf("replaced 40") });
        expect(await store().transactions.getRawTransaction(kept.id)).toBe(raw);
        await store().transactions.updateMany([
          { id: settled.id, update: { status: "confirmed", blockNumber: 7n } },
        ]);
        await store().transactions.update(single.id, { status: "failed" });
        expect(await store().transactions.getRawTransaction(settled.id)).toBe(`${raw}41`);
        expect(await store().transactions.getRawTransaction(single.id)).toBeUndefined();
      });

      test("remove deletes a record and reports whether there was one", async () => {
        const [kept, gone] = await store().transactions.insertMany([
          transactionAt(50),
          transactionAt(51, { rawTransaction: "0x02" }),
        ]);
        if (!gone || !kept) throw new Error("insertMany returned too few records");
        expect(await store().transactions.remove(gone.id)).toBe(true);
        expect(await store().transactions.remove(gone.id)).toBe(false);
        expect(await store().transactions.get(gone.id)).toBeUndefined();
        expect(await store().transactions.getRawTransaction(gone.id)).toBeUndefined();
        expect(await store().transactions.list({ limit: 10 })).toEqual([kept]);
        // The highest id removed is not given again.
        const next = await store().transactions.insert(transactionAt(52));
        expect(next.id).toBeGreaterThan(gone.id);
      });

      test("update of an unknown id is undefined and writes nothing", async () => {
        const stored = await store().transactions.insert(transactionAt(3));
        expect(await store().transactions.update(stored.id + 1000, { status: "failed" })).toBeUndefined();
        expect(await store().transactions.list({ limit: 10 })).toEqual([stored]);
      });

      test("list is newest first and honours limit", async () => {
        const inserted = await insertTransactions(store(), 12);
        const newestFirst = [...inserted].reverse();
        expect(await store().transactions.list({ limit: 100 })).toEqual(newestFirst);
        expect(await store().transactions.list({ limit: 5 })).toEqual(newestFirst.slice(0, 5));
        expect(await store().transactions.list({ limit: 0 })).toEqual([]);
      });

      test(`limit is capped at MAX_TRANSACTIONS_PAGE (${MAX_TRANSACTIONS_PAGE})`, async () => {
        await insertTransactions(store(), MAX_TRANSACTIONS_PAGE + 5);
        const page = await store().transactions.list({ limit: MAX_TRANSACTIONS_PAGE * 10 });
        expect(page).toHaveLength(MAX_TRANSACTIONS_PAGE);
        expect(await store().transactions.list({ limit: Number.POSITIVE_INFINITY })).toHaveLength(
          MAX_TRANSACTIONS_PAGE,
        );
        const ids = page.map((record) => record.id);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
      });

      test("the before cursor pages through everything without gaps or repeats", async () => {
        const inserted = await insertTransactions(store(), 23);
        const seen = await pageThrough(store(), { limit: 5 });
        expect(seen).toEqual(inserted.map((record) => record.id).reverse());
      });

      test("the address filter matches sender or recipient, in any case", async () => {
        const alice = addressAt(100);
        const bob = addressAt(101);
        const carol = addressAt(102);
        const aliceToBob = await store().transactions.insert(transactionAt(1, { from: alice, to: bob }));
        const bobToCarol = await store().transactions.insert(transactionAt(2, { from: bob, to: carol }));
        const carolToAlice = await store().transactions.insert(transactionAt(3, { from: carol, to: alice }));
        expect(await store().transactions.list({ limit: 10, address: alice })).toEqual([
          carolToAlice,
          aliceToBob,
        ]);
        expect(await store().transactions.list({ limit: 10, address: bob.toLowerCase() as Address })).toEqual(
          [bobToCarol, aliceToBob],
        );
        expect(await store().transactions.list({ limit: 10, address: addressAt(103) })).toEqual([]);
      });

      test("the status filter, alone and with the address filter and the cursor", async () => {
        const alice = addressAt(110);
        const statuses = ["pending", "confirmed", "failed"] as const;
        const records: TransactionRecord[] = [];
        for (let index = 0; index < 30; index++) {
          records.push(
            await store().transactions.insert(
              transactionAt(index, {
                from: index % 2 === 0 ? alice : addressAt(111),
                status: statuses[index % 3] ?? "pending",
              }),
            ),
          );
        }
        const newestFirst = [...records].reverse();
        expect(await store().transactions.list({ limit: 100, status: "failed" })).toEqual(
          newestFirst.filter((record) => record.status === "failed"),
        );
        const expected = newestFirst.filter(
          (record) => record.status === "confirmed" && record.from === alice,
        );
        expect(expected.length).toBeGreaterThan(3);
        const paged = await pageThrough(store(), { limit: 2, status: "confirmed", address: alice });
        expect(paged).toEqual(expected.map((record) => record.id));
      });

      test("the source filter matches exactly, alone and with the address filter and the cursor", async () => {
        const alice = addressAt(120);
        const sources = ["oracle", "lending", "oracle-funding"] as const;
        const records: TransactionRecord[] = [];
        for (let index = 0; index < 30; index++) {
          records.push(
            await store().transactions.insert(
              transactionAt(index, {
                from: index % 2 === 0 ? alice : addressAt(121),
                source: sources[index % 3] ?? "oracle",
              }),
            ),
          );
        }
        const newestFirst = [...records].reverse();
        expect(await store().transactions.list({ limit: 100, source: "oracle" })).toEqual(
          newestFirst.filter((record) => record.source === "oracle"),
        );
        expect(await store().transactions.list({ limit: 100, source: "Oracle" })).toEqual([]);
        expect(await store().transactions.list({ limit: 100, source: "orac" })).toEqual([]);
        const expected = newestFirst.filter((record) => record.source === "lending" && record.from === alice);
        expect(expected.length).toBeGreaterThan(3);
        const paged = await pageThrough(store(), { limit: 2, source: "lending", address: alice });
        expect(paged).toEqual(expected.map((record) => record.id));
      });

      test("kind and selector round-trip, and the kind filter matches exactly with the other filters", async () => {
        const alice = addressAt(130);
        const shapes: Pick<NewTransactionRecord, "kind" | "selector">[] = [
          { kind: "transfer", selector: null },
          { kind: "call", selector: "0xa9059cbb" },
          { kind: "deploy", selector: null },
          { kind: "call", selector: "0x095ea7b3" },
          { kind: "blob", selector: null },
          { kind: "set-code", selector: null },
          // Written before kinds were kept, by a source that sends several kinds.
          { kind: null, selector: null },
        ];
        const inserted: TransactionRecord[] = [];
        for (let index = 0; index < 28; index++) {
          const shape = shapes[index % shapes.length] ?? { kind: null, selector: null };
          const from = index % 2 === 0 ? alice : addressAt(131);
          if (index < 14)
            inserted.push(await store().transactions.insert(transactionAt(index, { from, ...shape })));
          else
            inserted.push(
              ...(await store().transactions.insertMany([transactionAt(index, { from, ...shape })])),
            );
        }
        for (const [index, record] of inserted.entries()) {
          const shape = shapes[index % shapes.length];
          expect(record).toMatchObject({ kind: shape?.kind, selector: shape?.selector });
          expect(await store().transactions.get(record.id)).toEqual(record);
        }
        // An update of status and block keeps what the record is.
        const call = inserted[1] as TransactionRecord;
        expect(await store().transactions.update(call.id, { status: "confirmed", blockNumber: 7n })).toEqual({
          ...call,
          status: "confirmed",
          blockNumber: 7n,
        });
        const current = await Promise.all(inserted.map((record) => store().transactions.get(record.id)));
        const newestFirst = (current as TransactionRecord[]).reverse();
        for (const kind of ["transfer", "call", "deploy", "blob", "set-code"] as const) {
          const expected = newestFirst.filter((record) => record.kind === kind);
          expect(expected.length).toBe(kind === "call" ? 8 : 4);
          expect(await store().transactions.list({ limit: 100, kind })).toEqual(expected);
        }
        const calls = newestFirst.filter((record) => record.kind === "call" && record.from === alice);
        expect(calls.length).toBeGreaterThan(2);
        expect(await pageThrough(store(), { limit: 1, kind: "call", address: alice })).toEqual(
          calls.map((record) => record.id),
        );
        expect(
          await store().transactions.list({
            limit: 100,
            kind: "call",
            status: "confirmed",
            source: "conformance",
          }),
        ).toEqual([newestFirst.find((record) => record.id === call.id)]);
      });

      test("200 concurrent inserts get distinct ids and are all listed", async () => {
        const inserted = await Promise.all(
          Array.from({ length: 200 }, (_, index) => store().transactions.insert(transactionAt(index))),
        );
        const ids = new Set(inserted.map((record) => record.id));
        expect(ids.size).toBe(200);
        const listed = await store().transactions.list({ limit: 1000 });
        expect(new Set(listed.map((record) => record.id))).toEqual(ids);
        for (const record of inserted) expect(await store().transactions.get(record.id)).toEqual(record);
      });
    });

    describe("state", () => {
      test("set, get, overwrite and delete JSON documents", async () => {
        expect(await store().state.get("bots/transfer")).toBeUndefined();
        const document = {
          running: true,
          interval: 1500,
          names: ["a", "b"],
          nested: { price: "1.25" },
          none: null,
        };
        await store().state.set("bots/transfer", document);
        expect(await store().state.get("bots/transfer")).toEqual(document);
        await store().state.set("bots/transfer", ["replaced"]);
        expect(await store().state.get("bots/transfer")).toEqual(["replaced"]);
        for (const scalar of ["text", 0, -1.5, false, null]) {
          await store().state.set("scalar", scalar);
          expect(await store().state.get("scalar")).toEqual(scalar);
        }
        await store().state.delete("bots/transfer");
        expect(await store().state.get("bots/transfer")).toBeUndefined();
        expect(await store().state.get("scalar")).toBeNull();
        // Deleting what is not there is not an error.
        await store().state.delete("never-set");
      });

      test("a value without a JSON form is STORAGE_VALUE_INVALID and writes nothing", async () => {
        await store().state.set("oracle", { price: "1" });
        const cyclic: Record<string, unknown> = {};
        cyclic.self = cyclic;
        for (const value of [{ price: 1n }, undefined, cyclic, () => 1]) {
          const error = await store()
            .state.set("oracle", value)
            .catch((caught: unknown) => caught);
          expect(isPrivnetError(error, "STORAGE_VALUE_INVALID")).toBe(true);
        }
        expect(await store().state.get("oracle")).toEqual({ price: "1" });
      });

      test("returned documents are copies", async () => {
        await store().state.set("doc", { list: [1] });
        const read = await store().state.get<{ list: number[] }>("doc");
        read?.list.push(2);
        expect(await store().state.get("doc")).toEqual({ list: [1] });
      });
    });

    describe("withLock", () => {
      test("returns what fn returns and rejects with what fn throws", async () => {
        expect(await store().withLock("key", async () => 42)).toBe(42);
        const failure = new Error("inside the lock");
        await expect(
          store().withLock("key", async () => {
            throw failure;
          }),
        ).rejects.toBe(failure);
      });

      test("many concurrent holders of one key never overlap", async () => {
        const probe = overlapProbe();
        const holders = Array.from({ length: 25 }, (_, index) =>
          store().withLock("0xSender", () => probe.hold(() => store().state.set("last", index))),
        );
        await Promise.all(holders);
        expect(probe.entries).toBe(25);
        expect(probe.maxInside).toBe(1);
      });

      test("different keys do not wait for each other", async () => {
        let releaseFirst!: () => void;
        let firstEntered!: () => void;
        const entered = new Promise<void>((resolve) => (firstEntered = resolve));
        const first = store().withLock(
          "key-a",
          () =>
            new Promise<void>((resolve) => {
              releaseFirst = resolve;
              firstEntered();
            }),
        );
        await entered;
        // Resolves while "key-a" is still held; if it waited, the test would time out.
        expect(await store().withLock("key-b", async () => "b")).toBe("b");
        releaseFirst();
        await first;
      });

      test("a holder that throws releases the lock", async () => {
        const results = await Promise.allSettled([
          store().withLock("key", async () => {
            throw new Error("first holder fails");
          }),
          store().withLock("key", async () => "second"),
        ]);
        expect(results[0]?.status).toBe("rejected");
        expect(results[1]).toEqual({ status: "fulfilled", value: "second" });
        expect(await store().withLock("key", async () => "third")).toBe("third");
      });

      test("fn may use the storage while holding the lock", async () => {
        const record = await store().withLock("0xSender", async () => {
          const inserted = await store().transactions.insert(transactionAt(1));
          return store().transactions.update(inserted.id, { status: "confirmed", blockNumber: 5n });
        });
        expect(record?.status).toBe("confirmed");
      });
    });

    test("a closed store rejects every call with STORAGE_CLOSED; close is idempotent", async () => {
      const storage = store();
      const wallet = await storage.wallets.insert(walletAt(1));
      await storage.close();
      await storage.close();
      const calls: (() => Promise<unknown>)[] = [
        () => storage.wallets.insert(walletAt(2)),
        () => storage.wallets.get(wallet.id),
        () => storage.wallets.getByAddress(wallet.address),
        () => storage.wallets.list(),
        () => storage.wallets.remove(wallet.id),
        () => storage.transactions.insert(transactionAt(1)),
        () => storage.transactions.update(1, { status: "failed" }),
        () => storage.transactions.insertMany([transactionAt(1)]),
        () => storage.transactions.updateMany([{ id: 1, update: { status: "failed" } }]),
        () => storage.transactions.remove(1),
        () => storage.transactions.getRawTransaction(1),
        () => storage.transactions.get(1),
        () => storage.transactions.list({ limit: 1 }),
        () => storage.state.get("key"),
        () => storage.state.set("key", 1),
        () => storage.state.delete("key"),
        () => storage.withLock("key", async () => 1),
      ];
      for (const call of calls) {
        let pending: Promise<unknown>;
        try {
          pending = call();
        } catch (thrown) {
          // Callers chain .catch() on these calls: a synchronous throw would escape it.
          expect.fail(`threw synchronously instead of rejecting: ${String(thrown)}`);
        }
        const error = await pending.then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(isPrivnetError(error, "STORAGE_CLOSED"), String(error)).toBe(true);
      }
    });

    describe("snapshots (adapters with snapshot and restore)", () => {
      /** Adapters without snapshots skip these, visibly. */
      const snapshots = (skip: (note?: string) => void) => {
        const storage = store();
        if (!storage.snapshot || !storage.restore) skip(`${name} has no snapshot/restore`);
        return storage as Required<StorageAdapter>;
      };

      test("restore brings wallets, history and state back to the snapshot, whatever changed since", async ({
        skip,
      }) => {
        const storage = snapshots(skip);
        const kept = await storage.wallets.insert(walletAt(1));
        const removedLater = await storage.wallets.insert(walletAt(2));
        const pending = await storage.transactions.insert(transactionAt(1));
        const confirmed = await storage.transactions.insert(
          transactionAt(2, { status: "confirmed", blockNumber: 7n }),
        );
        await storage.state.set("bot:transfer", { running: true, sent: 3 });
        await storage.state.set("gone-later", [1, 2]);
        const snapshot = await storage.snapshot();

        // Every kind of write after the snapshot: inserts, updates, removals, state changes.
        await storage.wallets.insert(walletAt(3));
        await storage.wallets.remove(removedLater.id);
        await storage.transactions.update(pending.id, { status: "confirmed", blockNumber: 9n });
        await storage.transactions.update(confirmed.id, { status: "failed", blockNumber: null });
        const later = await storage.transactions.insert(transactionAt(3));
        await storage.state.set("bot:transfer", { running: false, sent: 10 });
        await storage.state.delete("gone-later");
        await storage.state.set("new-key", "x");

        await storage.restore(snapshot);
        expect(await storage.wallets.list()).toEqual([kept, removedLater]);
        expect(await storage.wallets.getByAddress(addressAt(3))).toBeUndefined();
        expect(await storage.wallets.getByAddress(removedLater.address)).toEqual(removedLater);
        expect(await storage.transactions.list({ limit: 10 })).toEqual([confirmed, pending]);
        expect(await storage.transactions.get(later.id)).toBeUndefined();
        expect(await storage.transactions.list({ limit: 10, status: "pending" })).toEqual([pending]);
        expect(await storage.state.get("bot:transfer")).toEqual({ running: true, sent: 3 });
        expect(await storage.state.get("gone-later")).toEqual([1, 2]);
        expect(await storage.state.get("new-key")).toBeUndefined();
      });

      test("after a restore the store works as before: ids keep increasing, a restored address stays unique", async ({
        skip,
      }) => {
        const storage = snapshots(skip);
        const wallet = await storage.wallets.insert(walletAt(1));
        const snapshot = await storage.snapshot();
        const erased = await storage.transactions.insert(transactionAt(1));
        const erasedWallet = await storage.wallets.insert(walletAt(2));
        await storage.restore(snapshot);

        const next = await storage.transactions.insert(transactionAt(2));
        expect(next.id).toBeGreaterThan(erased.id);
        const again = await storage.wallets.insert(walletAt(2));
        expect(again.id).toBeGreaterThan(erasedWallet.id);
        await expect(storage.wallets.insert(walletAt(1))).rejects.toMatchObject({ code: "WALLET_EXISTS" });
        expect(await storage.wallets.getByAddress(wallet.address)).toEqual(wallet);
        expect(await storage.transactions.update(next.id, { status: "confirmed", blockNumber: 1n })).toEqual({
          ...next,
          status: "confirmed",
          blockNumber: 1n,
        });
      });

      test("snapshots nest; a restored snapshot is forgotten, an unknown one fails with INVALID_OPTIONS", async ({
        skip,
      }) => {
        const storage = snapshots(skip);
        await storage.state.set("step", 1);
        const first = await storage.snapshot();
        await storage.state.set("step", 2);
        const second = await storage.snapshot();
        expect(second).not.toBe(first);
        await storage.state.set("step", 3);

        await storage.restore(second);
        expect(await storage.state.get("step")).toBe(2);
        await storage.restore(first);
        expect(await storage.state.get("step")).toBe(1);
        await expect(storage.restore(first)).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
        await expect(storage.restore("no-such-snapshot")).rejects.toMatchObject({ code: "INVALID_OPTIONS" });
        expect(await storage.state.get("step")).toBe(1);
      });

      test("an empty store snapshots and restores to empty", async ({ skip }) => {
        const storage = snapshots(skip);
        const snapshot = await storage.snapshot();
        await storage.wallets.insert(walletAt(1));
        await storage.transactions.insert(transactionAt(1));
        await storage.state.set("k", true);
        await storage.restore(snapshot);
        expect(await storage.wallets.list()).toEqual([]);
        expect(await storage.transactions.list({ limit: 10 })).toEqual([]);
        expect(await storage.state.get("k")).toBeUndefined();
      });
    });

    describeExplorerStore(store, () => (fixture.reopen ? reopen : undefined));
    describeHistoryGrowth(store);

    describe("persistence (adapters with reopen)", () => {
      test("a reopened store gives back everything, and ids keep increasing", async ({ skip }) => {
        requireReopen(skip);
        const storage = store();
        const kept = await storage.wallets.insert(walletAt(1, { system: true }));
        const removed = await storage.wallets.insert(walletAt(2));
        await storage.wallets.remove(removed.id);
        const transactions = await insertTransactions(storage, 5);
        const last = transactions[4] as TransactionRecord;
        const confirmed = await storage.transactions.update(last.id, {
          status: "confirmed",
          blockNumber: 2n ** 65n,
        });
        await storage.state.set("oracle", { price: "3120.5", history: [1, 2, 3] });
        await storage.close();

        const again = await reopen();
        expect(await again.wallets.list()).toEqual([kept]);
        expect(await again.wallets.getByAddress(kept.address)).toEqual(kept);
        expect(await again.transactions.list({ limit: 100 })).toEqual(
          [...transactions.slice(0, 4), confirmed].reverse(),
        );
        expect(await again.state.get("oracle")).toEqual({ price: "3120.5", history: [1, 2, 3] });
        const wallet = await again.wallets.insert(walletAt(3));
        expect(wallet.id).toBeGreaterThan(removed.id);
        const transaction = await again.transactions.insert(transactionAt(6));
        expect(transaction.id).toBeGreaterThan(last.id);
      });

      test("two instances on one store see each other's writes", async ({ skip }) => {
        requireReopen(skip);
        const other = await reopen();
        const wallet = await store().wallets.insert(walletAt(1));
        expect(await other.wallets.get(wallet.id)).toEqual(wallet);
        const record = await other.transactions.insert(transactionAt(1));
        expect(await store().transactions.get(record.id)).toEqual(record);
        await other.state.set("shared", { from: "other" });
        expect(await store().state.get("shared")).toEqual({ from: "other" });
      });

      test("two instances inserting one address: exactly one succeeds", async ({ skip }) => {
        requireReopen(skip);
        const other = await reopen();
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, index) =>
            (index % 2 === 0 ? store() : other).wallets.insert(walletAt(7, { name: `attempt ${index}` })),
          ),
        );
        expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
        for (const result of results) {
          if (result.status === "rejected") expect(isPrivnetError(result.reason, "WALLET_EXISTS")).toBe(true);
        }
        expect(await other.wallets.list()).toHaveLength(1);
      });

      test("holders of one key on two instances never overlap", async ({ skip }) => {
        requireReopen(skip);
        const other = await reopen();
        const probe = overlapProbe();
        const holders = Array.from({ length: 16 }, (_, index) =>
          (index % 2 === 0 ? store() : other).withLock("0xShared", () =>
            probe.hold(() => store().state.set("last", index)),
          ),
        );
        await Promise.all(holders);
        expect(probe.entries).toBe(16);
        expect(probe.maxInside).toBe(1);
      });

      test("a held lock does not stop the other instance from writing", async ({ skip }) => {
        requireReopen(skip);
        const other = await reopen();
        let release!: () => void;
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const holder = store().withLock(
          "0xBusy",
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
              entered();
            }),
        );
        await inside;
        // While the lock is held, the other instance writes and takes other keys.
        const record = await other.transactions.insert(transactionAt(1));
        expect(await other.withLock("0xOther", async () => record.id)).toBe(record.id);
        release();
        await holder;
        // And the key is free again for the other instance once released.
        expect(await other.withLock("0xBusy", async () => "free")).toBe("free");
      });

      test("closing an instance while its withLock waits for the other's rejects that call with STORAGE_CLOSED", async ({
        skip,
      }) => {
        requireReopen(skip);
        const other = await reopen();
        let release!: () => void;
        let entered!: () => void;
        const inside = new Promise<void>((resolve) => (entered = resolve));
        const holder = store().withLock(
          "0xHeld",
          () =>
            new Promise<void>((resolve) => {
              release = resolve;
              entered();
            }),
        );
        await inside;
        // Warmed up, and given a few turns, so that the waiter is likely already waiting on the store
        // itself rather than on setup; the outcome must be the same either way.
        await other.withLock("0xWarmUp", async () => undefined);
        let ran = false;
        const waiter = other
          .withLock("0xHeld", async () => {
            ran = true;
          })
          .catch((caught: unknown) => caught);
        for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
        await other.close();
        const error = await waiter;
        expect(isPrivnetError(error, "STORAGE_CLOSED"), String(error)).toBe(true);
        expect(ran).toBe(false);
        release();
        await holder;
      });

      test("a lock released by a closed instance is free for the other", async ({ skip }) => {
        requireReopen(skip);
        const other = await reopen();
        await store().withLock("0xClosing", async () => undefined);
        await store().close();
        expect(await other.withLock("0xClosing", async () => "taken")).toBe("taken");
      });
    });
  });
}

/** Counts how many holders are inside at once; each holder yields to the event loop a few times. */
function overlapProbe() {
  const probe = {
    entries: 0,
    inside: 0,
    maxInside: 0,
    async hold(work: () => Promise<unknown>) {
      probe.entries++;
      probe.inside++;
      probe.maxInside = Math.max(probe.maxInside, probe.inside);
      try {
        await work();
        for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
      } finally {
        probe.inside--;
      }
    },
  };
  return probe;
}

async function pageThrough(
  storage: StorageAdapter,
  query: Omit<ListTransactionsQuery, "before">,
): Promise<number[]> {
  const ids: number[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await storage.transactions.list(before === undefined ? query : { ...query, before });
    expect(page.length).toBeLessThanOrEqual(query.limit);
    if (page.length === 0) return ids;
    ids.push(...page.map((record) => record.id));
    before = page[page.length - 1]?.id;
  }
}

async function insertTransactions(storage: StorageAdapter, count: number): Promise<TransactionRecord[]> {
  const inserted: TransactionRecord[] = [];
  for (let index = 0; index < count; index++)
    inserted.push(await storage.transactions.insert(transactionAt(index)));
  return inserted;
}

function addressAt(index: number): Address {
  return getAddress(keccak256(toHex(`privnet conformance address ${index}`)).slice(0, 42));
}

function hashOf(text: string): Hash {
  return keccak256(toHex(text));
}

function walletAt(index: number, overrides: Partial<NewWalletRecord> = {}): NewWalletRecord {
  return {
    name: `Wallet ${index}`,
    address: addressAt(index),
    privateKey: hashOf(`private key ${index}`),
    system: false,
    createdAt: new Date(Date.UTC(2026, 10, 22, 8, 0, 0, index)).toISOString(),
    ...overrides,
  };
}

function transactionAt(index: number, overrides: Partial<NewTransactionRecord> = {}): NewTransactionRecord {
  return {
    hash: hashOf(`transaction ${index}`),
    from: addressAt(1000),
    to: addressAt(1001 + (index % 3)),
    value: 10n ** 18n + BigInt(index),
    nonce: index,
    status: "pending",
    blockNumber: null,
    source: "conformance",
    createdAt: new Date(Date.UTC(2026, 10, 22, 8, 0, 0, index % 1000)).toISOString(),
    kind: "transfer",
    selector: null,
    ...overrides,
  };
}
