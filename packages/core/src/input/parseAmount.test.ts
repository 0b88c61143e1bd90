import { expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { parseAmount } from "./parseAmount.js";

test("accepts positive decimal ETH strings up to 18 decimals", () => {
  expect(parseAmount("1")).toBe(10n ** 18n);
  expect(parseAmount("0.25")).toBe(25n * 10n ** 16n);
  expect(parseAmount("0.000000000000000001")).toBe(1n);
  expect(parseAmount("1000000000")).toBe(10n ** 27n);
});

test.each([
  ["0", "zero"],
  ["0.000", "zero"],
  ["-1", "negative"],
  ["1e3", "exponent"],
  ["0.0000000000000000001", "18 decimals"],
  ["", "digits"],
  [" 1", "digits"],
  ["1.", "digits"],
  [".5", "digits"],
  ["0x10", "digits"],
])("refuses %j (%s) with INVALID_AMOUNT", (value, reason) => {
  const error = (() => {
    try {
      parseAmount(value);
    } catch (caught) {
      return caught;
    }
  })();
  expect(isPrivnetError(error, "INVALID_AMOUNT")).toBe(true);
  expect(String(error)).toContain(reason);
});

test("refuses numbers: they cannot hold every amount exactly", () => {
  expect(() => parseAmount(0.1)).toThrow(/decimal string/);
});
