export { errorStatus, HttpError, type HttpErrorCode } from "@privnet/http";
export { buildAdminOpenApi } from "../openapi/index.js";
export { type AdminMount, type AdminRouterOptions, createAdminRouter } from "../router/createAdminRouter.js";
export { BOT_EVENTS_PATH, botEvents, botRoutes } from "../routes/bots/index.js";
export { CHAIN_EVENTS_PATH, chainEvents } from "../routes/faults/index.js";
export { adminRoutes } from "../routes/index.js";
export { adminErrors, errorBody } from "../schemas/errors.js";
export { type AdminServer, type AdminServerOptions, createAdminServer } from "../server/createAdminServer.js";
