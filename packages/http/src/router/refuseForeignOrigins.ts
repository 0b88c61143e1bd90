import { quoteInput } from "@privnet/core/internal";
import type { Request, RequestHandler } from "express";
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
  const listed = new Set(corsOrigins);
  return (request, _response, next) => {
    if (any || safeMethods.has(request.method)) return next();
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers["sec-fetch-site"] !== "cross-site") return next();
      return next(
        new HttpError("ORIGIN_NOT_ALLOWED", `${request.method} from a page on another site is refused.`),
      );
    }
    if (listed.has(origin) || isSameOrigin(origin, request)) return next();
    next(
      new HttpError(
        "ORIGIN_NOT_ALLOWED",
        `${request.method} from a page on ${quoteInput(origin)} is refused; list that origin in corsOrigins (privnet up: --cors-origins) to allow it.`,
      ),
    );
  };
}

/** `Origin` names the server the request reached (its `Host`), over http or https (behind TLS). */
function isSameOrigin(origin: string, request: Request): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false; // "null" (a sandboxed page, a file:) or garbage
  }
  const host = request.headers.host;
  if ((parsed.protocol !== "http:" && parsed.protocol !== "https:") || host === undefined) return false;
  try {
    // Through URL too, so that a default port reads the same on both sides (`:80` or none).
    return parsed.host === new URL(`${parsed.protocol}//${host}`).host;
  } catch {
    return false;
  }
}
