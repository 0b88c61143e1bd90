import { errorStatus } from "./errorStatus.js";

/** The codes the HTTP layer raises itself, beside core's `ErrorCode`s. */
export type HttpErrorCode =
  | "INVALID_JSON"
  | "BODY_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "MALFORMED_REQUEST"
  | "HEADERS_TOO_LARGE"
  | "REQUEST_TIMEOUT"
  | "EXPECTATION_FAILED"
  | "HOST_NOT_ALLOWED"
  | "ORIGIN_NOT_ALLOWED"
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "INVALID_IDEMPOTENCY_KEY"
  | "IDEMPOTENCY_KEY_REUSED"
  | "STORAGE_UNREACHABLE"
  | "INTERNAL";

/**
 * An error the HTTP layer raises (bad JSON, failed validation, unknown route, missing token), with
 * a stable code like privnet's own errors. Its status comes from {@link errorStatus}, the one table.
 *
 * @example
 * throw new HttpError("NOT_FOUND", `No route for ${request.method} ${request.path}.`);
 */
export class HttpError extends Error {
  override name = "HttpError";
  readonly status: number;
  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}
