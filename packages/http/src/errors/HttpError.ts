import { errorStatus, type HttpErrorCode } from "./errorStatus.js";

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
