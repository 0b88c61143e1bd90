import { describe, expect, test } from "vitest";
import { formatAmount, formatDecimal, formatEther, formatInteger } from "./formatAmount";
import { formatTime } from "./formatTime";
import { formatUsd } from "./formatUsd";

describe("formatAmount", () => {
  test("groups by thousands and keeps the exact value", () => {
    expect(formatAmount(10n ** 27n, 18, "ETH")).toEqual({
      text: "1,000,000,000 ETH",
      exact: "1000000000 ETH",
    });
    expect(formatAmount("999999999499976046562121000", 18, "ETH")).toEqual({
      text: "999,999,999.4999 ETH",
      exact: "999999999.499976046562121 ETH",
    });
  });

  test("cuts rather than rounds, so it never shows more than there is", () => {
    expect(formatDecimal("0.99999")).toBe("0.9999");
    expect(formatDecimal("1.99999")).toBe("1.9999");
  });

  test("keeps four significant digits below 1, and decimals beyond a double's precision", () => {
    expect(formatDecimal("0.000012345")).toBe("0.00001234");
    expect(formatDecimal("0.5")).toBe("0.5");
    expect(formatDecimal("123456789012345678901.25")).toBe("123,456,789,012,345,678,901.25");
    expect(formatAmount(1n, 18, "ETH").text).toBe("0.000000000000000001 ETH");
  });

  test("zero, whole numbers, negative amounts and token decimals", () => {
    expect(formatAmount(0n).text).toBe("0");
    expect(formatAmount("12500000", 6, "USDC")).toEqual({ text: "12.5 USDC", exact: "12.5 USDC" });
    expect(formatEther("-2.5", "ETH").text).toBe("-2.5 ETH");
  });

  test("anything that is not a number is shown as it came", () => {
    expect(formatAmount("n/a", 18, "ETH")).toEqual({ text: "n/a", exact: "n/a" });
    expect(formatDecimal("1e5x")).toBe("1e5x");
  });
});

test("formatInteger groups by thousands", () => {
  expect(formatInteger("30000000")).toBe("30,000,000");
  expect(formatInteger(120_000_000n)).toBe("120,000,000");
  expect(formatInteger(7)).toBe("7");
});

test("formatUsd shows dollars and cents, and small prices with four significant digits", () => {
  expect(formatUsd("2030.23999999")).toBe("$2,030.24");
  expect(formatUsd("2030.24")).toBe("$2,030.24");
  expect(formatUsd("65000")).toBe("$65,000.00");
  expect(formatUsd("0.99980000")).toBe("$0.9998");
  expect(formatUsd(1)).toBe("$1.00");
  expect(formatUsd("0.5")).toBe("$0.50");
  expect(formatUsd("0")).toBe("$0.00");
  expect(formatUsd("not a price")).toBe("not a price");
});

describe("formatTime", () => {
  test("names its time zone", () => {
    expect(formatTime("2026-11-22T08:00:00.000Z", "UTC")).toBe("2026-11-22 08:00:00 UTC");
    expect(formatTime("2026-11-22T08:00:00.000Z", "Europe/Berlin")).toBe("2026-11-22 09:00:00 GMT+1");
    expect(formatTime("2026-07-01T23:30:05.000Z", "America/New_York")).toBe("2026-07-01 19:30:05 EDT");
  });

  test("takes Unix seconds and dates", () => {
    expect(formatTime(1_795_334_400, "UTC")).toBe("2026-11-22 08:00:00 UTC");
    expect(formatTime(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), "UTC")).toBe("2026-01-02 03:04:05 UTC");
  });

  test("an unreadable time is shown as it came", () => {
    expect(formatTime("yesterday", "UTC")).toBe("yesterday");
  });
});
