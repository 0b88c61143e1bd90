import { createOracleServer } from "@privnet/oracle-http";
import { createRequestLogger } from "../logging/createRequestLogger.js";
import type { StackService } from "./StackService.js";

/**
 * The oracle HTTP API on `settings.oracle` (default port 3004), logging each request in
 * `settings.logFormat` like the admin API; it runs the price push loop.
 */
export const oracleApiService: StackService = {
  name: "oracle API",
  enabled: (settings) => settings.oracle.enabled,
  port: ({ oracle }) => ({
    host: oracle.host,
    port: oracle.port,
    changeWith: "--oracle-port (or ORACLE_PORT)",
  }),
  async start({ platform, settings, server: listening, tls }) {
    const server = await createOracleServer(platform, {
      port: settings.oracle.port,
      host: settings.oracle.host,
      ...(listening === undefined ? {} : { server: listening }),
      ...(tls ? { tls: { cert: tls.cert, key: tls.key } } : {}),
      logger: createRequestLogger(settings.logFormat, { name: "privnet-oracle" }),
      token: settings.oracle.token ?? false,
      corsOrigins: settings.oracle.corsOrigins,
      allowedHosts: settings.oracle.allowedHosts,
    });
    return {
      urls: [
        { label: "Oracle API", url: server.url },
        { label: "Oracle prices", url: `${server.url}/prices` },
      ],
      stop: () => server.close(),
    };
  },
};
