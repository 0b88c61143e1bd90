export {
  type ApiRouter,
  type ApiRouterOptions,
  createApiRouter,
  type ExtraRoute,
  type RouteAnswer,
  type RouteCall,
  type RouteHook,
} from "./createApiRouter.js";
