export { crash } from "./crash.js";
export { createRandom, type Random } from "./createRandom.js";
export { depeg } from "./depeg.js";
export { freeze } from "./freeze.js";
export { getOracleStatus, type OracleStatus } from "./getOracleStatus.js";
export { getPrice } from "./getPrice.js";
export { getPrices } from "./getPrices.js";
export { listTokens } from "./listTokens.js";
export * from "./models/index.js";
export { emptyOracleState, ORACLE_STATE_KEY, type OracleState } from "./OracleState.js";
export { type OracleActions, type OracleActionsContext, oracleActions } from "./oracleActions.js";
export { PricePushQueue, type PushRequest, type PushResult } from "./PricePushQueue.js";
export {
  type OraclePushReturnType,
  type OracleToken,
  PriceSimulator,
  type TokenState,
} from "./PriceSimulator.js";
export { PushLoop } from "./PushLoop.js";
export { parsePrice, priceFromNumber } from "./parsePrice.js";
export { parseSymbol } from "./parseSymbol.js";
export { pushPrices } from "./pushPrices.js";
export { type OnChainPrice, readPrices } from "./readPrices.js";
export {
  type OracleOptions,
  type OracleTokenOptions,
  type ResolvedOracleOptions,
  resolveOracleOptions,
} from "./resolveOracleOptions.js";
export { resume } from "./resume.js";
export { type SetPriceReturnType, setPrice } from "./setPrice.js";
export { symbolAddress } from "./symbolAddress.js";
export { unreachableAsTyped } from "./unreachableAsTyped.js";
