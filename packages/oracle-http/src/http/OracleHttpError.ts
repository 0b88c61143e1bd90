/** An error the HTTP layer itself raises (bad JSON, unknown route, …), with its status and code. */
export class OracleHttpError extends Error {
  override name = "OracleHttpError";
  constructor(
    readonly status: number,
    readonly code:
      | "INVALID_JSON"
      | "BODY_TOO_LARGE"
      | "VALIDATION_FAILED"
      | "NOT_FOUND"
      | "METHOD_NOT_ALLOWED",
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}
