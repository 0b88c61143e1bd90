import { createAdminServer } from "@privnet/express-adapter";
import { createOracleRouter } from "@privnet/oracle-http";
import { PANEL_BASE_PATH, panelDir } from "@privnet/panel";
import { createRequestLogger } from "../logging/createRequestLogger.js";
import type { StackService } from "./StackService.js";

/** Where the admin server also serves the oracle API, for the panel (same origin, same token). */
export const ORACLE_MOUNT_PATH = "/oracle";

/**
 * The admin HTTP API on `settings.admin`, logging each request in `settings.logFormat`, with the
 * admin panel at `/panel/` and, when the oracle runs, the oracle API at `/oracle` (the oracle
 * server on its own port stays as it is).
 */
export const adminApiService: StackService = {
  name: "admin API",
  port: ({ admin }) => ({ host: admin.host, port: admin.port, changeWith: "--port (or PORT)" }),
  async start({ platform, settings, server: listening, tls, forks }) {
    const { admin } = settings;
    const server = await createAdminServer(platform, {
      port: admin.port,
      host: admin.host,
      ...(listening === undefined ? {} : { server: listening }),
      ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
      corsOrigins: admin.corsOrigins,
      allowedHosts: admin.allowedHosts,
      bodyLimit: admin.bodyLimit,
      logger: createRequestLogger(settings.logFormat),
      forks,
      ...(admin.token === undefined ? {} : { token: admin.token }),
      mounts: [
        { path: PANEL_BASE_PATH, app: panelDir },
        ...(settings.oracle.enabled
          ? [
              {
                path: ORACLE_MOUNT_PATH,
                // Behind the admin token when there is one (the panel sends that one token); with
                // only an oracle token, behind that one, so the mount is no way around it.
                router: createOracleRouter(platform, {
                  token: admin.token ?? settings.oracle.token ?? false,
                  logger: false,
                }),
              } as const,
            ]
          : []),
      ],
    });
    return {
      urls: [
        { label: "Admin API", url: server.url },
        { label: "Admin panel", url: `${server.url}${PANEL_BASE_PATH}/` },
        { label: "API reference", url: `${server.url}/docs` },
        { label: "OpenAPI", url: `${server.url}/openapi.json` },
        { label: "Metrics", url: `${server.url}/metrics` },
      ],
      stop: () => server.close(),
    };
  },
};
