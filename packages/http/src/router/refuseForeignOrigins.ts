import { quoteInput } from "@privnet/core/internal";
import { originAllowed } from "@privnet/core/internal/workers";
import type { RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses a state-changing request (any method but GET, HEAD and OPTIONS) that a web page on
 * another origin sent (403 `ORIGIN_NOT_ALLOWED`), unless `corsOrigins` lists that origin (`"*"`:
 * any). The browser tells: `Origin` on every such request, and `Sec-Fetch-Site: cross-site` where
 * it leaves `Origin` out. A page the server serves itself (the admin panel) is same-origin and
 * passes; clients that are not browsers send neither header and pass.
 *
 * Run after {@link allowHosts}: "same origin" compares `Origin` with the `Host` the request
 * names, which that check has accepted.
 *
 * @example
 * router.use(refuseForeignOrigins(["http://localhost:5173"]));
 */
export function refuseForeignOrigins(corsOrigins: readonly string[] = []): RequestHandler {
  const any = corsOrigins.includes("*");
  return (request, _response, next) => {
    if (any || safeMethods.has(request.method)) return next();
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers["sec-fetch-site"] !== "cross-site") return next();
      return next(
        new HttpError("ORIGIN_NOT_ALLOWED", `${request.method} from a page on another site is refused.`),
      );
    }
    if (originAllowed(origin, corsOrigins, request.headers.host)) return next();
    next(
      new HttpError(
        "ORIGIN_NOT_ALLOWED",
        `${request.method} from a page on ${quoteInput(origin)} is refused; list that origin in corsOrigins (privnet up: --cors-origins) to allow it.`,
      ),
    );
  };
}
