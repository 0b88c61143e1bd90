import { ChainUnreachableError, isPrivnetError } from "@privnet/core";
import { BaseError, HttpRequestError, SocketClosedError, TimeoutError, WebSocketRequestError } from "viem";
import type { z } from "zod";
import { errorStatus } from "./errorStatus.js";
import { HttpError } from "./HttpError.js";
import { InvalidInputError } from "./InvalidInputError.js";

/**
 * How a server writes its error bodies: the zod schema of the body (for the OpenAPI document and
 * for tests) and the function that wraps the one classification `{ error, code }` into it.
 *
 * @example
 * const adminErrors: ErrorEnvelope<{ error: string; code: string }> = {
 *   schema: z.object({ error: z.string(), code: z.string() }).meta({ id: "Error" }),
 *   wrap: (error) => error,
 * };
 */
export type ErrorEnvelope<Body = unknown> = {
  schema: z.ZodType<Body>;
  wrap(error: { error: string; code: string }): Body;
};

export type ErrorResponse<Body = unknown> = {
  status: number;
  /** The stable code, also inside `body`. */
  code: string;
  body: Body;
  headers: Record<string, string>;
};

/**
 * Turns anything thrown while serving a request into a status and the server's error body. Only
 * an error nobody anticipated becomes a 500, and its message is not shown (log it).
 *
 * @example
 * const { status, body, headers } = toErrorResponse(error, adminErrors);
 * response.status(status).set(headers).json(body);
 */
export function toErrorResponse<Body>(error: unknown, envelope: ErrorEnvelope<Body>): ErrorResponse<Body> {
  const { status, code, message, headers } = classify(error);
  // A message that quotes a caller's input without cutting it must not echo the input back whole.
  const shown = message.length > MESSAGE_LIMIT ? `${message.slice(0, MESSAGE_LIMIT - 1)}…` : message;
  return { status, code, body: envelope.wrap({ error: shown, code }), headers };
}

/** The longest error message an answer carries, in characters. */
const MESSAGE_LIMIT = 1_000;

type Classified = { status: number; code: string; message: string; headers: Record<string, string> };

function classify(error: unknown): Classified {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, headers: error.headers };
  }
  if (isPrivnetError(error)) {
    return { status: errorStatus[error.code], code: error.code, message: error.shortMessage, headers: {} };
  }
  if (error instanceof InvalidInputError) {
    return { status: 400, code: error.code, message: error.message, headers: {} };
  }
  const bodyError = classifyBodyParserError(error);
  if (bodyError) return classify(bodyError);
  // express decodes path parameters with decodeURIComponent: "%FF" or "%zz" throws, marked 400.
  if (error instanceof URIError) {
    return classify(
      new HttpError("MALFORMED_REQUEST", "The path has a malformed percent-escape (such as %FF or %zz)."),
    );
  }
  if (isTransportError(error)) return classify(new ChainUnreachableError({ cause: error }));
  if (isConnectionError(error)) {
    return classify(new HttpError("STORAGE_UNREACHABLE", "The database did not answer."));
  }
  return { status: 500, code: "INTERNAL", message: "Internal server error.", headers: {} };
}

/**
 * body-parser (which reads the bodies) signals its failures with a `type`; a body that is not in
 * its declared Content-Encoding (zlib's or brotli's own error) comes as a bare 400.
 */
function classifyBodyParserError(error: unknown): HttpError | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  if (!("type" in error)) {
    const { status, expose } = error as { status?: unknown; expose?: unknown };
    if (status === 400 && expose === true && isZlibError(error)) {
      return new HttpError(
        "MALFORMED_REQUEST",
        "The request body is not in the format its Content-Encoding names (gzip, deflate or br).",
      );
    }
    return undefined;
  }
  switch ((error as { type: unknown }).type) {
    case "entity.parse.failed":
      return new HttpError("INVALID_JSON", "The request body is not valid JSON.");
    case "entity.too.large":
      return new HttpError("BODY_TOO_LARGE", "The request body is too large.");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError("UNSUPPORTED_MEDIA_TYPE", "The request body's encoding is not supported.");
    case "request.aborted":
    case "request.size.invalid":
    case "stream.encoding.set":
    case "stream.not.readable":
      return new HttpError("INVALID_JSON", "The request body could not be read.");
    default:
      return undefined;
  }
}

/** zlib's errors carry its own codes (`Z_DATA_ERROR`, `ERR_BROTLI_…`, `ERR__ERROR_FORMAT_PADDING_1`…). */
function isZlibError(error: object): boolean {
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (typeof code === "string" && /^(Z_|ERR_BROTLI|ERR__ERROR)/.test(code)) || typeof errno === "number";
}

/** A viem request that failed because the node did not answer (not because it refused). */
function isTransportError(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (inner) =>
        inner instanceof HttpRequestError ||
        inner instanceof TimeoutError ||
        inner instanceof WebSocketRequestError ||
        inner instanceof SocketClosedError,
    ) !== null
  );
}

/** A socket-level failure, as database drivers (pg) raise them when the server is gone. */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    typeof code === "string" &&
    [
      "ECONNREFUSED",
      "ECONNRESET",
      "ETIMEDOUT",
      "EPIPE",
      "ENOTFOUND",
      "EHOSTUNREACH",
      "57P01",
      "57P03",
    ].includes(code)
  );
}
