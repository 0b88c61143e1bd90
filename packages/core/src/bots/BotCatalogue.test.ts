import { useDevnet } from "@privnet/devnet/vitest";
import { describe, expect, test } from "vitest";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { defineCatalogue } from "./BotCatalogue.js";
import { defineBot } from "./defineBot.js";
import { openBotPlatform } from "./fixtures/openBotPlatform.js";
import { seedBots } from "./seedBots.js";

const devnet = useDevnet();
const tick = async () => {};
const keyOf = (index: number) => deriveAccounts(SYSTEM_MNEMONIC, [index])[0]?.address;

describe("defineCatalogue", () => {
  test("refuses two bots with one name, one key index or one environment prefix, naming both", () => {
    const a = defineBot({ name: "a", keyIndex: 40, env: { prefix: "A" }, tick });
    expect(() => defineCatalogue([a, defineBot({ name: "a", tick })])).toThrow(
      expect.objectContaining({ code: "INVALID_BOT_CONFIG", message: expect.stringMatching(/two bots/) }),
    );
    expect(() => defineCatalogue([a, defineBot({ name: "b", keyIndex: 40, tick })])).toThrow(
      /key index 40 is the a bot's already/,
    );
    expect(() => defineCatalogue([a, defineBot({ name: "c", env: { prefix: "A" }, tick })])).toThrow(
      /environment prefix A is the a bot's already/,
    );
    expect(
      defineCatalogue([a, defineBot({ name: "d", keyIndex: 41, tick })]).map(({ name }) => name),
    ).toEqual(["a", "d"]);
  });
});

describe("the engine's catalogues", () => {
  test("runs the catalogues it is given, in order, as its built-in scenarios; their env prefixes are read", async () => {
    const approve = defineBot({ name: "approve", keyIndex: 40, env: { prefix: "APPROVE" }, tick });
    const platform = await openBotPlatform(devnet.rpcUrl, {
      bots: { catalogues: [defineCatalogue([approve]), seedBots], env: { APPROVE_INTERVAL: "1234" } },
    });
    try {
      expect(platform.bots.names()).toEqual(["approve", "transfer", "erc20", "nft"]);
      const approveBot = await platform.bots.get("approve");
      expect(approveBot).toMatchObject({ address: keyOf(40), config: { interval: 1234 } });
      const scenarios = await platform.bots.scenarios();
      expect(scenarios.map(({ name, builtin }) => [name, builtin])).toEqual([
        ["approve", true],
        ["transfer", true],
        ["erc20", true],
        ["nft", true],
      ]);
    } finally {
      await platform.close();
    }
  });

  test("two catalogues on one key index, or a custom bot on a catalogue's, are refused before anything runs", async () => {
    const thief = defineBot({ name: "thief", keyIndex: 100, tick });
    await expect(
      openBotPlatform(devnet.rpcUrl, { bots: { catalogues: [seedBots, defineCatalogue([thief])] } }),
    ).rejects.toMatchObject({ code: "INVALID_BOT_CONFIG", message: expect.stringMatching(/transfer bot's/) });
    await expect(openBotPlatform(devnet.rpcUrl, { bots: { custom: [thief] } })).rejects.toMatchObject({
      code: "INVALID_BOT_CONFIG",
    });
    const platform = await openBotPlatform(devnet.rpcUrl);
    try {
      await expect(platform.bots.register(thief)).rejects.toMatchObject({
        code: "INVALID_BOT_CONFIG",
        message: expect.stringMatching(/key index 100 is the transfer bot's already/),
      });
      expect(platform.bots.names()).toEqual(["transfer", "erc20", "nft"]);
    } finally {
      await platform.close();
    }
  });

  test("a bot that names no index is allocated past the indexes the catalogues name, and keeps it", async () => {
    const storage: StorageAdapter = { ...memoryStorage(), close: async () => {} };
    const squatter = defineCatalogue([defineBot({ name: "squatter", keyIndex: 110, tick })]);
    const free = defineBot({ name: "free", tick });
    const first = await openBotPlatform(devnet.rpcUrl, {
      storage,
      bots: { catalogues: [seedBots, squatter], custom: [free] },
    });
    try {
      expect((await first.bots.get("squatter")).address).toBe(keyOf(110));
      expect((await first.bots.get("free")).address).toBe(keyOf(111));
    } finally {
      await first.close();
    }
    const second = await openBotPlatform(devnet.rpcUrl, { storage, bots: { custom: [free] } });
    try {
      expect((await second.bots.get("free")).address).toBe(keyOf(111));
    } finally {
      await second.close();
    }
  });
});
