import { ChainUnreachableError, isPrivnetError } from "@privnet/core";
import { BaseError, HttpRequestError, SocketClosedError, TimeoutError, WebSocketRequestError } from "viem";
import { ZodError } from "zod";
import { errorStatus } from "./errorStatus.js";
import { HttpError } from "./HttpError.js";

export type ErrorBody = { error: string; code: string };
export type ErrorResponse = { status: number; body: ErrorBody; headers: Record<string, string> };

/**
 * Turns anything thrown while serving a request into a status and a `{ error, code }` body. Only
 * an error nobody anticipated becomes a 500, and its message is not shown (it is logged).
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof HttpError) {
    return { status: error.status, body: { error: error.message, code: error.code }, headers: error.headers };
  }
  if (isPrivnetError(error)) {
    return {
      status: errorStatus[error.code as keyof typeof errorStatus] ?? 500,
      body: { error: error.shortMessage, code: error.code },
      headers: {},
    };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { error: describeZodError(error), code: zodErrorCode(error) }, headers: {} };
  }
  const bodyParserError = classifyBodyParserError(error);
  if (bodyParserError) return toErrorResponse(bodyParserError);
  if (isTransportError(error)) {
    return toErrorResponse(new ChainUnreachableError({ cause: error }));
  }
  if (isConnectionError(error)) {
    return {
      status: 503,
      body: { error: "The database did not answer.", code: "STORAGE_UNREACHABLE" },
      headers: {},
    };
  }
  return { status: 500, body: { error: "Internal server error.", code: "INTERNAL" }, headers: {} };
}

/**
 * "fromWalletId: is required; The amount \"-1\" is not valid: it is negative." Issues raised by
 * core's own parsers (see `checkedByCore`) keep core's message, which names the field already.
 */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      if (privnetCodeOf(issue)) return issue.message;
      const where = issue.path.length ? issue.path.join(".") : "body";
      return `${where}: ${describeIssue(issue)}`;
    })
    .join("; ");
}

/** zod's own wording, made plainer for the common cases (requires parsing with `reportInput`). */
function describeIssue(issue: ZodError["issues"][number]): string {
  if (issue.code === "invalid_type") {
    if (issue.input === undefined) return "is required";
    if (issue.message.startsWith("Invalid input"))
      return `expected ${article(issue.expected)}, got ${kindOf(issue.input)}`;
  }
  if (issue.code === "unrecognized_keys") {
    return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.map((key) => JSON.stringify(key)).join(", ")}`;
  }
  return issue.message;
}

function article(expected: string): string {
  return expected === "object"
    ? "a JSON object"
    : /^[aeiou]/.test(expected)
      ? `an ${expected}`
      : `a ${expected}`;
}

function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  return `${typeof value === "number" ? "the number" : typeof value} ${String(value)}`;
}

/** express.json() (body-parser) signals its failures with a `type` and a status. */
function classifyBodyParserError(error: unknown): HttpError | undefined {
  if (typeof error !== "object" || error === null || !("type" in error)) return undefined;
  switch ((error as { type: unknown }).type) {
    case "entity.parse.failed":
      return new HttpError(400, "INVALID_JSON", "The request body is not valid JSON.");
    case "entity.too.large":
      return new HttpError(413, "BODY_TOO_LARGE", "The request body is too large.");
    case "encoding.unsupported":
    case "charset.unsupported":
      return new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", "The request body's encoding is not supported.");
    case "request.aborted":
    case "request.size.invalid":
    case "stream.encoding.set":
      return new HttpError(400, "INVALID_JSON", "The request body could not be read.");
    default:
      return undefined;
  }
}

/** Core's code when every issue is one core raised with the same code, else VALIDATION_FAILED. */
function zodErrorCode(error: ZodError): string {
  const codes = new Set(error.issues.map(privnetCodeOf));
  const [only] = codes;
  return codes.size === 1 && only ? only : "VALIDATION_FAILED";
}

function privnetCodeOf(issue: ZodError["issues"][number]): string | undefined {
  const params = (issue as { params?: { privnetCode?: unknown } }).params;
  return typeof params?.privnetCode === "string" ? params.privnetCode : undefined;
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
