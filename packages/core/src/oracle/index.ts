export { createRandom, type Random } from "./createRandom.js";
export * from "./models/index.js";
export { emptyOracleState, ORACLE_STATE_KEY, type OracleState } from "./OracleState.js";
export { PricePushQueue, type PushRequest, type PushResult } from "./PricePushQueue.js";
export {
  type OracleOptions,
  type OraclePushReturnType,
  type OracleStatus,
  type OracleToken,
  type OracleTokenOptions,
  PriceSimulator,
  type SetPriceReturnType,
} from "./PriceSimulator.js";
export type { OracleEvent, PriceUpdate, PushReason } from "./PriceUpdate.js";
export { parsePrice, priceFromNumber } from "./parsePrice.js";
export { parseSymbol } from "./parseSymbol.js";
export { type OnChainPrice, readPrices } from "./readPrices.js";
export { symbolAddress } from "./symbolAddress.js";
