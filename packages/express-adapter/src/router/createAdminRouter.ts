import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import type { Platform } from "@privnet/core";
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  Router,
} from "express";
import { type Logger, pino } from "pino";
// Only the path helper: the package's entry also parses its 1.5 MB browser bundle (~180 ms at start).
import getAbsoluteFSPath from "swagger-ui-dist/absolute-path.js";
import { bearerAuth } from "../http/bearerAuth.js";
import { cors } from "../http/cors.js";
import { docsInitScript, docsPage } from "../http/docsPage.js";
import { HttpError } from "../http/HttpError.js";
import { serveStaticApp } from "../http/serveStaticApp.js";
import { toErrorResponse } from "../http/toErrorResponse.js";
import {
  createIdempotencyStore,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyStore,
  parseIdempotencyKey,
} from "../idempotency/IdempotencyStore.js";
import { type AdminMetrics, createAdminMetrics } from "../metrics/createAdminMetrics.js";
import { buildOpenApiDocument } from "../openapi/buildOpenApiDocument.js";
import { BOT_EVENTS_PATH, streamBotEvents } from "../routes/bots/index.js";
import type { RouteDefinition } from "../routes/defineRoute.js";
import { adminRoutes } from "../routes/index.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export type AdminRouterOptions = {
  /**
   * Bearer token. When set, every route except `/health` needs `Authorization: Bearer <token>`.
   * Default: `process.env.PRIVNET_ADMIN_TOKEN`, else none.
   */
  token?: string;
  /** Origins allowed to call the API from a browser ("*" for any). Default: none (no CORS). */
  corsOrigins?: readonly string[];
  /** Largest accepted JSON body, in bytes or as "100kb". Default: "100kb". */
  bodyLimit?: number | string;
  /** A pino logger for request logs, or false for none. Default: a pino logger at "info". */
  logger?: Logger | false;
  /**
   * More to serve beside the API, each under its own path, before the API's 404: another router
   * (behind the same token unless `public`), or a built single-page app's folder (public, with
   * `index.html` for deep links). `privnet up` mounts the oracle API at `/oracle` and the admin
   * panel at `/panel`.
   */
  mounts?: readonly AdminMount[];
};

/**
 * One thing {@link AdminRouterOptions.mounts} serves beside the API.
 *
 * @example
 * { path: "/oracle", router: createOracleRouter(platform) }
 * { path: "/panel", app: panelDir }
 */
export type AdminMount =
  | { path: `/${string}`; router: RequestHandler; public?: boolean }
  | { path: `/${string}`; app: string };

/**
 * The admin API as an express Router: mount it under any prefix of your own app.
 *
 * @example
 * const app = express();
 * app.use("/admin", createAdminRouter(platform, { token: "s3cret" }));
 * app.listen(3000, "127.0.0.1");
 */
export function createAdminRouter(platform: Platform, options: AdminRouterOptions = {}): Router {
  const token = options.token ?? (process.env.PRIVNET_ADMIN_TOKEN || undefined);
  const logger = options.logger === false ? undefined : (options.logger ?? pino({ name: "privnet-admin" }));
  const routes = adminRoutes;
  const metrics = createAdminMetrics(platform);
  const openApi = buildOpenApiDocument(routes, { version });

  const router = Router({ strict: false });
  router.use(observe(logger, metrics));
  if (options.corsOrigins?.length) router.use(cors(options.corsOrigins));
  const mounts = options.mounts ?? [];
  if (token) {
    const publicRoutes = new Set(
      routes.filter((route) => route.public).map((route) => `${route.method} ${route.path}`),
    );
    // An app's page must load without the token: it is what asks for it.
    const publicMounts = mounts
      .filter((mount) => "app" in mount || mount.public)
      .map((mount) => mount.path.replace(/\/$/, ""));
    router.use(
      bearerAuth(
        token,
        (path, method) =>
          publicRoutes.has(`${method.toLowerCase()} ${path}`) ||
          publicMounts.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
      ),
    );
  }
  // Every body is parsed as JSON, whatever its content type claims: a client that forgets the
  // header still gets its JSON read, and a body that is not JSON is a clear 400.
  router.use(express.json({ limit: options.bodyLimit ?? "100kb", strict: false, type: () => true }));

  const idempotency = createIdempotencyStore(platform.storage);
  // The bots' event stream answers server-sent events, not one JSON body: registered apart.
  router.get(BOT_EVENTS_PATH, streamBotEvents(platform));
  for (const route of routes) register(router, route, { platform, idempotency, metrics });
  router.get("/openapi.json", (_request, response) => {
    response.json(openApi);
  });
  router.get("/docs", (_request, response) => {
    response.type("html").send(docsPage);
  });
  router.get("/docs/init.js", (_request, response) => {
    response.type("application/javascript").send(docsInitScript);
  });
  router.use("/docs/assets", express.static(getAbsoluteFSPath(), { index: false, fallthrough: false }));
  router.get("/metrics", async (_request, response) => {
    response.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  for (const mount of mounts) {
    router.use(
      mount.path,
      (request, _response, next) => {
        // Metrics count a mount under its path, not under each of its URLs (deep links, assets).
        (request as ObservedRequest).routePath = mount.path;
        next();
      },
      "app" in mount ? serveStaticApp(mount.app) : mount.router,
    );
  }

  // A known path with another method is a 405 that names the allowed ones; anything else is a 404.
  const methodsByPath = new Map<string, string[]>();
  for (const route of routes)
    methodsByPath.set(route.path, [...(methodsByPath.get(route.path) ?? []), route.method]);
  for (const [path, methods] of methodsByPath) {
    const allow = methods.map((method) => method.toUpperCase()).join(", ");
    router.all(path, (request, _response, next) => {
      next(
        new HttpError(405, "METHOD_NOT_ALLOWED", `${request.method} is not allowed here; use ${allow}.`, {
          Allow: allow,
        }),
      );
    });
  }
  router.use((request, _response, next) => {
    next(new HttpError(404, "NOT_FOUND", `No route for ${request.method} ${request.path}.`));
  });
  router.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) {
      (request as ObservedRequest).privnetError = error;
    }
    response.status(status).set(headers).json(body);
  });
  return router;
}

type RouteServices = {
  platform: Platform;
  idempotency: IdempotencyStore;
  metrics: AdminMetrics;
};

function register(router: Router, route: RouteDefinition, services: RouteServices): void {
  router[route.method](route.path, async (request, response) => {
    (request as ObservedRequest).routePath = route.path;
    // reportInput: messages can tell "missing" from "wrong type" (the input is never shown).
    const params = route.params ? route.params.parse(request.params, { reportInput: true }) : {};
    const query = route.query ? route.query.parse(request.query, { reportInput: true }) : {};
    const body = route.body ? route.body.parse(readBody(request, route), { reportInput: true }) : undefined;
    const run = async () => {
      const result = await route.handler({ platform: services.platform, params, query, body, request });
      // The schema strips every key it does not list: a private key is only ever in an answer
      // whose schema names it. An answer that does not fit is our bug, a 500, never a 400.
      const checked = route.response.safeParse(result);
      if (!checked.success) {
        throw new Error(
          `The answer of ${route.method.toUpperCase()} ${route.path} does not match its schema.`,
          {
            cause: checked.error,
          },
        );
      }
      return checked.data;
    };
    if (!route.idempotent) {
      response.status(route.successStatus ?? 200).json(await run());
      return;
    }

    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    const execute = async () => {
      try {
        const answer = { status: route.successStatus ?? 200, body: await run() };
        services.metrics.sends.inc({ route: route.path, outcome: "ok" });
        return answer;
      } catch (error) {
        const { status, body: errorBody } = toErrorResponse(error);
        services.metrics.sends.inc({ route: route.path, outcome: errorBody.code });
        if (status >= 500) (request as ObservedRequest).privnetError = error;
        return { status, body: errorBody };
      }
    };
    const { answer, replayed } = key
      ? await services.idempotency.run(key, { route: route.path, body }, execute)
      : { answer: await execute(), replayed: false };
    if (replayed) response.setHeader(IDEMPOTENT_REPLAYED_HEADER, "true");
    response.status(answer.status).json(answer.body);
  });
}

/** The parsed JSON body; an absent or empty one is `{}` where the route allows it. */
function readBody(request: Request, route: RouteDefinition): unknown {
  // express leaves `body` undefined when the request had none (body-parser sets it when it parsed one).
  if (request.body === undefined) {
    if (route.optionalBody) return {};
    throw new HttpError(400, "VALIDATION_FAILED", "This route needs a JSON body.");
  }
  return request.body;
}

type ObservedRequest = Request & { routePath?: string; privnetError?: unknown };

/** Request id, one structured log line per request (never bodies, never headers), metrics. */
function observe(logger: Logger | undefined, metrics: ReturnType<typeof createAdminMetrics>) {
  return (request: Request, response: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const id = randomUUID();
    response.setHeader("X-Request-Id", id);
    response.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const observed = request as ObservedRequest;
      const route = observed.routePath ?? (response.statusCode === 404 ? "unmatched" : request.path);
      metrics.requests.inc({ method: request.method, route, status: String(response.statusCode) });
      metrics.duration.observe({ method: request.method, route }, seconds);
      if (!logger) return;
      const entry = {
        id,
        method: request.method,
        path: request.path,
        status: response.statusCode,
        ms: Math.round(seconds * 1e5) / 100,
      };
      if (observed.privnetError !== undefined) {
        logger.error({ ...entry, err: observed.privnetError }, "request failed");
      } else {
        logger.info(entry, "request");
      }
    });
    next();
  };
}
