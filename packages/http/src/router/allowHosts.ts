import { quoteInput } from "@privnet/core/internal";
import { hostAllowed, LOOPBACK_HOSTS } from "@privnet/core/internal/workers";
import type { RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";

/** Host names every server accepts: they only ever name this machine. */
export { LOOPBACK_HOSTS };

/**
 * Refuses a request whose `Host` names this server by a name nobody configured (403
 * `HOST_NOT_ALLOWED`), as geth's `--http.vhosts` does. A web page that rebinds its own DNS name to
 * 127.0.0.1 reaches the server with that name in `Host`, so without this check it could read
 * everything a GET answers, private keys included. Always accepted: {@link LOOPBACK_HOSTS} and the
 * address the connection arrived at (the bound address, or the interface's address when bound to
 * 0.0.0.0): an IP address cannot be rebound. `allowed` adds names; `"*"` accepts any. The rule is
 * `hostAllowed` (core), which the chain port applies too.
 *
 * An HTTP/1.1 request without `Host` is a 400 (HTTP/1.0 clients may leave it out).
 *
 * @example
 * router.use(allowHosts(["devbox.lan"]));
 */
export function allowHosts(allowed: readonly string[] = []): RequestHandler {
  return (request, _response, next) => {
    const host = request.headers.host;
    if (host === undefined || host === "") {
      if (allowed.includes("*") || request.httpVersion === "1.0") return next();
      return next(new HttpError("MALFORMED_REQUEST", "The request has no Host header."));
    }
    if (hostAllowed(host, allowed, request.socket.localAddress)) return next();
    next(
      new HttpError(
        "HOST_NOT_ALLOWED",
        `The Host ${quoteInput(host)} is not one this server answers to; add its name to allowedHosts (privnet up: --allowed-hosts) to reach the server by it.`,
      ),
    );
  };
}
