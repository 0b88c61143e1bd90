export { errorStatus } from "../http/errorStatus.js";
export { HttpError, type HttpErrorCode } from "../http/HttpError.js";
export { buildOpenApiDocument, type OpenApiDocument } from "../openapi/buildOpenApiDocument.js";
export { type AdminMount, type AdminRouterOptions, createAdminRouter } from "../router/createAdminRouter.js";
export { BOT_EVENTS_PATH, botRoutes, streamBotEvents } from "../routes/bots/index.js";
export { adminRoutes } from "../routes/index.js";
export { type AdminServer, type AdminServerOptions, createAdminServer } from "../server/createAdminServer.js";
