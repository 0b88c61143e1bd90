import { quoteInput } from "@privnet/core/internal";
import type { Request, RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";

/** Host names every server accepts: they only ever name this machine. */
export const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"] as const;

/**
 * Refuses a request whose `Host` names this server by a name nobody configured (403
 * `HOST_NOT_ALLOWED`), as geth's `--http.vhosts` does. A web page that rebinds its own DNS name to
 * 127.0.0.1 reaches the server with that name in `Host`, so without this check it could read
 * everything a GET answers, private keys included. Always accepted: {@link LOOPBACK_HOSTS} and the
 * address the connection arrived at (the bound address, or the interface's address when bound to
 * 0.0.0.0): an IP address cannot be rebound. `allowed` adds names; `"*"` accepts any.
 *
 * An HTTP/1.1 request without `Host` is a 400 (HTTP/1.0 clients may leave it out).
 *
 * @example
 * router.use(allowHosts(["devbox.lan"]));
 */
export function allowHosts(allowed: readonly string[] = []): RequestHandler {
  const any = allowed.includes("*");
  const names = new Set([...LOOPBACK_HOSTS, ...allowed.map((name) => name.toLowerCase())]);
  return (request, _response, next) => {
    if (any) return next();
    const host = request.headers.host;
    if (host === undefined || host === "") {
      if (request.httpVersion === "1.0") return next();
      return next(new HttpError("MALFORMED_REQUEST", "The request has no Host header."));
    }
    const name = hostName(host);
    if (names.has(name) || name === localAddress(request)) return next();
    next(
      new HttpError(
        "HOST_NOT_ALLOWED",
        `The Host ${quoteInput(host)} is not one this server answers to; add its name to allowedHosts (privnet up: --allowed-hosts) to reach the server by it.`,
      ),
    );
  };
}

/** `example.com:3000` → `example.com`, `[::1]:3000` → `[::1]`, lowercased. */
function hostName(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith("[")) return lower.slice(0, lower.indexOf("]") + 1);
  const colon = lower.lastIndexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

/** The address this connection arrived at, written as a Host names it (`[::1]`, `192.168.1.5`). */
function localAddress(request: Request): string | undefined {
  const address = request.socket.localAddress;
  if (!address) return undefined;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.includes(":") ? `[${v4}]` : v4;
}
