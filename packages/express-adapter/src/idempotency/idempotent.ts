import type { RouteDefinition } from "@privnet/http";

const idempotentRoutes = new WeakSet<RouteDefinition>();

/**
 * Marks a route as honouring the `Idempotency-Key` header (see {@link idempotencyHook}): a retry
 * with the same key and body gets the first answer and runs nothing. Its sends are also counted in
 * `privnet_sends_total`.
 *
 * @example
 * export const send = idempotent(defineRoute({ method: "post", path: "/send", … }));
 */
export function idempotent(route: RouteDefinition): RouteDefinition {
  idempotentRoutes.add(route);
  return route;
}

/** Whether {@link idempotent} marked `route`. */
export function isIdempotent(route: RouteDefinition): boolean {
  return idempotentRoutes.has(route);
}
