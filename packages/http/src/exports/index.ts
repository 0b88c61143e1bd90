// @privnet/http: the one HTTP toolkit of privnet's servers (the admin API and the oracle API).
export {
  describeZodError,
  type ErrorEnvelope,
  type ErrorResponse,
  errorStatus,
  HttpError,
  type HttpErrorCode,
  PortInUseError,
  type PortInUseErrorParameters,
  toErrorResponse,
} from "../errors/index.js";
export type { RequestLogger, RequestObservation } from "../observe/index.js";
export {
  type ApiDescription,
  type BuildApiDocumentOptions,
  buildApiDocument,
  buildOpenApiDocument,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOptions,
  type OpenApiParameter,
} from "../openapi/index.js";
export {
  type ApiRouter,
  type ApiRouterOptions,
  allowHosts,
  cors,
  createApiRouter,
  type ExtraRoute,
  LOOPBACK_HOSTS,
  MAX_JSON_NESTING,
  type RouteAnswer,
  type RouteCall,
  type RouteHook,
  refuseForeignOrigins,
} from "../router/index.js";
export {
  defineEventStream,
  defineRoute,
  type EventStreamDefinition,
  type HttpMethod,
  type RouteContext,
  type RouteDefinition,
} from "../routes/index.js";
export {
  answerParserErrors,
  type ErrorWrapper,
  type HttpServer,
  listenOn,
  type StartServerOptions,
  startServer,
} from "../server/index.js";
export { serveStaticApp } from "../static/index.js";
export type { EventStream } from "../streams/index.js";
export { countRuntimeContainers, DOCKER_SOCKET_PATH } from "../system/countRuntimeContainers.js";
export { formatBytes } from "../system/formatBytes.js";
export { formatUptime } from "../system/formatUptime.js";
export { type DiskUsage, readDisks } from "../system/readDisks.js";
export { type MemoryUsage, readMemory } from "../system/readMemory.js";
export { type ServerStatus, type ServerStatusOptions, serverStatus } from "../system/serverStatus.js";
export {
  type CertificateInfo,
  type CreateSelfSignedCertificateParameters,
  certificateCovers,
  certificateInfo,
  createSelfSignedCertificate,
  type TlsMaterial,
} from "../tls/index.js";
export { type CoreFieldSchema, checkedByCore } from "../validation/index.js";
