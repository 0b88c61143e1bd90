import { createAdminServer } from "@privnet/express-adapter";
import { createRequestLogger } from "../logging/createRequestLogger.js";
import type { StackService } from "./StackService.js";

/** The admin HTTP API, on `settings.admin`, logging each request in `settings.logFormat`. */
export const adminApiService: StackService = {
  name: "admin API",
  port: ({ admin }) => ({ host: admin.host, port: admin.port, changeWith: "--port (or PORT)" }),
  async start({ platform, settings, server: listening }) {
    const { admin } = settings;
    const server = await createAdminServer(platform, {
      port: admin.port,
      host: admin.host,
      ...(listening === undefined ? {} : { server: listening }),
      corsOrigins: admin.corsOrigins,
      bodyLimit: admin.bodyLimit,
      logger: createRequestLogger(settings.logFormat),
      ...(admin.token === undefined ? {} : { token: admin.token }),
    });
    return {
      urls: [
        { label: "Admin API", url: server.url },
        { label: "API reference", url: `${server.url}/docs` },
        { label: "OpenAPI", url: `${server.url}/openapi.json` },
        { label: "Metrics", url: `${server.url}/metrics` },
      ],
      stop: () => server.close(),
    };
  },
};
