import { type Address, getAddress, type Hash, keccak256, toHex } from "viem";
import { describe, expect, test } from "vitest";
import type { ExplorerStore, IndexedBlockData, IndexedTransaction } from "../ExplorerStore.js";
import type { NewTransactionRecord, StorageAdapter, TransactionRecord } from "../StorageAdapter.js";

/**
 * The parts of the conformance suite that keep a long-running history fast (see
 * `testStorageAdapter`): the bots' retention (`transactions.removeOldest`), the explorer's gas by
 * sender per block (`explorer.blockGasBySender`), and reads of a busy address.
 */
export function describeHistoryGrowth(store: () => StorageAdapter): void {
  describe("history retention (transactions.removeOldest)", () => {
    const removeOldest = (storage: StorageAdapter) => {
      if (!storage.transactions.removeOldest) throw new Error(`${storage.name} has no removeOldest`);
      return storage.transactions.removeOldest;
    };

    test("deletes the oldest settled records of the given sources beyond `keep`, and nothing else", async () => {
      const storage = store();
      const inserted: TransactionRecord[] = [];
      // Interleaved: two bots, a wallet's sends through the API, a pending bot record among the oldest.
      for (let index = 0; index < 30; index++) {
        const source = ["transfer", "erc20", "api"][index % 3] as string;
        const status = index === 3 ? "pending" : "confirmed";
        inserted.push(await storage.transactions.insert(recordAt(index, { source, status })));
      }
      const bots = inserted.filter((record) => record.source !== "api");
      expect(bots).toHaveLength(20);

      expect(await removeOldest(storage)({ sources: ["transfer", "erc20"], keep: 8, limit: 1000 })).toBe(12);
      const left = await storage.transactions.list({ limit: 100 });
      const pending = inserted[3] as TransactionRecord;
      // 8 bot records stay: the pending one (never deleted, but counted) and the 7 newest; and
      // every API record.
      expect(left.map((record) => record.id).sort((a, b) => a - b)).toEqual(
        [
          ...inserted.filter((record) => record.source === "api").map((record) => record.id),
          pending.id,
          ...bots.slice(-7).map((record) => record.id),
        ].sort((a, b) => a - b),
      );
      // At or under `keep` (the pending record counts), it deletes nothing.
      expect(await removeOldest(storage)({ sources: ["transfer", "erc20"], keep: 9, limit: 1000 })).toBe(0);
      expect(await removeOldest(storage)({ sources: ["transfer", "erc20"], keep: 100, limit: 1000 })).toBe(0);
      expect(await storage.transactions.list({ limit: 100 })).toHaveLength(18);
    });

    test("deletes at most `limit` a call, oldest first, so that repeated calls reach `keep`", async () => {
      const storage = store();
      const inserted = await storage.transactions.insertMany(
        Array.from({ length: 25 }, (_, index) =>
          recordAt(index, { source: "transfer", status: "confirmed" }),
        ),
      );
      expect(await removeOldest(storage)({ sources: ["transfer"], keep: 5, limit: 7 })).toBe(7);
      const after = await storage.transactions.list({ limit: 100, source: "transfer" });
      expect(after.at(-1)?.id).toBe(inserted[7]?.id);
      const batches: number[] = [];
      for (;;) {
        const removed = await removeOldest(storage)({ sources: ["transfer"], keep: 5, limit: 7 });
        if (removed === 0) break;
        batches.push(removed);
      }
      expect(batches).toEqual([7, 6]);
      const kept = await storage.transactions.list({ limit: 100 });
      expect(kept.map((record) => record.id)).toEqual(
        inserted
          .slice(-5)
          .map((record) => record.id)
          .reverse(),
      );
      expect(await removeOldest(storage)({ sources: [], keep: 0, limit: 10 })).toBe(0);
      expect(await removeOldest(storage)({ sources: ["unknown"], keep: 0, limit: 10 })).toBe(0);
    });
    test("one call deletes up to `limit` however the store splits its writes", async () => {
      const storage = store();
      const inserted = await storage.transactions.insertMany(
        Array.from({ length: 1_300 }, (_, index) =>
          recordAt(index, { source: index % 2 === 0 ? "transfer" : "erc20" }),
        ),
      );
      expect(await removeOldest(storage)({ sources: ["transfer", "erc20"], keep: 150, limit: 1_100 })).toBe(
        1_100,
      );
      expect(await removeOldest(storage)({ sources: ["transfer", "erc20"], keep: 150, limit: 5_000 })).toBe(
        50,
      );
      const kept = await storage.transactions.list({ limit: 1_000 });
      expect(kept.map((record) => record.id)).toEqual(
        inserted
          .slice(-150)
          .map((record) => record.id)
          .reverse(),
      );
    });
  });

  describe("history reads by address", () => {
    test("an address's pages merge what it sent and received, newest first, with every filter", async () => {
      const storage = store();
      const busy = addressAt("busy");
      const records: NewTransactionRecord[] = Array.from({ length: 60 }, (_, index) =>
        recordAt(index, {
          // Sent, received, to itself, or not at all.
          from: index % 4 === 0 || index % 4 === 2 ? busy : addressAt(`other ${index}`),
          to: index % 4 === 1 || index % 4 === 2 ? busy : addressAt(`recipient ${index}`),
          source: index % 2 === 0 ? "transfer" : "api",
          status: index % 5 === 0 ? "pending" : "confirmed",
        }),
      );
      const inserted = await storage.transactions.insertMany(records);
      const involved = inserted.filter((record) => record.from === busy || record.to === busy);
      const newestFirst = [...involved].reverse();
      const page = await storage.transactions.list({ limit: 7, address: busy });
      expect(page).toEqual(newestFirst.slice(0, 7));
      const before = page.at(-1)?.id as number;
      expect(await storage.transactions.list({ limit: 7, address: busy, before })).toEqual(
        newestFirst.slice(7, 14),
      );
      expect(
        await storage.transactions.list({
          limit: 100,
          address: busy,
          source: "transfer",
          status: "confirmed",
        }),
      ).toEqual(
        newestFirst.filter((record) => record.source === "transfer" && record.status === "confirmed"),
      );
      expect(await storage.transactions.list({ limit: 100, source: "api", before })).toEqual(
        [...inserted].reverse().filter((record) => record.source === "api" && record.id < before),
      );
    });
  });

  describe("explorer gas by sender per block (explorer.blockGasBySender)", () => {
    const explorer = (storage: StorageAdapter = store()): ExplorerStore => {
      if (!storage.explorer) throw new Error(`${storage.name} has no explorer store`);
      return storage.explorer;
    };
    /** Today's answer: each block's transactions read and summed by sender. */
    const summed = async (numbers: bigint[]) => {
      const rows: { blockNumber: bigint; from: string; gasUsed: bigint; transactionCount: number }[] = [];
      for (const number of numbers) {
        const bySender = new Map<string, { gasUsed: bigint; transactionCount: number }>();
        for (const transaction of await explorer().listTransactions({ limit: 1000, blockNumber: number })) {
          const key = transaction.from.toLowerCase();
          const sender = bySender.get(key) ?? { gasUsed: 0n, transactionCount: 0 };
          bySender.set(key, {
            gasUsed: sender.gasUsed + transaction.gasUsed,
            transactionCount: sender.transactionCount + 1,
          });
        }
        for (const [from, sender] of bySender) rows.push({ blockNumber: number, from, ...sender });
      }
      return sorted(rows);
    };
    const stored = async (numbers: bigint[]) => {
      const read = explorer().blockGasBySender;
      if (!read) throw new Error("no blockGasBySender");
      return sorted((await read(numbers)).map((row) => ({ ...row, from: row.from.toLowerCase() })));
    };

    test("answers each block's gas and transactions by sender, as summing its transactions does", async () => {
      await explorer().putBlocks([gasBlock(1, 12), gasBlock(2, 30), gasBlock(3, 0), gasBlock(4, 7)]);
      const numbers = [1n, 2n, 3n, 4n, 5n];
      expect(await stored(numbers)).toEqual(await summed(numbers));
      expect((await stored([2n])).map((row) => row.transactionCount).reduce((a, b) => a + b)).toBe(30);
      expect(await stored([])).toEqual([]);
    });

    test("follows a block stored again, a rewind and a prune", async () => {
      await explorer().putBlocks([gasBlock(1, 9), gasBlock(2, 9), gasBlock(3, 9), gasBlock(4, 9)]);
      await explorer().putBlocks([gasBlock(2, 4, "fork")]);
      const numbers = [1n, 2n, 3n, 4n];
      expect(await stored(numbers)).toEqual(await summed(numbers));
      await explorer().removeBlocksAbove(3n);
      expect((await stored([4n])).length).toBe(0);
      await explorer().prune({ blocks: 2 });
      expect((await stored([1n])).length).toBe(0);
      expect(await stored(numbers)).toEqual(await summed(numbers));
      expect((await stored(numbers)).length).toBeGreaterThan(0);
    });
  });
}

function sorted<T extends { blockNumber: bigint; from: string }>(rows: T[]): T[] {
  return rows.sort((a, b) =>
    a.blockNumber === b.blockNumber ? a.from.localeCompare(b.from) : a.blockNumber < b.blockNumber ? -1 : 1,
  );
}

function addressAt(seed: string): Address {
  return getAddress(keccak256(toHex(`privnet history conformance ${seed}`)).slice(0, 42));
}

function hashOf(text: string): Hash {
  return keccak256(toHex(text));
}

function recordAt(index: number, overrides: Partial<NewTransactionRecord> = {}): NewTransactionRecord {
  return {
    hash: hashOf(`history record ${index}`),
    from: addressAt("sender"),
    to: addressAt(`recipient ${index % 3}`),
    value: BigInt(index),
    nonce: index,
    status: "confirmed",
    blockNumber: 1n,
    source: "transfer",
    createdAt: new Date(Date.UTC(2026, 10, 22, 8, 0, 0, index)).toISOString(),
    kind: "transfer",
    selector: null,
    ...overrides,
  };
}

/** Block `number` with `count` transactions from three senders (in turn), each its own gas. */
function gasBlock(number: number, count: number, fork = ""): IndexedBlockData {
  const hash = hashOf(`gas block ${number}${fork}`);
  const transactions = Array.from(
    { length: count },
    (_, index): IndexedTransaction => ({
      hash: hashOf(`gas transaction ${number}:${index}${fork}`),
      blockNumber: BigInt(number),
      blockHash: hash,
      index,
      timestamp: 1_790_000_000 + number * 2,
      from: addressAt(`gas sender ${(index + number) % 3}${fork}`),
      to: addressAt("gas recipient"),
      value: 1n,
      nonce: index,
      kind: "transfer",
      selector: null,
      input: null,
      status: "success",
      gasUsed: 21_000n + BigInt(index * 1_000 + number),
      effectiveGasPrice: 1n,
      contractAddress: null,
      tokenTransfers: [],
    }),
  );
  return {
    block: {
      number: BigInt(number),
      hash,
      parentHash: hashOf(`gas block ${number - 1}`),
      timestamp: 1_790_000_000 + number * 2,
      transactionCount: count,
      gasUsed: transactions.reduce((sum, transaction) => sum + transaction.gasUsed, 0n),
      gasLimit: 60_000_000n,
      baseFeePerGas: 7n,
      miner: addressAt("miner"),
    },
    transactions,
  };
}
