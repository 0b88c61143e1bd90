import type { Platform } from "@privnet/core";
import { type NextFunction, type Request, type RequestHandler, type Response, Router } from "express";
import { z } from "zod";
import { HttpError } from "../errors/HttpError.js";
import { InvalidInputError } from "../errors/InvalidInputError.js";
import { toErrorResponse } from "../errors/toErrorResponse.js";
import {
  noteRoute,
  noteServerError,
  observeRequests,
  type RequestLogger,
  type RequestObservation,
} from "../observe/observeRequests.js";
import { type ApiDescription, buildApiDocument } from "../openapi/buildApiDocument.js";
import type { RouteDefinition } from "../routes/defineRoute.js";
import { type EventStream, openEventStream } from "../streams/openEventStream.js";
import { allowHosts } from "./allowHosts.js";
import { bearerAuth } from "./bearerAuth.js";
import { cors } from "./cors.js";
import { readJsonBody } from "./readJsonBody.js";
import { refuseForeignOrigins } from "./refuseForeignOrigins.js";

/** One call of a route, as a {@link RouteHook} sees it: the body is the parsed, checked one. */
export type RouteCall = { route: RouteDefinition; request: Request; body: unknown };

/**
 * A route's answer. `error`, when set, is what went wrong behind a 5xx answer the hook made
 * itself (it is logged).
 */
export type RouteAnswer = {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  error?: unknown;
};

/**
 * Runs around every route's handler once its input is valid, e.g. to replay answers by
 * `Idempotency-Key`. `next()` runs the handler and checks its answer; it throws what the handler
 * threw.
 */
export type RouteHook = (call: RouteCall, next: () => Promise<RouteAnswer>) => Promise<RouteAnswer>;

/**
 * A plain express handler served beside the routes, before the JSON 405s and 404s: a page or the
 * metrics (`get`), or everything under a path (`use`: another router, a built app — see
 * `serveStaticApp`). Its requests are logged and counted under `path`, not under each URL below
 * it. A router built with {@link createApiRouter} mounted here leaves the request id, the log line
 * and the count to this one (its own token, if it has one, still applies).
 *
 * @example
 * { method: "use", path: "/panel", handler: serveStaticApp(panelDir), public: true }
 */
export type ExtraRoute = {
  method: "get" | "use";
  path: string;
  handler: RequestHandler;
  /** Served without the token: for `use`, everything under `path`. Default: behind it. */
  public?: boolean;
};

export type ApiRouterOptions<ErrorBody> = ApiDescription<ErrorBody> & {
  platform: Platform;
  /** Largest accepted body, in bytes or as "100kb". */
  bodyLimit: number | string;
  /** When set, every route and stream but the public ones needs `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /**
   * Host names the server answers to besides localhost, 127.0.0.1, [::1] and the address the
   * connection arrived at; `"*"` for any. Any other `Host` is a 403 (DNS rebinding).
   */
  allowedHosts?: readonly string[] | undefined;
  /**
   * Origins whose web pages may call the API: they get CORS headers, and their state-changing
   * requests pass. `"*"` for any. Other origins' POSTs and DELETEs are a 403; same-origin pages
   * (one the server serves itself) always pass.
   */
  corsOrigins?: readonly string[] | undefined;
  /** Middleware run after the Host and origin checks, before auth and body reading. */
  before?: readonly RequestHandler[];
  /** Handlers served after the routes, before the JSON 405s and 404s. */
  extraRoutes?: readonly ExtraRoute[];
  hook?: RouteHook | undefined;
  /**
   * One line per request, and the error behind every 5xx. Mounted inside another router built on
   * this toolkit, that one logs and counts the request instead (once), so these are not called.
   */
  logger?: RequestLogger | undefined;
  onRequest?: ((observation: RequestObservation) => void) | undefined;
};

export type ApiRouter = Router & {
  /** Ends every event stream this router opened (a server built with `startServer` does it on close). */
  endStreams(): void;
};

// A route that takes no body accepts none, an empty one or `{}`; a field is a 400 naming it.
const noBody = z.strictObject({});

/**
 * An API as an express Router: observation, auth, JSON bodies, the routes with their input
 * validated and their answers checked, event streams, `/openapi.json`, then JSON 405s (with
 * `Allow`) for known paths, JSON 404s for the rest, and every error in the server's envelope.
 *
 * @example
 * const router = createApiRouter({
 *   platform, routes, errors: adminErrors, bodyLimit: "100kb",
 *   openApi: { title: "privnet admin API", description: "…", version },
 * });
 * app.use("/admin", router);
 */
export function createApiRouter<ErrorBody>(options: ApiRouterOptions<ErrorBody>): ApiRouter {
  const { platform, routes, streams = [], errors, token, extraRoutes = [] } = options;
  const document = buildApiDocument(options, { bearerAuth: token !== undefined });
  const router = Router({ strict: false }) as ApiRouter;
  router.use(observeRequests({ logger: options.logger, onRequest: options.onRequest }));
  router.use(
    guardOnce([
      allowHosts(options.allowedHosts),
      ...(options.corsOrigins?.length ? [cors(options.corsOrigins)] : []),
      refuseForeignOrigins(options.corsOrigins),
    ]),
  );
  for (const middleware of options.before ?? []) router.use(middleware);
  if (token !== undefined) {
    const publicRoutes = new Set(
      [...routes, ...streams.map((stream) => ({ ...stream, method: "get" })), ...extraRoutes]
        .filter((route) => route.public && route.method !== "use")
        .map((route) => `${route.method.toUpperCase()} ${route.path}`),
    );
    const publicPrefixes = extraRoutes
      .filter((extra) => extra.public && extra.method === "use")
      .map((extra) => extra.path.replace(/\/$/, ""));
    router.use(
      bearerAuth(
        token,
        (path, method) =>
          publicRoutes.has(`${method} ${path}`) ||
          publicPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
      ),
    );
  }
  router.use(readJsonBody(options.bodyLimit));

  const open = new Set<EventStream>();
  for (const stream of streams) {
    router.get(stream.path, (request, response) => {
      noteRoute(response, stream.path);
      const query = parseInput(stream.query, request.query);
      readBody({}, request.body);
      const events = openEventStream(response);
      open.add(events);
      events.onEnd(() => open.delete(events));
      try {
        const cleanup = stream.open({ platform, query, stream: events, request });
        events.onEnd(cleanup);
      } catch (error) {
        // The headers are out: the stream ends, and the error is logged as the request's.
        noteServerError(response, error);
        events.end();
      }
    });
  }
  for (const route of routes) register(router, route, platform, options.hook);
  router.get("/openapi.json", (_request, response) => {
    noteRoute(response, "/openapi.json");
    response.json(document);
  });
  for (const extra of extraRoutes) {
    router[extra.method](
      extra.path,
      (_request, response, next) => {
        // Counted under its path: a mount's deep links and assets are one route, not one each.
        noteRoute(response, extra.path);
        next();
      },
      extra.handler,
    );
  }

  // A known path with another method is a 405 that names the allowed ones; anything else is a 404.
  const methodsByPath = new Map<string, string[]>([["/openapi.json", ["GET"]]]);
  const known = [
    ...routes,
    ...streams.map((stream) => ({ path: stream.path, method: "get" })),
    ...extraRoutes.filter((extra) => extra.method === "get"),
  ];
  for (const { path, method } of known) {
    methodsByPath.set(path, [...(methodsByPath.get(path) ?? []), method.toUpperCase()]);
  }
  for (const [path, methods] of methodsByPath) {
    const allow = methods.join(", ");
    router.all(path, (request, response, next) => {
      noteRoute(response, path);
      next(
        new HttpError("METHOD_NOT_ALLOWED", `${request.method} is not allowed here; use ${allow}.`, {
          Allow: allow,
        }),
      );
    });
  }
  router.use((request, _response, next) => {
    next(new HttpError("NOT_FOUND", `No route for ${request.method} ${request.path}.`));
  });
  router.use((error: unknown, _request: Request, response: Response, next: NextFunction) => {
    // Past the headers (an event stream that failed) there is no answer left to give.
    if (response.headersSent) return next(error);
    const { status, body, headers } = toErrorResponse(error, errors);
    if (status >= 500) noteServerError(response, error);
    response.status(status).set(headers).json(body);
  });
  router.endStreams = () => {
    for (const stream of open) stream.end();
  };
  return router;
}

const guarded = Symbol.for("privnet.http.guarded");

/**
 * The browser protections, run by the outermost router only: a router mounted inside another one
 * built on this toolkit is reached through the outer one's Host and origin checks (and lists).
 */
function guardOnce(guards: readonly RequestHandler[]): RequestHandler {
  return (request, response, next) => {
    const marked = request as typeof request & { [guarded]?: true };
    if (marked[guarded]) return next();
    marked[guarded] = true;
    const run = (index: number, error?: unknown): void => {
      const guard = guards[index];
      if (error !== undefined || !guard) {
        next(error);
        return;
      }
      guard(request, response, (failure?: unknown) => run(index + 1, failure));
    };
    run(0);
  };
}

function register(
  router: Router,
  route: RouteDefinition,
  platform: Platform,
  hook: RouteHook | undefined,
): void {
  router[route.method](route.path, async (request, response) => {
    noteRoute(response, route.path);
    const params = parseInput(route.params, request.params);
    const query = parseInput(route.query, request.query);
    const body = readBody(route, request.body);
    const next = async (): Promise<RouteAnswer> => {
      const answer = await route.handler({ platform, params, query, body, request });
      // The schema strips every key it does not list: a private key is only ever in an answer
      // whose schema names it. An answer that does not fit is our bug, a 500, never a 400.
      const checked = route.response.safeParse(answer);
      if (!checked.success) {
        throw new Error(
          `The answer of ${route.method.toUpperCase()} ${route.path} does not match its schema.`,
          {
            cause: checked.error,
          },
        );
      }
      const status =
        typeof route.successStatus === "object"
          ? route.successStatus.pick(checked.data)
          : (route.successStatus ?? 200);
      return { status, body: checked.data };
    };
    const answer = hook ? await hook({ route, request, body }, next) : await next();
    if (answer.error !== undefined && answer.status >= 500) noteServerError(response, answer.error);
    response
      .status(answer.status)
      .set(answer.headers ?? {})
      .json(answer.body);
  });
}

/** The route's body, parsed by its schema: absent counts as `{}` where the route allows it. */
function readBody(route: Pick<RouteDefinition, "body">, body: unknown): unknown {
  // `undefined` is no body or an empty one (see readJsonBody); JSON `null` is a body, and not an object.
  const given = body === undefined ? {} : body;
  if (!route.body) return parseInput(noBody, given);
  if (body === undefined && route.body.required) {
    throw new HttpError("VALIDATION_FAILED", "This route needs a JSON body.");
  }
  return parseInput(route.body.schema, given);
}

function parseInput<Schema extends z.ZodType>(schema: Schema | undefined, input: unknown): z.output<Schema> {
  if (!schema) return {} as z.output<Schema>;
  // reportInput: messages can tell "missing" from "wrong type" (the input is never shown).
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new InvalidInputError(parsed.error);
  return parsed.data;
}
