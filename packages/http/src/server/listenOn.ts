import type { Server } from "node:http";
import { PortInUseError, type PortInUseErrorParameters } from "../errors/PortInUseError.js";

/**
 * Makes `server` listen on `where.port` and `where.host`, resolving once it does. A taken port is
 * a {@link PortInUseError} naming the port, the host and, when given, the service and the flag
 * that moves it; any other failure is the listen error itself.
 *
 * @example
 * const server = await listenOn(createServer(), { port: 3000, host: "127.0.0.1", service: "admin API" });
 */
export function listenOn(server: Server, where: PortInUseErrorParameters): Promise<Server> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" ? new PortInUseError(where, error) : error);
    };
    server.once("error", onError);
    server.listen(where.port, where.host, () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}
