import createClient from "openapi-fetch";
import createQueryHooks from "openapi-react-query";
import type { components, paths } from "./admin.generated";
import { apiMiddleware } from "./apiMiddleware";
import { fetchWithEarlyRead } from "./earlyResponse";

/**
 * The admin API's client: the panel is served by the admin server, so it is the page's origin. The
 * opened page's first read may already be under way (see earlyResponse.ts).
 */
export const adminClient = createClient<paths>({
  baseUrl: window.location.origin,
  fetch: fetchWithEarlyRead,
});
adminClient.use(apiMiddleware("admin API"));

/** TanStack Query hooks over {@link adminClient}, typed by the admin API's OpenAPI document. */
export const adminApi = createQueryHooks(adminClient);

export type AdminSchemas = components["schemas"];
