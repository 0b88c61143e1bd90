export { type ErrorBody, errorBody } from "../http/errorBody.js";
export { OracleHttpError } from "../http/OracleHttpError.js";
export { buildOracleOpenApi, type OracleOpenApiDocument } from "../openapi/buildOracleOpenApi.js";
export {
  createOracleRouter,
  type OracleRouter,
  type OracleRouterOptions,
} from "../router/createOracleRouter.js";
export type { OracleRoute } from "../routes/defineOracleRoute.js";
export { oracleRoutes } from "../routes/index.js";
export {
  createOracleServer,
  type OracleServer,
  type OracleServerOptions,
} from "../server/createOracleServer.js";
export { priceEventData } from "../stream/streamPrices.js";
