export { createPriceModel } from "./createPriceModel.js";
export { fixedModel } from "./fixedModel.js";
export { gbmModel } from "./gbmModel.js";
export type { PriceModel, PriceModelConfig, PriceModelStep } from "./PriceModel.js";
export { seedModel } from "./seedModel.js";
