import { type BuildApiDocumentOptions, buildApiDocument, type OpenApiDocument } from "@privnet/http";
import { adminApi } from "./adminApi.js";

/**
 * The admin API's OpenAPI 3.1 document, as a router serves it at `/openapi.json` (with a token
 * configured: `bearerAuth: true`), without a platform or a server: to write it to a file or
 * generate a client from it (the panel's API types are generated this way).
 *
 * @example
 * const document = buildAdminOpenApi({ bearerAuth: true });
 * document.paths["/wallets"]; // { get: { operationId: "listWallets", … }, post: … }
 */
export function buildAdminOpenApi(options: BuildApiDocumentOptions = {}): OpenApiDocument {
  return buildApiDocument(adminApi, options);
}
