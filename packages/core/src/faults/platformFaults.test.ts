import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { describe, expect, test } from "vitest";
import type { ChainFaultEvent } from "../chain/ChainFaults.js";
import type { Platform } from "../exports/index.js";
import { createPlatform } from "../platform/createPlatform.js";

// platform.faults on the worker's real devnet (its faults are `devnet.faults` of startDevnet).

const devnet = useDevnet();
const recipient = "0x00000000000000000000000000000000000000fa";

/** A platform given the devnet's faults; the watcher polls rarely, so only followNow can catch up in time. */
async function startPlatform(): Promise<Platform> {
  return createPlatform({
    transport: http(devnet.rpcUrl),
    faults: devnet.faults,
    explorer: false,
    pollingInterval: 60_000,
  });
}

/** Resolves with the next `chain` event of the platform. */
function nextChainEvent(platform: Platform): Promise<ChainFaultEvent> {
  return new Promise((resolve) => platform.events.once("chain", resolve));
}

describe("platform.faults on the embedded devnet", () => {
  test("a reorg is announced as a chain event, kept in the history, and the history is verified clean at once", async () => {
    const platform = await startPlatform();
    try {
      expect(platform.faults.available).toBe(true);
      const kept = await platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" });
      const gone = await platform.sender.sendFromWallet({ fromWalletId: 3, to: recipient, amount: "1" });
      const [keptRecord, goneRecord] = [
        await platform.transactions.wait(kept.id),
        await platform.transactions.wait(gone.id),
      ];
      expect([keptRecord.status, goneRecord.status]).toEqual(["confirmed", "confirmed"]);
      const depth =
        Number((await platform.client.getBlockNumber({ cacheTime: 0 })) - (keptRecord.blockNumber ?? 0n)) + 1;

      const announced = nextChainEvent(platform);
      const result = await platform.faults.reorg({ depth, drop: [gone.hash] });
      const event = await announced;
      expect(event).toMatchObject({
        type: "reorged",
        depth,
        newHead: result.newHead,
        oldHead: result.oldHead,
      });
      expect(result.orphaned).toEqual(expect.arrayContaining([kept.hash, gone.hash]));
      expect(result.remined).toContain(kept.hash);
      expect(result.dropped).toContain(gone.hash);
      expect(platform.faults.history()[0]).toEqual(event);

      // The reorg answered once the watcher had followed it: no record says confirmed without its
      // receipt on the new branch, with no wait for the next poll of the head.
      expect((await platform.transactions.verify()).mismatches).toEqual([]);
      expect((await platform.storage.transactions.get(gone.id))?.status).not.toBe("confirmed");
      const remined = await platform.client.getTransactionReceipt({ hash: kept.hash });
      expect((await platform.storage.transactions.get(kept.id))?.blockNumber).toBe(remined.blockNumber);
    } finally {
      await platform.close();
    }
  });

  test("one fault at a time: a second while the first runs is FAULT_IN_PROGRESS; a stall then a recover, each announced", async () => {
    const platform = await startPlatform();
    try {
      await devnet.request("evm_mine");
      const [first, second] = await Promise.allSettled([
        platform.faults.reorg({ depth: 1 }),
        platform.faults.reorg({ depth: 1 }),
      ]);
      expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
      const refused = first.status === "rejected" ? first.reason : (second as PromiseRejectedResult).reason;
      expect(refused).toMatchObject({ code: "FAULT_IN_PROGRESS" });

      const events: string[] = [];
      platform.events.on("chain", (event) => events.push(event.type));
      const recovered = new Promise<void>((resolve) =>
        platform.events.on("chain", (event) => event.type === "recovered" && resolve()),
      );
      const { endsAt } = await platform.faults.stall({ ms: 600_000 });
      expect(Date.parse(endsAt)).toBeGreaterThan(Date.now());
      // The devnet counts a stall as under way until it ends.
      await expect(platform.faults.dropPool()).rejects.toMatchObject({ code: "FAULT_IN_PROGRESS" });
      await platform.faults.recover();
      await recovered;
      expect(events).toEqual(["stalled", "recovered"]);
      expect(platform.faults.history().map((event) => event.type)).toEqual([
        "recovered",
        "stalled",
        "reorged",
      ]);
    } finally {
      await platform.close();
    }
  });

  test("faults asked of the devnet directly are heard too, and none after close", async () => {
    const platform = await startPlatform();
    const heard = nextChainEvent(platform);
    await devnet.faults.dropPool();
    expect(await heard).toMatchObject({ type: "poolDropped", dropped: [] });
    await platform.close();
    const after: ChainFaultEvent[] = [];
    platform.events.on("chain", (event) => after.push(event));
    await devnet.faults.dropPool();
    expect(after).toEqual([]);
  });
});
