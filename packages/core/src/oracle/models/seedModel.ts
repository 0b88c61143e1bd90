import type { PriceModel } from "./PriceModel.js";

/**
 * The seed's model: each update is drawn uniformly within ±`variation` of the base price,
 * independently of the last one (no drift): price = base × (1 + variation × (2u − 1)).
 *
 * @example
 * seedModel(0.02).next({ current: 2000, base: 2000, dtSeconds: 60, random }); // 1960 … 2040
 */
export function seedModel(variation: number): PriceModel {
  return {
    type: "seed",
    next: ({ base, random }) => base * (1 + variation * (2 * random.uniform() - 1)),
  };
}
