import { describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { defineBot } from "./defineBot.js";
import { readBotEnv } from "./readBotEnv.js";

describe("readBotEnv", () => {
  test("reads every bot variable; unset and empty ones are left out", () => {
    const none = { transfer: {}, erc20: {}, nft: {} };
    expect(
      readBotEnv({
        TRANSFER_INTERVAL: "0",
        TRANSFER_AMOUNT: "0.5",
        TRANSFER_RANDOM: "true",
        TRANSFER_RANDOM_MAX: "2",
        TRANSFER_MAX_PENDING: "100",
        TRANSFER_RECIPIENTS: "fresh",
        ERC20_INTERVAL: "1000",
        ERC20_RANDOM: "off",
        ERC20_AMOUNT: "3",
        NFT_INTERVAL: "250",
        NFT_RECIPIENTS: "wallets",
        NFT_MAX_PENDING: "",
      }),
    ).toEqual({
      ...none,
      transfer: {
        interval: 0,
        amount: "0.5",
        random: { min: "0.001", max: "2" },
        maxPending: 100,
        recipients: "fresh",
      },
      erc20: { interval: 1000, amount: "3", random: null },
      nft: { interval: 250, recipients: "wallets" },
    });
    expect(readBotEnv({})).toEqual(none);
    // A catalogue's bots' variables, by the prefix each definition declares; one without `env` reads none.
    const tick = async () => {};
    const scenarios = [
      defineBot({ name: "gas-burner", env: { prefix: "GAS_BURNER" }, tick }),
      defineBot({ name: "quiet", tick }),
    ];
    expect(
      readBotEnv({ GAS_BURNER_INTERVAL: "10", QUIET_INTERVAL: "3", TRANSFER_INTERVAL: "1" }, scenarios),
    ).toEqual({ "gas-burner": { interval: 10 } });
    expect(readBotEnv({ ERC20_RANDOM_MIN: "10" }).erc20).toEqual({ random: { min: "10", max: "100" } });
  });

  test("a value that is not a whole number or a boolean names its variable", () => {
    for (const [name, value] of [
      ["TRANSFER_INTERVAL", "5s"],
      ["NFT_MAX_PENDING", "-1"],
      ["ERC20_RANDOM", "maybe"],
    ] as const) {
      const error = (() => {
        try {
          readBotEnv({ [name]: value });
        } catch (e) {
          return e;
        }
      })();
      expect(isPrivnetError(error, "INVALID_BOT_CONFIG")).toBe(true);
      expect((error as Error).message).toContain(`${name}=${value}`);
    }
  });
});
