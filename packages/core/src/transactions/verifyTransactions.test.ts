import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, type Hash, http } from "viem";
import { afterEach, expect, test } from "vitest";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import { memoryStorage } from "../storage/memoryStorage.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");
const platforms: Platform[] = [];
afterEach(async () => {
  for (const platform of platforms.splice(0)) await platform.close();
});

async function newPlatform() {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    storage: memoryStorage(),
    pollingInterval: 100,
  });
  platforms.push(platform);
  return platform;
}

/** A record the chain never saw, written straight to the storage as a broken history would hold it. */
function forged(
  platform: Platform,
  fields: { hash: Hash; nonce: number; status: "confirmed" | "failed"; blockNumber: bigint | null },
) {
  return platform.storage.transactions.insert({
    from: getAddress("0x00000000000000000000000000000000000000aa"),
    to: recipient,
    value: 1n,
    source: "sdk",
    createdAt: new Date().toISOString(),
    kind: "transfer",
    selector: null,
    ...fields,
  });
}

test("a history that matches the chain has no mismatches; each kind of lie is named", async () => {
  const platform = await newPlatform();
  const sent = [];
  for (let index = 0; index < 3; index++) {
    const record = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.1" });
    sent.push(await platform.transactions.wait(record.id));
  }
  expect(await platform.transactions.verify()).toEqual({ checked: 3, mismatches: [], nextCursor: null });

  const [first, second] = sent as [(typeof sent)[0], (typeof sent)[0]];
  const stored = (await platform.storage.transactions.get(first.id))!;
  // Confirmed, at a block other than its receipt's.
  await platform.storage.transactions.update(second.id, { blockNumber: (second.blockNumber ?? 0n) + 5n });
  // Failed, though the chain holds it.
  await platform.storage.transactions.update(first.id, { status: "failed", blockNumber: null });
  // Confirmed with no transaction on chain, and a second record confirmed at that nonce.
  const ghost = await forged(platform, {
    hash: `0x${"ab".repeat(32)}`,
    nonce: 7,
    status: "confirmed",
    blockNumber: 1n,
  });
  const twin = await forged(platform, {
    hash: `0x${"cd".repeat(32)}`,
    nonce: 7,
    status: "confirmed",
    blockNumber: 1n,
  });

  const report = await platform.transactions.verify();
  expect(report.checked).toBe(5);
  expect(report.nextCursor).toBeNull();
  expect(report.mismatches.map(({ id, kind }) => ({ id, kind }))).toEqual([
    { id: twin.id, kind: "no-receipt" },
    { id: ghost.id, kind: "same-nonce" },
    { id: ghost.id, kind: "no-receipt" },
    { id: second.id, kind: "other-block" },
    { id: first.id, kind: "mined-but-failed" },
  ]);
  expect(report.mismatches[3]).toMatchObject({
    status: "confirmed",
    blockNumber: (second.blockNumber ?? 0n) + 5n,
    detail: `its receipt is in block ${second.blockNumber}`,
  });
  expect(report.mismatches[4]).toMatchObject({ nonce: stored.nonce, hash: first.hash, status: "failed" });
});

test("bounded pages: `limit` records at a time, `nextCursor` until the oldest", async () => {
  const platform = await newPlatform();
  const ids: number[] = [];
  for (let index = 0; index < 5; index++) {
    const record = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "0.1" });
    ids.push((await platform.transactions.wait(record.id)).id);
  }
  const newestFirst = [...ids].reverse();
  const first = await platform.transactions.verify({ limit: 2 });
  expect(first).toEqual({ checked: 2, mismatches: [], nextCursor: newestFirst[1] });
  const second = await platform.transactions.verify({ limit: 2, before: first.nextCursor ?? undefined });
  expect(second).toEqual({ checked: 2, mismatches: [], nextCursor: newestFirst[3] });
  // Exactly the last one left: the page says there is nothing older.
  expect(await platform.transactions.verify({ limit: 2, before: second.nextCursor ?? undefined })).toEqual({
    checked: 1,
    mismatches: [],
    nextCursor: null,
  });
  // A full page with nothing older says so too.
  expect(await platform.transactions.verify({ limit: 5 })).toEqual({
    checked: 5,
    mismatches: [],
    nextCursor: null,
  });
  await expect(platform.transactions.verify({ limit: 0 })).rejects.toMatchObject({ code: "INVALID_QUERY" });
  await expect(platform.transactions.verify({ limit: 5_001 })).rejects.toMatchObject({
    code: "INVALID_QUERY",
  });
  await expect(platform.transactions.verify({ before: -1 })).rejects.toMatchObject({ code: "INVALID_QUERY" });
});
