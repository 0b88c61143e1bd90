import type { PriceModel } from "./PriceModel.js";

/**
 * The base price, always.
 *
 * @example
 * fixedModel().next({ current: 1, base: 1, dtSeconds: 60, random }); // 1
 */
export function fixedModel(): PriceModel {
  return { type: "fixed", next: ({ base }) => base };
}
