import { describe, expect, test } from "vitest";
import { formatRevertLocation } from "./formatRevertLocation.js";

describe("privnet tx: a located revert", () => {
  test("file:line:column, the line, and the call path with each frame's line where it is known", () => {
    expect(
      formatRevertLocation({
        file: "contracts/Token.sol",
        line: 15,
        column: 9,
        text: 'require(balanceOf[msg.sender] >= amount, "Token: balance too low");',
        callPath: [
          { name: "Vault.withdraw", address: "0x1", file: "contracts/Vault.sol", line: 17 },
          { name: "0x00000000000000000000000000000000000000aa", address: null, file: null, line: null },
          { name: "Token.transfer", address: "0x2", file: "contracts/Token.sol", line: 15 },
        ],
      }),
    ).toEqual([
      "  at     contracts/Token.sol:15:9",
      '         require(balanceOf[msg.sender] >= amount, "Token: balance too low");',
      "  path   Vault.withdraw (contracts/Vault.sol:17) → 0x00000000000000000000000000000000000000aa → Token.transfer (contracts/Token.sol:15)",
    ]);
  });
});
