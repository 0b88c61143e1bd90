import type { Platform } from "@privnet/core";
import { type ApiRouter, createApiRouter } from "@privnet/http";
import { type Logger, pino } from "pino";
import { oracleApi } from "../openapi/index.js";

export type OracleRouterOptions = {
  /**
   * Bearer token. When set, every route except `/health` needs `Authorization: Bearer <token>`.
   * Default: `process.env.PRIVNET_ORACLE_TOKEN`, else none; `false`: none, whatever the
   * environment says.
   */
  token?: string | false;
  /**
   * Origins whose web pages may call the API ("*" for any): they get CORS headers, and their
   * POSTs pass. Default: none — another origin's `POST /update` or `POST /price` is a 403.
   */
  corsOrigins?: readonly string[];
  /**
   * Host names the API answers to besides localhost, 127.0.0.1, [::1] and the address a connection
   * arrived at ("*" for any). Default: none.
   */
  allowedHosts?: readonly string[];
  /** Largest accepted JSON body, in bytes or as "16kb". Default: "16kb". */
  bodyLimit?: number | string;
  /** A pino logger for request logs, or false for none. Default: a pino logger at "info". */
  logger?: Logger | false;
};

/** The oracle API's Router; `endStreams()` ends every open price stream (the server does it on close). */
export type OracleRouter = ApiRouter;

/**
 * The oracle API as an express Router: mount it under any prefix of your own app. Mounted inside
 * another router built on `@privnet/http` (the admin API's `mounts`, as `privnet up` does at
 * `/oracle`), that router gives each request its id, log line and count, once.
 *
 * @example
 * const app = express();
 * app.use("/oracle", createOracleRouter(platform));
 */
export function createOracleRouter(platform: Platform, options: OracleRouterOptions = {}): OracleRouter {
  return createApiRouter({
    ...oracleApi,
    platform,
    bodyLimit: options.bodyLimit ?? "16kb",
    token:
      options.token === false
        ? undefined
        : (options.token ?? (process.env.PRIVNET_ORACLE_TOKEN || undefined)),
    corsOrigins: options.corsOrigins,
    allowedHosts: options.allowedHosts,
    logger: options.logger === false ? undefined : (options.logger ?? pino({ name: "privnet-oracle" })),
  });
}
