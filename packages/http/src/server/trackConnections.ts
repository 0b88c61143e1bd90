import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { type TLSSocket, Server as TlsServer } from "node:tls";
import { endEventStream } from "../streams/openEventStream.js";

/** What {@link trackConnections} answers: how to close the server it watches. */
export type TrackedConnections = {
  /**
   * Stops accepting connections, ends open event streams and every connection with no request in
   * flight (idle keep-alive ones, and ones a client opened without sending anything yet: fetch
   * does), and each other one once its last request is answered; resolves when the server closed.
   */
  close(): Promise<void>;
};

/**
 * Follows `server`'s connections from now on (requests in flight on each, open responses), so
 * that closing it ends what would otherwise hold it open, and waits only for open requests. On an
 * HTTPS server a connection is its TLSSocket once the handshake is done; one still in its
 * handshake is ended at once.
 *
 * @example
 * const connections = trackConnections(server);
 * await connections.close();
 */
export function trackConnections(server: Server): TrackedConnections {
  const inFlight = new Map<Socket, number>();
  const open = new Set<ServerResponse>();
  /** TLS: connections still in their handshake (requests come on the TLSSocket made after it). */
  const handshaking = new Set<Socket>();
  let closing = false;
  const track = (socket: Socket) => {
    if (inFlight.has(socket)) return;
    inFlight.set(socket, 0);
    socket.once("close", () => inFlight.delete(socket));
  };
  if (server instanceof TlsServer) {
    server.on("connection", (raw: Socket) => {
      handshaking.add(raw);
      raw.once("close", () => handshaking.delete(raw));
    });
    server.on("secureConnection", (socket: TLSSocket) => {
      // The TLSSocket over a raw one has the same two ends.
      for (const raw of handshaking) {
        if (raw.remotePort === socket.remotePort && raw.remoteAddress === socket.remoteAddress) {
          handshaking.delete(raw);
        }
      }
      track(socket);
    });
  } else server.on("connection", track);
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
  return {
    close: () =>
      new Promise<void>((resolve, reject) => {
        closing = true;
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        for (const [socket, requests] of inFlight) if (requests === 0) socket.destroy();
        for (const raw of handshaking) raw.destroy();
        for (const response of open) endEventStream(response);
      }),
  };
}
