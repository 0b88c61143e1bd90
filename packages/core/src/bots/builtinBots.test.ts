import { describe, expect, test } from "vitest";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { BUILTIN_BOT_NAMES, BUILTIN_BOTS, builtinBotEntries } from "./builtinBots.js";
import { readBotEnv } from "./readBotEnv.js";

describe("the built-in bots' registry", () => {
  test("lists the seed's three bots, then the traffic and DeFi scenarios, in the status's order", () => {
    expect(BUILTIN_BOT_NAMES).toEqual([
      "transfer",
      "erc20",
      "nft",
      "erc1155",
      "call",
      "deploy",
      "create2",
      "gas-burner",
      "storage-spam",
      "blob",
      "set-code",
      "tx-fuzz",
      "tx-fuzz-invalid",
      "uniswap-v2",
      "lending",
      "liquidation-keeper",
    ]);
    expect(builtinBotEntries().map(([name]) => name)).toEqual(BUILTIN_BOT_NAMES);
  });

  test("each entry's definition carries the entry's name and the key index KEY_INDEXES gives it", () => {
    for (const [name, { definition }] of builtinBotEntries()) {
      expect(definition.name).toBe(name);
      expect(definition.keyIndex).toBe(KEY_INDEXES.bots[name]);
    }
    // Two bots on one key would share its nonces.
    const indexes = Object.values(KEY_INDEXES.bots);
    expect(new Set(indexes).size).toBe(indexes.length);
    // Below the first custom bot's: custom bots are allocated from there up.
    for (const index of indexes) expect(index).toBeLessThan(KEY_INDEXES.firstCustomBot);
  });

  test("the environment is read by each entry's prefix, with its random range", () => {
    const env: Record<string, string> = {};
    for (const [, { envPrefix }] of builtinBotEntries()) env[`${envPrefix}_INTERVAL`] = "1234";
    for (const [, { envPrefix, randomRange }] of builtinBotEntries()) {
      if (randomRange) env[`${envPrefix}_RANDOM`] = "true";
    }
    const read = readBotEnv(env);
    expect(Object.keys(read)).toEqual(BUILTIN_BOT_NAMES);
    for (const [name, { randomRange }] of builtinBotEntries()) {
      expect(read[name]).toEqual(randomRange ? { interval: 1234, random: randomRange } : { interval: 1234 });
    }
    expect(BUILTIN_BOTS.nft).not.toHaveProperty("randomRange");
  });
});
