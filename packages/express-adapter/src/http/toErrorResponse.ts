import { isPrivnetError } from "@privnet/core";
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
    return { status: 400, body: { error: describeZodError(error), code: "VALIDATION_FAILED" }, headers: {} };
  }
  const bodyParserError = classifyBodyParserError(error);
  if (bodyParserError) return toErrorResponse(bodyParserError);
  return { status: 500, body: { error: "Internal server error.", code: "INTERNAL" }, headers: {} };
}

/** "amount: must be a positive decimal string; toAddress: required" */
export function describeZodError(error: ZodError): string {
  return error.issues
    .map((issue) => {
      const where = issue.path.length ? issue.path.join(".") : "body";
      const message =
        issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message;
      return `${where}: ${message}`;
    })
    .join("; ");
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
