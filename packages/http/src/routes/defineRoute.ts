import type { Platform } from "@privnet/core";
import type { Request } from "express";
import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "delete";

/** What a route's handler gets: the platform, and the request's parts as its schemas parsed them. */
export type RouteContext<Params = unknown, Query = unknown, Body = unknown> = {
  platform: Platform;
  params: Params;
  query: Query;
  body: Body;
  request: Request;
};

/**
 * One operation of an API: its path, the zod schemas of what it takes and answers (they validate
 * requests, check answers and generate the OpenAPI document), the error statuses it documents,
 * and its handler.
 */
export type RouteDefinition<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** express syntax: `/wallets/:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** Groups operations in the OpenAPI document. */
  tag: string;
  /** Served without the bearer token even when one is configured. */
  public?: boolean;
  params?: Params;
  query?: Query;
  /**
   * The JSON body the route takes. `required: false`: no body and an empty one count as `{}`.
   * A route without `body` takes none: no body, an empty one and `{}` are all fine, any field is
   * a 400 naming it.
   */
  body?: { schema: Body; required: boolean };
  /**
   * The answer's schema. Every answer is checked against it before it is sent (an answer that does
   * not fit is a 500: our bug), and it strips keys it does not list.
   */
  response: Response;
  /**
   * The success status: fixed (default 200), or picked from the (checked) answer among the listed
   * ones, each of which carries `response` (e.g. a health check's 503 with the same body).
   */
  successStatus?: number | { statuses: Record<number, string>; pick(answer: z.output<Response>): number };
  /** Error statuses this route can answer, with when. Rendered into the OpenAPI document. */
  errors: Record<number, string>;
  handler(
    context: RouteContext<z.output<Params>, z.output<Query>, z.output<Body>>,
  ): Promise<z.input<Response>>;
};

/**
 * Declares a route with its types inferred from its schemas.
 *
 * @example
 * export const health = defineRoute({
 *   method: "get", path: "/health", operationId: "getHealth", summary: "Liveness", tag: "system",
 *   response: z.object({ status: z.literal("ok") }), errors: {},
 *   handler: async () => ({ status: "ok" as const }),
 * });
 */
export function defineRoute<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
>(route: RouteDefinition<Params, Query, Body, Response>): RouteDefinition {
  return route as unknown as RouteDefinition;
}
