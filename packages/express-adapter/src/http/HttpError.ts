/**
 * An error the HTTP layer itself raises (bad JSON, failed validation, unknown route, missing
 * token). Carries its status and a stable code, like privnet's own errors.
 */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: HttpErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export type HttpErrorCode =
  | "INVALID_JSON"
  | "BODY_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "NOT_FOUND"
  | "METHOD_NOT_ALLOWED"
  | "INVALID_IDEMPOTENCY_KEY"
  | "IDEMPOTENCY_KEY_REUSED"
  | "STORAGE_UNREACHABLE"
  | "INTERNAL";
