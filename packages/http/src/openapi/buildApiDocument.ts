import type { ErrorEnvelope } from "../errors/toErrorResponse.js";
import type { EventStreamDefinition } from "../routes/defineEventStream.js";
import type { RouteDefinition } from "../routes/defineRoute.js";
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOptions } from "./buildOpenApiDocument.js";

/**
 * An API apart from a running platform: its routes and streams, its error body and what its
 * document says of it. `createApiRouter` serves one; {@link buildApiDocument} documents the same
 * one, so a server and the document written from it cannot drift apart.
 */
export type ApiDescription<ErrorBody = unknown> = {
  routes: readonly RouteDefinition[];
  streams?: readonly EventStreamDefinition[];
  /** The server's error body. */
  errors: ErrorEnvelope<ErrorBody>;
  /** Served at `/openapi.json`; the error schema is the envelope's, bearer auth follows the token. */
  openApi: Omit<OpenApiOptions, "errorSchema" | "bearerAuth">;
};

export type BuildApiDocumentOptions = {
  /** Document the bearer token, as a router with a `token` serves it. Default: false. */
  bearerAuth?: boolean;
  /** Default: the description's. */
  version?: string;
};

/**
 * The OpenAPI 3.1 document of an API, as its router serves it at `/openapi.json`, without a
 * platform or a server: to write it to a file or generate a client from it.
 *
 * @example
 * const document = buildApiDocument(adminApi, { bearerAuth: true });
 */
export function buildApiDocument<ErrorBody>(
  api: ApiDescription<ErrorBody>,
  options: BuildApiDocumentOptions = {},
): OpenApiDocument {
  return buildOpenApiDocument(api.routes, api.streams ?? [], {
    ...api.openApi,
    ...(options.version === undefined ? {} : { version: options.version }),
    errorSchema: api.errors.schema,
    bearerAuth: options.bearerAuth === true,
  });
}
