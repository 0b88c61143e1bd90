import { type OpenApiParameter, type RouteAnswer, type RouteHook, toErrorResponse } from "@privnet/http";
import type { AdminMetrics } from "../metrics/createAdminMetrics.js";
import { adminErrors } from "../schemas/errors.js";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  type IdempotencyStore,
  parseIdempotencyKey,
} from "./IdempotencyStore.js";
import { isIdempotent } from "./idempotent.js";

/** The header as the OpenAPI document lists it on the routes marked {@link idempotent}. */
export const idempotencyKeyParameter: OpenApiParameter = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "1 to 255 visible ASCII characters (a UUID). A retry with the same key and body gets the first answer (with `Idempotent-Replayed: true`) and sends nothing; kept 24 hours.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/**
 * The admin router's hook around the routes marked `idempotent`: honours `Idempotency-Key` with
 * `store` (every answer is remembered, errors included) and counts each send that ran in
 * `privnet_sends_total`. Other routes pass through.
 *
 * @example
 * createApiRouter({ …, hook: idempotencyHook(createIdempotencyStore(platform.storage), metrics) });
 */
export function idempotencyHook(store: IdempotencyStore, metrics: AdminMetrics): RouteHook {
  return async ({ route, request, body }, next) => {
    if (!isIdempotent(route)) return next();
    const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    // The error behind a 5xx this request ran into (never stored: only status and body are).
    let failure: unknown;
    const execute = async () => {
      try {
        const { status, body: answer } = await next();
        metrics.sends.inc({ route: route.path, outcome: "ok" });
        return { status, body: answer };
      } catch (error) {
        const { status, code, body: errorBody } = toErrorResponse(error, adminErrors);
        metrics.sends.inc({ route: route.path, outcome: code });
        if (status >= 500) failure = error;
        return { status, body: errorBody };
      }
    };
    const { answer, replayed } = key
      ? await store.run(key, { route: route.path, body }, execute)
      : { answer: await execute(), replayed: false };
    const result: RouteAnswer = {
      ...answer,
      headers: replayed ? { [IDEMPOTENT_REPLAYED_HEADER]: "true" } : {},
    };
    if (failure !== undefined) result.error = failure;
    return result;
  };
}
