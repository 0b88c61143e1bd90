import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { listenOn, type TlsMaterial } from "@privnet/http";
import type { ServicePort } from "./StackService.js";

/**
 * Listens on a service's port at once, long before the service itself is ready, so that a taken
 * port fails `privnet up` before the chain or the contracts start, and nothing can take the port
 * in between. Until the service attaches its own request handler, every request is answered 503
 * (rather than held open with no answer), with what the stack is busy with (`busyWith`, e.g.
 * loading the chain state) in its body's `starting`. A taken port is `@privnet/http`'s `PortInUseError`
 * (`PORT_IN_USE`, the servers' own), naming the port, the host, the service and the flag. With
 * `tls` the port is HTTPS from the start (an `https.Server`): it never answers in clear text.
 *
 * @example
 * const server = await bindPort({ host: "127.0.0.1", port: 3000, changeWith: "--port (or PORT)" }, "admin API");
 * await createAdminServer(platform, { server });
 */
export async function bindPort(
  wanted: ServicePort,
  service: string,
  tls?: TlsMaterial,
  busyWith?: () => string | undefined,
): Promise<Server> {
  const placeholder = starting(service, busyWith);
  const server: Server = tls ? createHttpsServer({ ...tls }, placeholder) : createServer(placeholder);
  // The service's own handler replaces the placeholder the moment it is attached.
  server.on("newListener", function handOver(event: string | symbol, listener: unknown) {
    if (event !== "request" || listener === placeholder) return;
    server.off("newListener", handOver);
    server.off("request", placeholder);
  });
  await listenOn(server, { ...wanted, service });
  return server;
}

function starting(service: string, busyWith: (() => string | undefined) | undefined) {
  return (_request: IncomingMessage, response: ServerResponse) => {
    const busy = busyWith?.();
    response.writeHead(503, { "content-type": "application/json; charset=utf-8", "retry-after": "1" });
    response.end(
      JSON.stringify({
        error: `The ${service} is starting${busy ? `: ${busy}` : ""}; try again in a moment.`,
        starting: busy ?? "starting",
      }),
    );
  };
}
