import { KEY_INDEXES } from "@privnet/core";
import { seedBots } from "@privnet/core/bots";
import { describe, expect, test } from "vitest";
import { BUILTIN_SCENARIO_NAMES, builtinScenarios, trafficScenarios } from "./builtinScenarios.js";
import { SCENARIO_KEY_INDEXES } from "./keyIndexes.js";

describe("the built-in scenario catalogue", () => {
  test("lists the seed's three bots, then the traffic and DeFi scenarios, in the status's order", () => {
    expect(BUILTIN_SCENARIO_NAMES).toEqual([
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
    expect(builtinScenarios.slice(0, 3)).toEqual([...seedBots]);
    expect(builtinScenarios.slice(3)).toEqual([...trafficScenarios]);
  });

  test("each scenario keeps its key (and so its address) and its environment prefix", () => {
    const keys = { ...KEY_INDEXES.bots, ...SCENARIO_KEY_INDEXES };
    for (const definition of builtinScenarios) {
      expect(definition.keyIndex).toBe(keys[definition.name]);
    }
    expect(Object.fromEntries(builtinScenarios.map(({ name, env }) => [name, env]))).toEqual({
      transfer: { prefix: "TRANSFER", randomRange: { min: "0.001", max: "0.1" } },
      erc20: { prefix: "ERC20", randomRange: { min: "1", max: "100" } },
      nft: { prefix: "NFT" },
      erc1155: { prefix: "ERC1155" },
      call: { prefix: "CALL" },
      deploy: { prefix: "DEPLOY" },
      create2: { prefix: "CREATE2" },
      "gas-burner": { prefix: "GAS_BURNER" },
      "storage-spam": { prefix: "STORAGE_SPAM" },
      blob: { prefix: "BLOB" },
      "set-code": { prefix: "SET_CODE" },
      "tx-fuzz": { prefix: "TX_FUZZ" },
      "tx-fuzz-invalid": { prefix: "TX_FUZZ_INVALID" },
      "uniswap-v2": { prefix: "UNISWAP_V2" },
      lending: { prefix: "LENDING" },
      "liquidation-keeper": { prefix: "LIQUIDATION_KEEPER" },
    });
    // Below the first index handed to bots that name none.
    for (const index of Object.values(keys)) expect(index).toBeLessThan(KEY_INDEXES.firstCustomBot);
  });

  test("only the lending and liquidation-keeper scenarios refuse a wallet pool, and say why", () => {
    const refusing = builtinScenarios.filter((definition) => definition.refusesWalletPool !== undefined);
    expect(refusing.map(({ name }) => name)).toEqual(["lending", "liquidation-keeper"]);
  });
});
