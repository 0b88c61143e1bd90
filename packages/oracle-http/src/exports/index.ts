export { errorStatus, HttpError, type HttpErrorCode } from "@privnet/http";
export { buildOracleOpenApi } from "../openapi/index.js";
export {
  createOracleRouter,
  type OracleRouter,
  type OracleRouterOptions,
} from "../router/createOracleRouter.js";
export { oracleRoutes, priceEventData, priceStream } from "../routes/index.js";
export { type ErrorBody, errorBody, oracleErrors } from "../schemas/errors.js";
export {
  createOracleServer,
  type OracleServer,
  type OracleServerOptions,
} from "../server/createOracleServer.js";
