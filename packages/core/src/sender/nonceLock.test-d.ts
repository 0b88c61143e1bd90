import type { Address } from "viem";
import { describe, expectTypeOf, test } from "vitest";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { type NonceLock, withNonceLock } from "./nonceLock.js";
import type { TransactionWatcher } from "./TransactionWatcher.js";

declare const storage: StorageAdapter;
declare const watcher: TransactionWatcher;
declare const address: Address;

describe("NonceLock", () => {
  test("only withNonceLock makes one: a plain object is not a lock", () => {
    // @ts-expect-error the brand is a symbol only nonceLock.ts can name
    const forged: NonceLock = { address };
    expectTypeOf(forged).toEqualTypeOf<NonceLock>();
    void withNonceLock(storage, address, async (lock) => {
      expectTypeOf(lock).toEqualTypeOf<NonceLock>();
      expectTypeOf(lock.address).toEqualTypeOf<Address>();
    });
  });

  test("rebroadcast and heldBack need the lock's holder: an address alone does not compile", () => {
    // @ts-expect-error an address is not the lock
    void watcher.rebroadcast(address);
    // @ts-expect-error an address is not the lock
    void watcher.heldBack(address, 0);
    void withNonceLock(storage, address, async (lock) => {
      expectTypeOf(watcher.rebroadcast(lock)).resolves.toEqualTypeOf<number | undefined>();
      expectTypeOf(watcher.heldBack(lock, 0)).resolves.toEqualTypeOf<boolean>();
    });
  });
});
