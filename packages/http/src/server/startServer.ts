import { createServer, type RequestListener, type Server } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { Server as TlsServer } from "node:tls";
import {
  defineService,
  InvalidOptionsError,
  type StartedInstance,
  startServices,
  withInstance,
} from "@privnet/core";
import type { TlsMaterial } from "../tls/TlsMaterial.js";
import { answerParserErrors, type ErrorWrapper } from "./answerParserErrors.js";
import { listenOn } from "./listenOn.js";
import { type TrackedConnections, trackConnections } from "./trackConnections.js";

export type StartServerOptions =
  /** Listen here. Port 0 picks a free port. */
  (
    | {
        port: number;
        host: string;
        /** Serve HTTPS with this key and certificate (no clear-text answers on the port). Default: HTTP. */
        tls?: TlsMaterial | undefined;
      }
    /**
     * Serve on this already-listening server (e.g. one whose port was bound early); an
     * `https.Server` serves HTTPS, and the URL says so.
     */
    | { server: Server }
  ) & {
    /**
     * The server's error body, for what Node's HTTP parser refuses before the handler runs (a
     * request line or headers too large, a bad method). Default: `{ error, code }`.
     */
    errors?: ErrorWrapper | undefined;
    /** Names the server in its status and errors: "the admin API". Default: "the HTTP server". */
    name?: string | undefined;
  };

/**
 * A server that listens. Its status is an instance's (`started`, then `stopping` and `stopped`);
 * `stop()`, `close()` and `await using` close it.
 */
export type HttpServer = StartedInstance & {
  /** Base URL, e.g. `http://127.0.0.1:3000` (`https://…` on a TLS server). */
  url: string;
  port: number;
  server: Server;
  /**
   * Stops accepting connections, ends open event streams, closes idle connections and waits for
   * open requests to finish (the same as `stop()`). A call while it closes answers the same promise.
   */
  close(): Promise<void>;
};

/**
 * Serves `handler` (an express app, or any request listener) on a port of its own or on a server
 * that already listens. A taken port fails with `PortInUseError` (`PORT_IN_USE`), naming port and host.
 * What Node's HTTP parser refuses before `handler` runs is answered in the server's JSON error body
 * too (see `answerParserErrors`). With `tls` (or on an `https.Server`) it serves HTTPS only: a
 * clear-text request fails the TLS handshake and gets no HTTP answer.
 *
 * @example
 * const served = await startServer(app, { port: 3000, host: "127.0.0.1" });
 * console.log(served.url); // http://127.0.0.1:3000
 * await served.close();
 */
export async function startServer(
  handler: RequestListener,
  options: StartServerOptions,
): Promise<HttpServer> {
  let server: Server | undefined;
  let connections: TrackedConnections | undefined;
  const instance = defineService({
    name: options.name ?? "the HTTP server",
    async start() {
      const listening =
        "server" in options
          ? serveOn(options.server, handler)
          : await listenOn(
              options.tls ? createHttpsServer({ ...options.tls }, handler) : createServer(handler),
              options,
            );
      connections = trackConnections(listening);
      answerParserErrors(listening, options.errors);
      server = listening;
    },
    stop: () => connections?.close(),
  });
  await startServices([instance]);
  const listening = server as Server;
  const address = listening.address() as AddressInfo;
  return withInstance(
    {
      url: `${listening instanceof TlsServer ? "https" : "http"}://${urlHost("host" in options ? options.host : address.address)}:${address.port}`,
      port: address.port,
      server: listening,
      close: () => instance.stop(),
    },
    instance,
  );
}

/** `server` with `handler` for its requests, once it is known to listen on a TCP port. */
function serveOn(server: Server, handler: RequestListener): Server {
  if (!server.listening) throw new InvalidOptionsError("options.server is not listening.");
  if (typeof server.address() !== "object") {
    throw new InvalidOptionsError("options.server listens on a pipe; it must listen on a TCP port.");
  }
  return server.on("request", handler);
}

/** The host part of a URL that reaches `host` from this machine (a wildcard address is this machine). */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
