import { describe, expect, test } from "vitest";
import { createRandom } from "../createRandom.js";
import { createPriceModel } from "./createPriceModel.js";
import type { PriceModelConfig } from "./PriceModel.js";

function path(config: PriceModelConfig, seed: number, steps = 50, base = 2000) {
  const model = createPriceModel(config);
  const random = createRandom(seed, "ETH");
  let current = base;
  return Array.from({ length: steps }, () => {
    current = model.next({ current, base, dtSeconds: 60, random });
    return current;
  });
}

describe("price models", () => {
  test("the same seed gives the same path; another seed another", () => {
    for (const config of [
      { type: "seed", variation: 0.02 },
      { type: "gbm", volatility: 0.8, meanReversion: 2 },
    ] as PriceModelConfig[]) {
      expect(path(config, 42)).toEqual(path(config, 42));
      expect(path(config, 42)).not.toEqual(path(config, 43));
    }
    expect(createRandom(7, "ETH").uniform()).not.toBe(createRandom(7, "DAI").uniform());
  });

  test("seed: uniform within ±variation of the base, no drift", () => {
    const prices = path({ type: "seed", variation: 0.02 }, 1, 2000);
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(1960);
    expect(Math.max(...prices)).toBeLessThanOrEqual(2040);
    // Draws spread over the band rather than sitting at the base.
    expect(Math.max(...prices) - Math.min(...prices)).toBeGreaterThan(40);
    const mean = prices.reduce((sum, price) => sum + price, 0) / prices.length;
    expect(Math.abs(mean - 2000)).toBeLessThan(20);
  });

  test("gbm: log returns have the volatility asked for; mean reversion pulls back to the base", () => {
    const year = 365 * 24 * 3600;
    const model = createPriceModel({ type: "gbm", volatility: 0.5 });
    const random = createRandom(3, "ETH");
    const returns: number[] = [];
    let current = 100;
    for (let i = 0; i < 4000; i++) {
      const next = model.next({ current, base: 100, dtSeconds: 3600, random });
      returns.push(Math.log(next / current));
      current = next;
    }
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const variance = returns.reduce((a, b) => a + (b - mean) ** 2, 0) / (returns.length - 1);
    const annualised = Math.sqrt(variance / (3600 / year));
    expect(annualised).toBeGreaterThan(0.45);
    expect(annualised).toBeLessThan(0.55);

    const reverting = createPriceModel({ type: "gbm", volatility: 0, meanReversion: 50 });
    const pulled = reverting.next({ current: 200, base: 100, dtSeconds: year / 100, random });
    expect(pulled).toBeLessThan(200);
    expect(pulled).toBeGreaterThan(100);
  });

  test("fixed: always the base", () => {
    expect(new Set(path({ type: "fixed" }, 1, 10, 1))).toEqual(new Set([1]));
  });

  test("bad parameters are INVALID_OPTIONS", () => {
    for (const config of [
      { type: "seed", variation: 1 },
      { type: "seed", variation: -0.1 },
      { type: "gbm", volatility: Number.NaN },
      { type: "gbm", volatility: 0.5, meanReversion: -1 },
      { type: "walk" },
    ]) {
      expect(() => createPriceModel(config as PriceModelConfig)).toThrow(
        expect.objectContaining({ code: "INVALID_OPTIONS" }),
      );
    }
  });
});
