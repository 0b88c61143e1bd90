import type { ChainForks, Platform } from "@privnet/core";
import { type ApiRouter, createApiRouter, type ExtraRoute, serveStaticApp } from "@privnet/http";
import type { RequestHandler } from "express";
import { type Logger, pino } from "pino";
import { renderReferencePage } from "../docs/renderReferencePage.js";
import { createIdempotencyStore } from "../idempotency/IdempotencyStore.js";
import { idempotencyHook } from "../idempotency/idempotencyHook.js";
import { createAdminMetrics } from "../metrics/createAdminMetrics.js";
import { adminApi, buildAdminOpenApi } from "../openapi/index.js";
import { provideForks } from "../routes/forks.js";

export type AdminRouterOptions = {
  /**
   * Bearer token. When set, every route except `/health` needs `Authorization: Bearer <token>`.
   * Default: `process.env.PRIVNET_ADMIN_TOKEN`, else none.
   */
  token?: string;
  /**
   * Origins whose web pages may call the API ("*" for any): they get CORS headers, and their POSTs
   * and DELETEs pass. Default: none — a page on another origin cannot read answers, and its
   * state-changing requests are a 403 `ORIGIN_NOT_ALLOWED`. Same-origin pages (the panel) pass.
   */
  corsOrigins?: readonly string[];
  /**
   * Host names the API answers to besides localhost, 127.0.0.1, [::1] and the address a connection
   * arrived at ("*" for any); any other `Host` is a 403 `HOST_NOT_ALLOWED` (DNS rebinding).
   * Default: none.
   */
  allowedHosts?: readonly string[];
  /** Largest accepted JSON body, in bytes or as "100kb". Default: "100kb". */
  bodyLimit?: number | string;
  /** A pino logger for request logs, or false for none. Default: a pino logger at "info". */
  logger?: Logger | false;
  /**
   * More to serve beside the API, each under its own path, before the API's 404: another router
   * (behind the same token unless `public`), or a built single-page app's folder (public, with
   * `index.html` for deep links). `privnet up` mounts the oracle API at `/oracle` and the admin
   * panel at `/panel`. A router built on `@privnet/http` (the oracle API's) mounted here is logged
   * and counted once, by the admin API.
   */
  mounts?: readonly AdminMount[];
  /**
   * The throwaway forks `POST /forks` starts and `GET /forks` lists: the embedded devnet's
   * (`devnet.forks`), or `createForkPool` of `@privnet/devnet` for a chain given by URL. Default:
   * none — the fork routes answer 409 `FORKS_UNAVAILABLE` (the list: empty, `available: false`).
   */
  forks?: ChainForks | undefined;
};

/**
 * One thing {@link AdminRouterOptions.mounts} serves beside the API.
 *
 * @example
 * { path: "/oracle", router: createOracleRouter(platform) }
 * { path: "/panel", app: panelDir }
 */
export type AdminMount =
  | { path: `/${string}`; router: RequestHandler; public?: boolean }
  | { path: `/${string}`; app: string };

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
  const token = options.token ?? (process.env.PRIVNET_ADMIN_TOKEN || undefined);
  let referencePage: string | undefined;
  const extraRoutes: ExtraRoute[] = [
    {
      method: "get",
      path: "/docs",
      handler: (_request, response) => {
        referencePage ??= renderReferencePage(buildAdminOpenApi({ bearerAuth: token !== undefined }));
        response.type("html").send(referencePage);
      },
    },
    {
      method: "get",
      path: "/metrics",
      handler: async (_request, response) => {
        response.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    },
    ...(options.mounts ?? []).map(
      (mount): ExtraRoute =>
        "app" in mount
          ? // An app's page must load without the token: it is what asks for it.
            { method: "use", path: mount.path, handler: serveStaticApp(mount.app), public: true }
          : { method: "use", path: mount.path, handler: mount.router, public: mount.public === true },
    ),
  ];
  return createApiRouter({
    ...adminApi,
    platform,
    bodyLimit: options.bodyLimit ?? "100kb",
    token,
    corsOrigins: options.corsOrigins,
    allowedHosts: options.allowedHosts,
    extraRoutes,
    before: [provideForks(options.forks)],
    hook: idempotencyHook(createIdempotencyStore(platform.storage), metrics),
    logger: options.logger === false ? undefined : (options.logger ?? pino({ name: "privnet-admin" })),
    onRequest({ method, route, status, seconds }) {
      metrics.requests.inc({ method, route, status: String(status) });
      metrics.duration.observe({ method, route }, seconds);
    },
  });
}
