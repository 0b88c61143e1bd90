import { createAdminServer } from "@privnet/express-adapter";
import type { StackService } from "./StackService.js";

/** The admin HTTP API, on `settings.admin`. */
export const adminApiService: StackService = {
  name: "admin API",
  async start({ platform, settings }) {
    const { admin } = settings;
    const server = await createAdminServer(platform, {
      port: admin.port,
      host: admin.host,
      corsOrigins: admin.corsOrigins,
      bodyLimit: admin.bodyLimit,
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
