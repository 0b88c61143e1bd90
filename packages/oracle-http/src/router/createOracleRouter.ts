import { createRequire } from "node:module";
import type { Platform } from "@privnet/core";
import express, { type NextFunction, type Request, type Response, Router } from "express";
import { OracleHttpError } from "../http/OracleHttpError.js";
import { toErrorResponse } from "../http/toErrorResponse.js";
import { buildOracleOpenApi } from "../openapi/buildOracleOpenApi.js";
import type { OracleRoute } from "../routes/defineOracleRoute.js";
import { oracleRoutes } from "../routes/index.js";
import { streamPrices } from "../stream/streamPrices.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export type OracleRouterOptions = {
  /** Largest accepted JSON body, in bytes or as "16kb". Default: "16kb". */
  bodyLimit?: number | string;
};

export type OracleRouter = Router & {
  /** Ends every open price stream (the server calls it on close). */
  endStreams(): void;
};

/**
 * The oracle API as an express Router: mount it under any prefix of your own app.
 *
 * @example
 * const app = express();
 * app.use("/oracle", createOracleRouter(platform));
 */
export function createOracleRouter(platform: Platform, options: OracleRouterOptions = {}): OracleRouter {
  const openApi = buildOracleOpenApi(oracleRoutes, version);
  const streams = new Set<() => void>();
  const router = Router({ strict: false }) as OracleRouter;
  // Every body is parsed as JSON whatever its content type claims; a body that is not JSON is a 400.
  router.use(express.json({ limit: options.bodyLimit ?? "16kb", strict: false, type: () => true }));

  router.get("/prices/stream", (request, response) => {
    const end = streamPrices(platform, request, response);
    streams.add(end);
    request.on("close", () => streams.delete(end));
  });
  for (const route of oracleRoutes) register(router, route, platform);
  router.get("/openapi.json", (_request, response) => {
    response.json(openApi);
  });

  const methodsByPath = new Map<string, string[]>([
    ["/prices/stream", ["get"]],
    ["/openapi.json", ["get"]],
  ]);
  for (const route of oracleRoutes)
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath) {
    const allow = methods.map((method) => method.toUpperCase()).join(", ");
    router.all(path, (request, _response, next) => {
      next(
        new OracleHttpError(
          405,
          "METHOD_NOT_ALLOWED",
          `${request.method} is not allowed here; use ${allow}.`,
          { Allow: allow },
        ),
      );
    });
  }
  router.use((request, _response, next) => {
    next(new OracleHttpError(404, "NOT_FOUND", `No route for ${request.method} ${request.path}.`));
  });
  router.use((error: unknown, _request: Request, response: Response, _next: NextFunction) => {
    const { status, body, headers } = toErrorResponse(error);
    response.status(status).set(headers).json(body);
  });
  router.endStreams = () => {
    for (const end of streams) end();
    streams.clear();
  };
  return router;
}

function register(router: Router, route: OracleRoute, platform: Platform): void {
  router[route.method](route.path, async (request, response) => {
    const params = route.params ? route.params.parse(request.params) : {};
    const body = route.body ? route.body.parse(request.body ?? {}) : undefined;
    const result = await route.handler({ platform, params, body, request });
    response.status(route.status ? route.status(result) : 200).json(result);
  });
}
