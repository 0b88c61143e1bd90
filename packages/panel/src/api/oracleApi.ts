import createClient from "openapi-fetch";
import createQueryHooks from "openapi-react-query";
import { apiMiddleware } from "./apiMiddleware";
import type { components, paths } from "./oracle.generated";

/** Where `privnet up` mounts the oracle API on the admin server (same origin, same token). */
export const ORACLE_BASE_PATH = "/oracle";

export const oracleClient = createClient<paths>({ baseUrl: `${window.location.origin}${ORACLE_BASE_PATH}` });
oracleClient.use(apiMiddleware("oracle API"));

/** TanStack Query hooks over {@link oracleClient}, typed by the oracle API's OpenAPI document. */
export const oracleApi = createQueryHooks(oracleClient);

export type OracleSchemas = components["schemas"];
