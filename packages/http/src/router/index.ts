export { allowHosts, LOOPBACK_HOSTS } from "./allowHosts.js";
export { cors } from "./cors.js";
export {
  type ApiRouter,
  type ApiRouterOptions,
  createApiRouter,
  type ExtraRoute,
  type RouteAnswer,
  type RouteCall,
  type RouteHook,
} from "./createApiRouter.js";
export { MAX_JSON_NESTING } from "./readJsonBody.js";
export { refuseForeignOrigins } from "./refuseForeignOrigins.js";
