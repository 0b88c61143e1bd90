import type { Server } from "node:http";
import type { Platform } from "@privnet/core";
import { type HttpServer, startServer, type TlsMaterial } from "@privnet/http";
import express from "express";
import { type AdminRouterOptions, createAdminRouter } from "../router/createAdminRouter.js";
import { adminErrors } from "../schemas/errors.js";

export type AdminServerOptions = AdminRouterOptions & {
  /** Default: 3000 (`PORT` overrides it in the CLI). 0 picks a free port. */
  port?: number;
  /** Default: 127.0.0.1 — only this machine can connect. Use 0.0.0.0 deliberately. */
  host?: string;
  /**
   * Serve HTTPS (and its event streams) with this key and certificate, PEM text; a clear-text
   * request then gets no answer. Default: HTTP. Ignored with `server` (give an `https.Server`).
   */
  tls?: TlsMaterial;
  /**
   * An already-listening `node:http` (or `node:https`) server to serve on; `port` and `host` are then ignored, and
   * `close()` closes it. For callers that bind their ports before anything slow starts (as
   * `privnet up` does): a taken port is known at once, and nothing can take it in between.
   */
  server?: Server;
};

/**
 * `url`, `port`, `server`, and `close()`: stops accepting connections, ends open event streams and
 * idle connections, and waits for open requests. Idempotent.
 */
export type AdminServer = HttpServer;

/**
 * Serves the admin API on its own port. A taken port fails with `PORT_IN_USE`.
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
  const { port = 3000, host = "127.0.0.1", server, tls, ...routerOptions } = options;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use(createAdminRouter(platform, routerOptions));
  return startServer(app, {
    ...(server ? { server } : { port, host, tls }),
    errors: adminErrors,
    name: "the admin API",
  });
}
