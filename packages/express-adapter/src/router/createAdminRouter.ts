import { createRequire } from "node:module";
import type { Platform } from "@privnet/core";
import { type ApiRouter, createApiRouter, type ExtraRoute } from "@privnet/http";
import express from "express";
import { type Logger, pino } from "pino";
import { getAbsoluteFSPath } from "swagger-ui-dist";
import { docsInitScript, docsPage } from "../docs/docsPage.js";
import { createIdempotencyStore } from "../idempotency/IdempotencyStore.js";
import { idempotencyHook, idempotencyKeyParameter } from "../idempotency/idempotencyHook.js";
import { isIdempotent } from "../idempotency/idempotent.js";
import { createAdminMetrics } from "../metrics/createAdminMetrics.js";
import { botEvents } from "../routes/bots/index.js";
import { adminRoutes } from "../routes/index.js";
import { adminErrors } from "../schemas/errors.js";
import { cors } from "./cors.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

export type AdminRouterOptions = {
  /**
   * Bearer token. When set, every route except `/health` needs `Authorization: Bearer <token>`.
   * Default: `process.env.PRIVNET_ADMIN_TOKEN`, else none.
   */
  token?: string;
  /** Origins allowed to call the API from a browser ("*" for any). Default: none (no CORS). */
  corsOrigins?: readonly string[];
  /** Largest accepted JSON body, in bytes or as "100kb". Default: "100kb". */
  bodyLimit?: number | string;
  /** A pino logger for request logs, or false for none. Default: a pino logger at "info". */
  logger?: Logger | false;
};

/**
 * The admin API as an express Router: mount it under any prefix of your own app.
 *
 * @example
 * const app = express();
 * app.use("/admin", createAdminRouter(platform, { token: "s3cret" }));
 * app.listen(3000, "127.0.0.1");
 */
export function createAdminRouter(platform: Platform, options: AdminRouterOptions = {}): ApiRouter {
  const metrics = createAdminMetrics(platform);
  const extraRoutes: ExtraRoute[] = [
    {
      method: "get",
      path: "/docs",
      handler: (_request, response) => void response.type("html").send(docsPage),
    },
    {
      method: "get",
      path: "/docs/init.js",
      handler: (_request, response) => void response.type("application/javascript").send(docsInitScript),
    },
    {
      method: "use",
      path: "/docs/assets",
      handler: express.static(getAbsoluteFSPath(), { index: false, fallthrough: false }),
    },
    {
      method: "get",
      path: "/metrics",
      handler: async (_request, response) => {
        response.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    },
  ];
  return createApiRouter({
    platform,
    routes: adminRoutes,
    streams: [botEvents],
    errors: adminErrors,
    openApi: {
      title: "privnet admin API",
      version,
      description:
        "Wallets, sending, transaction history, network and bots of a privnet chain. Every error body is `{ error, code }`. When the server has a token configured, every route except /health needs `Authorization: Bearer <token>`.",
      parameters: (route) => (isIdempotent(route) ? [idempotencyKeyParameter] : []),
    },
    bodyLimit: options.bodyLimit ?? "100kb",
    token: options.token ?? (process.env.PRIVNET_ADMIN_TOKEN || undefined),
    before: options.corsOrigins?.length ? [cors(options.corsOrigins)] : [],
    extraRoutes,
    hook: idempotencyHook(createIdempotencyStore(platform.storage), metrics),
    logger: options.logger === false ? undefined : (options.logger ?? pino({ name: "privnet-admin" })),
    onRequest({ method, route, status, seconds }) {
      metrics.requests.inc({ method, route, status: String(status) });
      metrics.duration.observe({ method, route }, seconds);
    },
  });
}
