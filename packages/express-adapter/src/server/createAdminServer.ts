import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { InvalidOptionsError, type Platform } from "@privnet/core";
import express from "express";
import { type AdminRouterOptions, createAdminRouter } from "../router/createAdminRouter.js";

export type AdminServerOptions = AdminRouterOptions & {
  /** Default: 3000 (`PORT` overrides it in the CLI). 0 picks a free port. */
  port?: number;
  /** Default: 127.0.0.1 — only this machine can connect. Use 0.0.0.0 deliberately. */
  host?: string;
  /**
   * An already-listening `node:http` server to serve on; `port` and `host` are then ignored, and
   * `close()` closes it. For callers that bind their ports before anything slow starts (as
   * `privnet up` does): a taken port is known at once, and nothing can take it in between.
   */
  server?: Server;
};

export type AdminServer = {
  /** Base URL, e.g. `http://127.0.0.1:3000`. */
  url: string;
  port: number;
  server: Server;
  /** Stops accepting connections, ends idle ones and waits for open requests. Idempotent. */
  close(): Promise<void>;
};

/**
 * Serves the admin API on its own port.
 *
 * @example
 * const admin = await createAdminServer(platform, { port: 3000 });
 * console.log(admin.url); // http://127.0.0.1:3000
 * await admin.close();
 */
export async function createAdminServer(
  platform: Platform,
  options: AdminServerOptions = {},
): Promise<AdminServer> {
  const { port = 3000, host = "127.0.0.1", server: given, ...routerOptions } = options;
  if (given && !given.listening) throw new InvalidOptionsError("options.server is not listening.");
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(createAdminRouter(platform, routerOptions));

  const server = await new Promise<Server>((resolve, reject) => {
    if (given) {
      resolve(given.on("request", app));
      return;
    }
    // express 5 also hands a listen error to this callback: then only the "error" listener settles.
    const listening = app.listen(port, host, (error) => error || resolve(listening));
    listening.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        error.code === "EADDRINUSE"
          ? new Error(
              `Port ${port} on ${host} is already in use: stop what listens there or choose another port.`,
              {
                cause: error,
              },
            )
          : error,
      );
    });
  });
  // Open responses, so that close() can end the event streams (they never end by themselves and
  // would keep server.close() waiting forever); ordinary requests are left to finish.
  const open = new Set<ServerResponse>();
  server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    open.add(response);
    response.once("close", () => open.delete(response));
  });
  const address = server.address() as AddressInfo;
  const bound = given ? address.address : host;
  const urlHost = bound.includes(":") ? `[${bound}]` : bound === "0.0.0.0" ? "127.0.0.1" : bound;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${address.port}`,
    port: address.port,
    server,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        for (const response of open) {
          if (String(response.getHeader("content-type") ?? "").startsWith("text/event-stream"))
            response.end();
        }
      });
      return closing;
    },
  };
}
