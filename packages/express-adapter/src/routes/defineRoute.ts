import type { Platform } from "@privnet/core";
import type { Request } from "express";
import type { z } from "zod";

export type HttpMethod = "get" | "post" | "delete";

export type RouteContext<Params, Query, Body> = {
  platform: Platform;
  params: Params;
  query: Query;
  body: Body;
  request: Request;
};

/**
 * One admin API operation: its path, the zod schemas of what it takes and returns (they validate
 * requests and generate the OpenAPI document), the error statuses it documents, and its handler.
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
  tag: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /** Default 200. */
  successStatus?: number;
  /** A missing or empty body counts as `{}`. Default: a body is required. */
  optionalBody?: boolean;
  /**
   * Honours the `Idempotency-Key` header: a retry with the same key and body gets the first answer
   * and runs nothing. Also counts the route in `privnet_sends_total`.
   */
  idempotent?: boolean;
  /** Error statuses this route can answer, with when. Rendered into the OpenAPI document. */
  errors: Record<number, string>;
  /** Served without the bearer token even when one is configured. */
  public?: boolean;
  handler(
    context: RouteContext<z.output<Params>, z.output<Query>, z.output<Body>>,
  ): Promise<z.input<Response>>;
};

/** Declares a route with its types inferred from its schemas. */
export function defineRoute<
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
>(route: RouteDefinition<Params, Query, Body, Response>): RouteDefinition {
  return route as unknown as RouteDefinition;
}
