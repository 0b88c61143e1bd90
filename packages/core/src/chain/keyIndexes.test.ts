import { describe, expect, test } from "vitest";
import { defineBot } from "../bots/defineBot.js";
import { isReservedKeyIndex, KEY_INDEXES, reservedKeyIndexUse } from "./keyIndexes.js";
import { SYSTEM_ACCOUNT_COUNT } from "./systemAccounts.js";

describe("KEY_INDEXES", () => {
  test("the system accounts are the prefunded ones; every service key sits outside them and apart", () => {
    expect(KEY_INDEXES.system.last - KEY_INDEXES.system.first + 1).toBe(SYSTEM_ACCOUNT_COUNT);
    const services = [
      KEY_INDEXES.oracleUpdater,
      KEY_INDEXES.contractsOwner,
      ...Object.values(KEY_INDEXES.bots),
    ];
    expect(new Set(services).size).toBe(services.length);
    for (const index of services) expect(index).toBeGreaterThan(KEY_INDEXES.system.last);
    expect(KEY_INDEXES.firstCustomBot).toBeGreaterThan(Math.max(...services));
  });

  test("reserved: system wallets, the updater and the contracts' owner; a catalogue's indexes are the engine's to check", () => {
    expect([0, 20, 21, 22, -1, 1.5].filter(isReservedKeyIndex)).toEqual([0, 20, 21, 22, -1, 1.5]);
    expect([23, 30, 99, 100, 110, 5000].filter(isReservedKeyIndex)).toEqual([]);
    expect(reservedKeyIndexUse(22)).toBe("the contracts' owner");
  });

  test("a bot cannot name a platform index: INVALID_BOT_CONFIG says what the index is for", () => {
    const tick = async () => {};
    expect(() => defineBot({ name: "owner-thief", keyIndex: 22, tick })).toThrow(
      expect.objectContaining({
        code: "INVALID_BOT_CONFIG",
        message: expect.stringMatching(/key index 22 is reserved: the contracts' owner/),
      }),
    );
    expect(() => defineBot({ name: "pusher", keyIndex: 21, tick })).toThrow(/the oracle's updater/);
    expect(defineBot({ name: "free", keyIndex: 23, tick }).keyIndex).toBe(23);
  });
});
