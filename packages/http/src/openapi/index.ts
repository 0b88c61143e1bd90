export {
  type ApiDescription,
  type BuildApiDocumentOptions,
  buildApiDocument,
} from "./buildApiDocument.js";
export {
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOptions,
  type OpenApiParameter,
} from "./buildOpenApiDocument.js";
