import { useDevnet } from "@privnet/devnet/vitest";
import { http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Platform } from "../exports/index.js";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();

describe("platform.faults without the faults option (a node the platform does not control)", () => {
  let platform: Platform;
  beforeAll(async () => {
    platform = await createPlatform({ transport: http(devnet.rpcUrl), explorer: false });
  });
  afterAll(() => platform.close());

  test("every fault is FAULTS_UNAVAILABLE, saying faults need the embedded devnet", async () => {
    expect(platform.faults.available).toBe(false);
    const unavailable = {
      code: "FAULTS_UNAVAILABLE",
      shortMessage: expect.stringContaining("embedded devnet"),
      details: expect.stringContaining("--rpc-url"),
    };
    await expect(platform.faults.reorg({ depth: 1 })).rejects.toMatchObject(unavailable);
    await expect(platform.faults.dropPool()).rejects.toMatchObject(unavailable);
    await expect(platform.faults.restart()).rejects.toMatchObject(unavailable);
    await expect(platform.faults.stall({ ms: 1_000 })).rejects.toMatchObject(unavailable);
    await expect(platform.faults.unreachable({ ms: 1_000 })).rejects.toMatchObject(unavailable);
    await expect(platform.faults.feeSpike({ baseFee: 10n ** 11n, blocks: 2 })).rejects.toMatchObject(
      unavailable,
    );
    await expect(platform.faults.recover()).rejects.toMatchObject(unavailable);
    expect(platform.faults.history()).toEqual([]);
  });

  test("settings out of range are FAULT_INVALID naming the setting", async () => {
    const invalid = (field: string) => ({ code: "FAULT_INVALID", field });
    const cases: [Promise<unknown>, string][] = [
      [platform.faults.reorg({ depth: 0 }), "depth"],
      [platform.faults.reorg({ depth: 65 }), "depth"],
      [platform.faults.reorg({ depth: 1.5 }), "depth"],
      [platform.faults.reorg({ depth: "3" as unknown as number }), "depth"],
      [platform.faults.reorg({} as never), "depth"],
      [platform.faults.reorg(null as never), "options"],
      [platform.faults.reorg({ depth: 1, extraBlocks: -1 }), "extraBlocks"],
      [platform.faults.reorg({ depth: 1, drop: "0x12" as never }), "drop"],
      [platform.faults.reorg({ depth: 1, drop: ["0x12"] as never }), "drop[0]"],
      [platform.faults.reorg({ depth: 1, dropTo: "mempool" as never }), "dropTo"],
      [platform.faults.reorg({ depth: 1, reorder: "yes" as never }), "reorder"],
      [platform.faults.restart({ keepPool: 1 as never }), "keepPool"],
      [platform.faults.stall({ ms: 0 }), "ms"],
      [platform.faults.unreachable({ ms: 600_001 }), "ms"],
      [platform.faults.feeSpike({ baseFee: 100 as never, blocks: 1 }), "baseFee"],
      [platform.faults.feeSpike({ baseFee: 0n, blocks: 1 }), "baseFee"],
      [platform.faults.feeSpike({ baseFee: 2n ** 64n, blocks: 1 }), "baseFee"],
      [platform.faults.feeSpike({ baseFee: 1n, blocks: 1_001 }), "blocks"],
    ];
    for (const [attempt, field] of cases) await expect(attempt, field).rejects.toMatchObject(invalid(field));
    expect(() => platform.faults.history({ limit: 0 })).toThrow(
      expect.objectContaining({ code: "INVALID_QUERY" }),
    );
  });

  test("a closed platform refuses faults with PLATFORM_CLOSED", async () => {
    const closed = await createPlatform({ transport: http(devnet.rpcUrl), explorer: false });
    await closed.close();
    await expect(closed.faults.dropPool()).rejects.toMatchObject({ code: "PLATFORM_CLOSED" });
  });
});
