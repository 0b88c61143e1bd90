import { useDevnet } from "@privnet/devnet/vitest";
import { custom, getAddress, type Hex, http } from "viem";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createPlatform, type Platform } from "../platform/createPlatform.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

// A confirmed transaction whose block the chain takes back, and that comes back on the new chain:
// re-included in a later block (a reorganisation's usual fate) or waiting in the pool again. The
// test replays its signed bytes after an `evm_revert` to make that happen on anvil. The watcher's
// polls of the head are held while the chain is rearranged, so that it sees the result at once,
// as it would if the reorganisation happened between two of its polls.
const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000bb");

let platform: Platform;
/** Lookups of one hash the transport leaves unanswered (they reject as a timeout would), and who waits for one. */
let unanswered: { methods: string[]; hash: Hex } | undefined;
let onUnanswered: (() => void) | undefined;
let release: () => void = () => {};
let held: Promise<void> = Promise.resolve();
const holdHeadPolls = () => {
  held = new Promise((resolve) => {
    release = resolve;
  });
};

beforeEach(async () => {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  const transport = custom(
    {
      async request({ method, params }) {
        if (method === "eth_blockNumber") await held;
        if (unanswered?.methods.includes(method) && (params as unknown[])[0] === unanswered.hash) {
          onUnanswered?.();
          throw new Error(`${method}: no answer in time (the test's transport)`);
        }
        return inner.request({ method, params });
      },
    },
    { retryCount: 0 },
  );
  platform = await createPlatform({ transport, pollingInterval: 50 });
});
afterEach(async () => {
  unanswered = undefined;
  onUnanswered = undefined;
  release();
  await devnet.request("evm_setAutomine", [true]);
  await platform.close();
});

/** Sends from a system wallet, waits, and answers the record with its signed bytes. */
async function confirmedTransfer(fromWalletId: number) {
  const sent = await platform.sender.sendFromWallet({ fromWalletId, to: recipient, amount: "1" });
  expect(await platform.transactions.wait(sent.id)).toMatchObject({ status: "confirmed" });
  const raw = await devnet.request<Hex>("eth_getRawTransactionByHash", [sent.hash]);
  return {
    id: sent.id,
    raw,
    record: (await platform.storage.transactions.get(sent.id)) as TransactionRecord,
  };
}

/** Resolves with the next status the record is given. */
function nextStatus(id: number) {
  return new Promise<TransactionRecord>((resolve) => {
    const listener = (record: TransactionRecord) => {
      if (record.id !== id) return;
      platform.events.off("transaction", listener);
      resolve(record);
    };
    platform.events.on("transaction", listener);
  });
}

describe("a confirmed transaction whose block the chain took back", () => {
  test("re-included in a later block: stays confirmed, with the new block number", async () => {
    const before = await devnet.request<Hex>("evm_snapshot");
    const { id, raw, record } = await confirmedTransfer(5);

    holdHeadPolls();
    await devnet.request("evm_revert", [before]);
    await devnet.request("evm_mine"); // an empty block where it was
    await devnet.request("eth_sendRawTransaction", [raw]); // mined in the next one
    const updated = nextStatus(id);
    release();

    expect(await updated).toMatchObject({
      status: "confirmed",
      blockNumber: (record.blockNumber ?? 0n) + 1n,
    });
    expect((await platform.transactions.list()).find((entry) => entry.id === id)).toMatchObject({
      status: "confirmed",
      blockNumber: (record.blockNumber ?? 0n) + 1n,
    });
  });

  test("back in the pool: pending again and followed, then confirmed when mined", async () => {
    const before = await devnet.request<Hex>("evm_snapshot");
    const { id, raw } = await confirmedTransfer(6);

    holdHeadPolls();
    await devnet.request("evm_setAutomine", [false]);
    await devnet.request("evm_revert", [before]);
    await devnet.request("eth_sendRawTransaction", [raw]);
    const pending = nextStatus(id);
    release();
    expect(await pending).toMatchObject({ status: "pending", blockNumber: null });
    expect(platform.transactions.watcherStatus().following).toBe(1);

    const confirmed = nextStatus(id);
    await devnet.request("evm_mine");
    expect(await confirmed).toMatchObject({ status: "confirmed" });
    expect(await platform.transactions.wait(id)).toMatchObject({ status: "confirmed" });
  });

  test("gone when the watcher looked, mined later (a reorganisation in steps): corrected to confirmed", async () => {
    // anvil's reorganisation is several calls: roll back, then mine the orphaned transactions
    // again. A tick in between finds the transaction nowhere and fails it; the block that holds
    // it afterwards must turn the record back to confirmed, or the history contradicts the chain.
    const before = await devnet.request<Hex>("evm_snapshot");
    const { id, raw, record } = await confirmedTransfer(8);
    const failed = nextStatus(id);
    await devnet.request("evm_revert", [before]);
    expect(await failed).toMatchObject({ status: "failed", blockNumber: null });

    const confirmed = nextStatus(id);
    await devnet.request("eth_sendRawTransaction", [raw]);
    expect(await confirmed).toMatchObject({ status: "confirmed", blockNumber: record.blockNumber });
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  });

  test("gone from the chain and the pool: failed, no block number", async () => {
    const before = await devnet.request<Hex>("evm_snapshot");
    const { id } = await confirmedTransfer(7);
    const failed = nextStatus(id);
    await devnet.request("evm_revert", [before]);
    expect(await failed).toMatchObject({ status: "failed", blockNumber: null });
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  });
});

/**
 * Leaves the lookups of `hash` unanswered until `unanswered` is cleared; resolves once the watcher
 * asked three times and got no answer (one recovery asks at most twice: the third ask is a retry).
 */
function leaveUnanswered(hash: Hex) {
  unanswered = { methods: ["eth_getTransactionReceipt", "eth_getTransactionByHash"], hash };
  let asked = 0;
  return new Promise<void>((resolve) => {
    onUnanswered = () => {
      if (++asked === 3) resolve();
    };
  });
}

/** Every status the record is given from now on, in order. */
function statusesOf(id: number) {
  const seen: TransactionRecord["status"][] = [];
  platform.events.on("transaction", (record) => {
    if (record.id === id) seen.push(record.status);
  });
  return seen;
}

// A reorganisation under load holds requests (the devnet's relay does for up to 60 s); a client
// whose request times out meanwhile has no answer, which is not "the chain does not have it". The
// watcher's lookups after a rewind reject here instead of answering: no record may be failed on
// that, and the recovery finishes once the node answers again.
describe("a rewind while the node does not answer the watcher's lookups", () => {
  test("a confirmed record re-included in a later block is never failed, and moves to its new block", async () => {
    const before = await devnet.request<Hex>("evm_snapshot");
    const { id, raw, record } = await confirmedTransfer(9);
    const statuses = statusesOf(id);

    holdHeadPolls();
    await devnet.request("evm_revert", [before]);
    await devnet.request("evm_mine");
    await devnet.request("eth_sendRawTransaction", [raw]);
    const asked = leaveUnanswered(record.hash);
    release();
    // Asked again and again, or (wrongly) given up on.
    await Promise.race([asked, nextStatus(id)]);
    expect(statuses).toEqual([]);

    const updated = nextStatus(id);
    unanswered = undefined;
    expect(await updated).toMatchObject({
      status: "confirmed",
      blockNumber: (record.blockNumber ?? 0n) + 1n,
    });
    expect(statuses).toEqual(["confirmed"]);
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  });

  test("a pending send still in the pool stays pending through it, and confirms when mined", async () => {
    const before = await devnet.request<Hex>("evm_snapshot");
    // A block for the rewind to take: the watcher has seen it, so the revert reads as one.
    await confirmedTransfer(10);
    await devnet.request("evm_setAutomine", [false]);
    const pending = await platform.sender.sendFromWallet({ fromWalletId: 11, to: recipient, amount: "1" });
    const statuses = statusesOf(pending.id);

    holdHeadPolls();
    await devnet.request("evm_revert", [before]);
    // anvil keeps its pool across evm_revert: the send is still there.
    expect(await devnet.request("eth_getTransactionByHash", [pending.hash])).not.toBeNull();
    const asked = leaveUnanswered(pending.hash);
    release();
    await Promise.race([asked, nextStatus(pending.id)]);
    expect(statuses).toEqual([]);
    unanswered = undefined;

    const confirmed = nextStatus(pending.id);
    await devnet.request("evm_mine");
    expect(await confirmed).toMatchObject({ status: "confirmed" });
    expect(statuses).toEqual(["confirmed"]);
    const receipt = await devnet.request<{ blockHash: Hex } | null>("eth_getTransactionReceipt", [
      pending.hash,
    ]);
    expect(receipt).not.toBeNull();
    expect((await platform.transactions.verify()).mismatches).toEqual([]);
  });
});
