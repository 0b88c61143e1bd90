import { parseEther } from "viem";
import { expect, test } from "vitest";
import { randomAmount } from "./randomAmount.js";

test("a fixed amount without a range; within the range (inclusive) with one", () => {
  expect(randomAmount("0.01", null, 18)).toBe(parseEther("0.01"));
  const range = { min: "0.001", max: "0.003" };
  for (let i = 0; i < 200; i++) {
    const value = randomAmount("1", range, 18);
    expect(value).toBeGreaterThanOrEqual(parseEther("0.001"));
    expect(value).toBeLessThanOrEqual(parseEther("0.003"));
  }
  expect(randomAmount("1", { min: "2", max: "2" }, 18)).toBe(parseEther("2"));
});
