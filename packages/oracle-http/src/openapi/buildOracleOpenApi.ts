import { type BuildApiDocumentOptions, buildApiDocument, type OpenApiDocument } from "@privnet/http";
import { oracleApi } from "./oracleApi.js";

/**
 * The oracle API's OpenAPI 3.1 document, as its router serves it at `/openapi.json`, without a
 * platform or a server: to write it to a file or generate a client from it (the panel's API types
 * are generated this way).
 *
 * @example
 * const document = buildOracleOpenApi();
 * document.paths["/price/{symbol}"]; // { get: { operationId: "getPrice", … } }
 */
export function buildOracleOpenApi(options: Pick<BuildApiDocumentOptions, "version"> = {}): OpenApiDocument {
  return buildApiDocument(oracleApi, options);
}
