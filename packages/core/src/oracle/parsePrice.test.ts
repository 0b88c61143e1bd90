import { expect, test } from "vitest";
import { parsePrice } from "./parsePrice.js";
import { parseSymbol } from "./parseSymbol.js";
import { symbolAddress } from "./symbolAddress.js";

test("prices: positive decimals with at most 18 places, as strings or numbers", () => {
  expect(parsePrice("2000.25")).toBe(2000250000000000000000n);
  expect(parsePrice(1.5)).toBe(1500000000000000000n);
  expect(parsePrice("0.000000000000000001")).toBe(1n);
  for (const bad of [
    "0",
    "-1",
    "abc",
    "1e3",
    "0.0000000000000000001",
    "",
    null,
    {},
    Number.NaN,
    "1".repeat(40),
  ]) {
    expect(() => parsePrice(bad), JSON.stringify(bad)).toThrow(
      expect.objectContaining({ code: "INVALID_PRICE" }),
    );
  }
});

test("symbols: 1 to 11 letters or digits, matched case-insensitively", () => {
  expect(parseSymbol(" usdc ")).toBe("USDC");
  for (const bad of ["", "E-TH", "ABCDEFGHIJKL", 5]) {
    expect(() => parseSymbol(bad)).toThrow(expect.objectContaining({ code: "INVALID_SYMBOL" }));
  }
});

test("an unknown symbol's address is keccak256('privnet:oracle:' + SYMBOL), the same for any case", () => {
  expect(symbolAddress("wbtc")).toBe(symbolAddress("WBTC"));
  expect(symbolAddress("WBTC")).toMatchInlineSnapshot(`"0x0aa0926493aF212fdbA1D593D85950A197e231Ea"`);
  expect(symbolAddress("WBTC")).not.toBe(symbolAddress("WETH"));
});
