/**
 * An answer of the admin or oracle API that is not a success, or no answer at all, with the
 * message the API wrote for a person (`{ "error": "…", "code": "…" }`).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    /** The HTTP status; 0 when the server did not answer. */
    readonly status: number,
    /** The API's stable error code, e.g. `WALLET_NOT_FOUND`; undefined when it gave none. */
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }

  /**
   * Reads an error answer; one that is not the API's JSON shape (a proxy's HTML page) becomes a
   * message that names the status.
   *
   * @example
   * if (!response.ok) throw await ApiError.fromResponse(response, "admin API");
   */
  static async fromResponse(response: Response, api: string): Promise<ApiError> {
    const text = await response.text().catch(() => "");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const fields = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    const code = typeof fields.code === "string" ? fields.code : undefined;
    if (typeof fields.error === "string" && fields.error !== "") {
      return new ApiError(response.status, code, fields.error);
    }
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
    return new ApiError(response.status, code, `The ${api} answered ${status} without an explanation.`);
  }
}
