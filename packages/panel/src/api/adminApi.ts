import createClient from "openapi-fetch";
import createQueryHooks from "openapi-react-query";
import type { components, paths } from "./admin.generated";
import { apiMiddleware } from "./apiMiddleware";

/** The admin API's client: the panel is served by the admin server, so it is the page's origin. */
export const adminClient = createClient<paths>({ baseUrl: window.location.origin });
adminClient.use(apiMiddleware("admin API"));

/** TanStack Query hooks over {@link adminClient}, typed by the admin API's OpenAPI document. */
export const adminApi = createQueryHooks(adminClient);

export type AdminSchemas = components["schemas"];
