export {
  buildOpenApiDocument,
  type OpenApiDocument,
  type OpenApiOptions,
  type OpenApiParameter,
} from "./buildOpenApiDocument.js";
