import type { Random } from "../createRandom.js";

/** What a model sees when it draws a token's next price. */
export type PriceModelStep = {
  /** The price the model last produced (USD). */
  current: number;
  /** The token's base price (USD): what `seed` varies around and `gbm` may revert to. */
  base: number;
  /** Seconds since the previous draw. */
  dtSeconds: number;
  random: Random;
};

/** Draws a token's next price. Pure given its random source: the same seed gives the same path. */
export type PriceModel = {
  readonly type: string;
  next(step: PriceModelStep): number;
};

/** How a token's price moves, as configuration (JSON, so it can be stored and sent over HTTP). */
export type PriceModelConfig =
  | {
      /** Uniform within ±variation of the base price on every update, no drift. The default. */
      type: "seed";
      /** Fraction, e.g. 0.02 for ±2%. */
      variation: number;
    }
  | {
      /** Geometric Brownian motion in log space. */
      type: "gbm";
      /** Annualised volatility σ, e.g. 0.8 for 80% a year. */
      volatility: number;
      /** Annualised drift μ. Default 0. */
      drift?: number;
      /** Speed θ (per year) at which the log price reverts to the log base. Default 0 (none). */
      meanReversion?: number;
    }
  | {
      /** Always the base price. */
      type: "fixed";
    };
