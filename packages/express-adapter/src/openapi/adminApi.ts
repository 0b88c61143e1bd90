import { createRequire } from "node:module";
import type { ApiDescription, RouteDefinition } from "@privnet/http";
import type { z } from "zod";
import { idempotencyKeyParameter } from "../idempotency/idempotencyHook.js";
import { isIdempotent } from "../idempotency/idempotent.js";
import { botEvents } from "../routes/bots/index.js";
import { chainEvents } from "../routes/faults/index.js";
import { adminRoutes } from "../routes/index.js";
import { adminErrors, type errorBody } from "../schemas/errors.js";

const { version } = createRequire(import.meta.url)("../../package.json") as { version: string };

/**
 * What the admin API is, apart from a running platform: its routes, its event stream, its error
 * body and what its OpenAPI document says of it. `createAdminRouter` serves exactly this and
 * `buildAdminOpenApi` documents exactly this.
 */
export const adminApi: ApiDescription<z.output<typeof errorBody>> = {
  routes: adminRoutes,
  streams: [botEvents, chainEvents],
  errors: adminErrors,
  openApi: {
    title: "privnet admin API",
    version,
    description:
      "Wallets, sending, transaction history, network, bots, the explorer, faults on demand and throwaway forks of a privnet chain. Every error body is `{ error, code }`. When the server has a token configured, every route except /health needs `Authorization: Bearer <token>`.",
    parameters: (route: RouteDefinition) => (isIdempotent(route) ? [idempotencyKeyParameter] : []),
  },
};
