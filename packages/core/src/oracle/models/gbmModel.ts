import type { PriceModel } from "./PriceModel.js";

const SECONDS_PER_YEAR = 365 * 24 * 3600;

/**
 * Geometric Brownian motion in log space, with optional mean reversion to the base price
 * (an Ornstein–Uhlenbeck process on the log price). With x = ln(price), dt in years and Z ~ N(0, 1):
 *
 * x' = x + θ·(ln(base) − x)·dt + (μ − σ²/2)·dt + σ·√dt·Z
 *
 * Without reversion (θ = 0) this is exact GBM: price' = price·exp((μ − σ²/2)dt + σ√dt·Z).
 *
 * @example
 * gbmModel({ volatility: 0.8, meanReversion: 2 }).next({ current: 2000, base: 2000, dtSeconds: 60, random });
 */
export function gbmModel(options: {
  volatility: number;
  drift?: number;
  meanReversion?: number;
}): PriceModel {
  const sigma = options.volatility;
  const mu = options.drift ?? 0;
  const theta = options.meanReversion ?? 0;
  return {
    type: "gbm",
    next: ({ current, base, dtSeconds, random }) => {
      const dt = dtSeconds / SECONDS_PER_YEAR;
      const x = Math.log(current);
      const reversion = theta * (Math.log(base) - x) * dt;
      const next = x + reversion + (mu - (sigma * sigma) / 2) * dt + sigma * Math.sqrt(dt) * random.normal();
      return Math.exp(next);
    },
  };
}
