import type { RouteDefinition } from "./defineRoute.js";
import { health } from "./health.js";
import { network } from "./network.js";

/** Every route of the admin API, in the order the OpenAPI document lists them. */
export const adminRoutes: readonly RouteDefinition[] = [health, network];
