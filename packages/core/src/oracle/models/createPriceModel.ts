import { InvalidOptionsError } from "../../errors/platform.js";
import { fixedModel } from "./fixedModel.js";
import { gbmModel } from "./gbmModel.js";
import type { PriceModel, PriceModelConfig } from "./PriceModel.js";
import { seedModel } from "./seedModel.js";

/**
 * The model a configuration describes. Fails with `INVALID_OPTIONS` on a negative or non-finite
 * parameter, or a variation of 100% or more (a price could reach zero).
 *
 * @example
 * const model = createPriceModel({ type: "gbm", volatility: 0.6 });
 */
export function createPriceModel(config: PriceModelConfig, label = "model"): PriceModel {
  const check = (name: string, value: number | undefined, max = Number.POSITIVE_INFINITY) => {
    if (value === undefined) return;
    if (!Number.isFinite(value) || value < 0 || value >= max) {
      throw new InvalidOptionsError(
        `${label}.${name} must be a number from 0${max < 10 ? ` below ${max}` : ""}, got ${value}.`,
      );
    }
  };
  switch (config.type) {
    case "seed":
      check("variation", config.variation, 1);
      return seedModel(config.variation);
    case "gbm":
      check("volatility", config.volatility);
      check("meanReversion", config.meanReversion);
      if (config.drift !== undefined && !Number.isFinite(config.drift)) {
        throw new InvalidOptionsError(`${label}.drift must be a finite number, got ${config.drift}.`);
      }
      return gbmModel(config);
    case "fixed":
      return fixedModel();
    default:
      throw new InvalidOptionsError(
        `${label}.type must be "seed", "gbm" or "fixed", got ${JSON.stringify((config as { type: unknown }).type)}.`,
      );
  }
}
