export { defineEventStream, type EventStreamDefinition } from "./defineEventStream.js";
export { defineRoute, type HttpMethod, type RouteContext, type RouteDefinition } from "./defineRoute.js";
