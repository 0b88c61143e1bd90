import { describe, expect, test } from "vitest";
import { RecentBlockReceipts } from "./RecentBlockReceipts.js";

const hashA = `0x${"aa".repeat(32)}` as const;
const hashB = `0x${"bb".repeat(32)}` as const;
const receiptsOf = (blockHash: string, count = 2) => Array.from({ length: count }, () => ({ blockHash }));

describe("RecentBlockReceipts", () => {
  test("a block's receipts, read or in flight, serve the next reader that expects that block", async () => {
    const recent = new RecentBlockReceipts();
    let reads = 0;
    const fetch = async () => {
      reads++;
      return receiptsOf(hashA);
    };
    const [first, second] = await Promise.all([recent.read(5n, hashA, fetch), recent.read(5n, hashA, fetch)]);
    expect(reads).toBe(1);
    expect(second).toBe(first);
  });

  test("another block at that number (a revert) or no hash to check against: read again", async () => {
    const recent = new RecentBlockReceipts();
    await recent.read(5n, hashA, async () => receiptsOf(hashA));
    expect(await recent.read(5n, hashB, async () => receiptsOf(hashB))).toEqual(receiptsOf(hashB));
    let reads = 0;
    await recent.read(5n, undefined, async () => {
      reads++;
      return receiptsOf(hashB);
    });
    expect(reads).toBe(1);
  });

  test("an empty list and a failed read are never handed out", async () => {
    const recent = new RecentBlockReceipts();
    await recent.read(7n, hashA, async () => []);
    expect(await recent.read(7n, hashA, async () => receiptsOf(hashA, 1))).toHaveLength(1);
    await expect(
      recent.read(8n, hashA, async () => Promise.reject(new Error("node away"))),
    ).rejects.toThrow();
    expect(await recent.read(8n, hashA, async () => receiptsOf(hashA, 3))).toHaveLength(3);
  });
});

describe("RecentBlockReceipts bounds", () => {
  const hashOf = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as const;
  /** Whether block `n` is served from memory (no read from the node). */
  async function served(recent: RecentBlockReceipts, n: number, count: number) {
    let fetched = false;
    await recent.read(BigInt(n), hashOf(n), async () => {
      fetched = true;
      return receiptsOf(hashOf(n), count);
    });
    return !fetched;
  }

  test("past the receipts bound the blocks read longest ago go, and the newest are still served", async () => {
    const recent = new RecentBlockReceipts({ keptReceipts: 250 });
    for (let n = 1; n <= 5; n++)
      await recent.read(BigInt(n), hashOf(n), async () => receiptsOf(hashOf(n), 100));
    expect(recent.size).toEqual({ blocks: 2, receipts: 200 });
    expect(await served(recent, 5, 100)).toBe(true);
    expect(await served(recent, 4, 100)).toBe(true);
    // Block 1 was forgotten: read from the node again.
    expect(await served(recent, 1, 100)).toBe(false);
  });

  test("the two blocks read last are kept even when they alone pass the receipts bound", async () => {
    const recent = new RecentBlockReceipts({ keptReceipts: 100 });
    for (const n of [1, 2, 3])
      await recent.read(BigInt(n), hashOf(n), async () => receiptsOf(hashOf(n), 500));
    expect(recent.size).toEqual({ blocks: 2, receipts: 1_000 });
    expect(await served(recent, 3, 500)).toBe(true);
    expect(await served(recent, 2, 500)).toBe(true);
  });

  test("small blocks: at most 16 are kept", async () => {
    const recent = new RecentBlockReceipts();
    const numbers = Array.from({ length: 20 }, (_, index) => index + 1);
    for (const n of numbers) await recent.read(BigInt(n), hashOf(n), async () => receiptsOf(hashOf(n), 1));
    expect(recent.size).toEqual({ blocks: 16, receipts: 16 });
    expect(await served(recent, 20, 1)).toBe(true);
    expect(await served(recent, 4, 1)).toBe(false);
  });
});
