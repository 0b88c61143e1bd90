import { randomUUID } from "node:crypto";
import type { RequestHandler, Response } from "express";

/** The part of a pino logger the router writes to (any pino `Logger` fits). */
export type RequestLogger = {
  info(entry: object, message: string): void;
  error(entry: object, message: string): void;
};

/** One finished request, for metrics. */
export type RequestObservation = {
  method: string;
  /**
   * The route's pattern (`/wallets/:id`, also for its 405s), or `unmatched` for everything no route
   * template served (404s, and requests refused before routing): never the raw path, so that the
   * metrics' labels stay few whatever paths clients send.
   */
  route: string;
  status: number;
  seconds: number;
};

export type ObserveOptions = {
  logger?: RequestLogger | undefined;
  onRequest?: ((observation: RequestObservation) => void) | undefined;
};

type Locals = { privnetRoute?: string; privnetError?: unknown };

const observed = Symbol.for("privnet.http.observed");

/**
 * Tells the observer which route served the request (its pattern labels the metrics). The first
 * note counts: a request that reached a router mounted under an extra route's path (`/oracle`) is
 * counted under that path, whatever route of the inner router answered it.
 */
export function noteRoute(response: Response, route: string): void {
  (response.locals as Locals).privnetRoute ??= route;
}

/** Tells the observer the error behind a 5xx answer, so that its log line carries it. */
export function noteServerError(response: Response, error: unknown): void {
  (response.locals as Locals).privnetError = error;
}

/**
 * Request id (`X-Request-Id`), one structured log line per request — method, path, status, ms;
 * never bodies or headers, so neither keys nor tokens reach the log — and an observation per
 * request for metrics. A 5xx logs the error behind it (`msg: "request failed"`).
 *
 * A request is observed once, by the outermost router: one that reaches a router mounted inside
 * another one (the oracle API at the admin server's `/oracle`) keeps the outer one's id, line and
 * count.
 */
export function observeRequests(options: ObserveOptions): RequestHandler {
  const { logger, onRequest } = options;
  return (request, response, next) => {
    const marked = request as typeof request & { [observed]?: true };
    if (marked[observed]) return next();
    marked[observed] = true;
    const started = process.hrtime.bigint();
    // Read now: once a router mounted under a path (`/oracle`) has answered, `request.path` is what
    // is left below that path (`/prices`), not what the client asked for.
    const path = request.path;
    const id = randomUUID();
    response.setHeader("X-Request-Id", id);
    // "close" rather than "finish": an event stream the client left never finishes, and is a request too.
    response.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const locals = response.locals as Locals;
      const route = locals.privnetRoute ?? "unmatched";
      onRequest?.({ method: request.method, route, status: response.statusCode, seconds });
      if (!logger) return;
      const entry = {
        id,
        method: request.method,
        path,
        status: response.statusCode,
        ms: Math.round(seconds * 1e5) / 100,
      };
      if (locals.privnetError !== undefined)
        logger.error({ ...entry, err: locals.privnetError }, "request failed");
      else logger.info(entry, "request");
    });
    next();
  };
}
