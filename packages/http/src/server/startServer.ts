import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { InvalidOptionsError } from "@privnet/core";
import { endEventStream } from "../streams/openEventStream.js";
import { answerParserErrors, type ErrorWrapper } from "./answerParserErrors.js";
import { listenOn } from "./listenOn.js";

export type StartServerOptions =
  /** Listen here. Port 0 picks a free port. */
  (
    | { port: number; host: string }
    /** Serve on this already-listening server (e.g. one whose port was bound early). */
    | { server: Server }
  ) & {
    /**
     * The server's error body, for what Node's HTTP parser refuses before the handler runs (a
     * request line or headers too large, a bad method). Default: `{ error, code }`.
     */
    errors?: ErrorWrapper | undefined;
  };

export type HttpServer = {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  port: number;
  server: Server;
  /**
   * Stops accepting connections, ends open event streams, closes idle connections and waits for
   * open requests to finish. Idempotent.
   */
  close(): Promise<void>;
};

/**
 * Serves `handler` (an express app, or any request listener) on a port of its own or on a server
 * that already listens. A taken port fails with `PortInUseError` (`PORT_IN_USE`), naming port and host.
 * What Node's HTTP parser refuses before `handler` runs is answered in the server's JSON error body
 * too (see `answerParserErrors`).
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
  let server: Server;
  if ("server" in options) {
    server = options.server;
    if (!server.listening) throw new InvalidOptionsError("options.server is not listening.");
    if (typeof server.address() !== "object") {
      throw new InvalidOptionsError("options.server listens on a pipe; it must listen on a TCP port.");
    }
    server.on("request", handler);
  } else {
    server = await listenOn(createServer(handler), options);
  }

  // Requests in flight per connection, so that close() can end every connection that has none —
  // idle keep-alive ones, and ones a client opened without sending anything yet (fetch does) — and
  // each other one as soon as its last request is answered. Open responses, so that close() can end
  // the event streams among them; ordinary requests are left to finish.
  const inFlight = new Map<Socket, number>();
  const open = new Set<ServerResponse>();
  let closing: Promise<void> | undefined;
  const track = (socket: Socket) => {
    if (inFlight.has(socket)) return;
    inFlight.set(socket, 0);
    socket.once("close", () => inFlight.delete(socket));
  };
  server.on("connection", track);
  server.on("request", (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    track(socket);
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    open.add(response);
    response.once("close", () => {
      open.delete(response);
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      // Ended once all it was written flushes: destroying at once could cut the answer short.
      if (closing && left === 0) socket.end(() => socket.destroy());
    });
  });

  answerParserErrors(server, options.errors);

  const address = server.address() as AddressInfo;
  return {
    url: `http://${urlHost("host" in options ? options.host : address.address)}:${address.port}`,
    port: address.port,
    server,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
        for (const response of open) endEventStream(response);
      });
      return closing;
    },
  };
}

/** The host part of a URL that reaches `host` from this machine (a wildcard address is this machine). */
function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
