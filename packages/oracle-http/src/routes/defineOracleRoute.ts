import type { Platform } from "@privnet/core";
import type { Request } from "express";
import type { z } from "zod";

export type OracleRouteContext<Params, Body> = {
  platform: Platform;
  params: Params;
  body: Body;
  request: Request;
};

/**
 * One oracle API operation: path, the zod schemas of what it takes and answers (they validate the
 * request and generate /openapi.json, so the document cannot drift), its documented errors and
 * its handler. The same shape as the admin API's routes.
 */
export type OracleRoute<
  Params extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
> = {
  method: "get" | "post";
  /** express syntax: `/price/:symbol`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  params?: Params;
  body?: Body;
  response: Response;
  /** Error statuses this route can answer, with when. */
  errors: Record<number, string>;
  /** The success answer's status, from the result. Default 200. */
  status?(result: z.input<Response>): number;
  handler(context: OracleRouteContext<z.output<Params>, z.output<Body>>): Promise<z.input<Response>>;
};

/** Declares a route with its types inferred from its schemas. */
export function defineOracleRoute<
  Params extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
>(route: OracleRoute<Params, Body, Response>): OracleRoute {
  return route as unknown as OracleRoute;
}
