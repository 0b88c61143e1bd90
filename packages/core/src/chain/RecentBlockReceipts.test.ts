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
