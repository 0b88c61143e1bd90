import { isPrivnetError } from "@privnet/core";
import { ZodError } from "zod";
import type { ErrorBody } from "./errorBody.js";
import { OracleHttpError } from "./OracleHttpError.js";

/** Statuses of the privnet error codes the oracle routes raise; any other code is a 500. */
const statusOf: Record<string, number> = {
  INVALID_SYMBOL: 400,
  INVALID_PRICE: 400,
  INVALID_ADDRESS: 400,
  INVALID_OPTIONS: 400,
  UNKNOWN_SYMBOL: 404,
  PRICE_NOT_AVAILABLE: 404,
  CHAIN_UNREACHABLE: 503,
  ORACLE_PUSH_FAILED: 503,
  PLATFORM_CLOSED: 503,
  CONTRACT_DEPLOYMENT_FAILED: 503,
};

export type ErrorResponse = { status: number; body: ErrorBody; headers: Record<string, string> };

/**
 * Turns anything thrown while serving a request into a status and a `{ success: false, error, code }`
 * body. Only an error nobody anticipated is a 500, without its message.
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  const body = (code: string, message: string): ErrorBody => ({ success: false, error: message, code });
  if (error instanceof OracleHttpError) {
    return { status: error.status, body: body(error.code, error.message), headers: error.headers };
  }
  if (isPrivnetError(error)) {
    return { status: statusOf[error.code] ?? 500, body: body(error.code, error.shortMessage), headers: {} };
  }
  if (error instanceof ZodError) {
    const message = error.issues
      .map((issue) => {
        const where = issue.path.length ? issue.path.join(".") : "body";
        return `${where}: ${issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message}`;
      })
      .join("; ");
    return { status: 400, body: body("VALIDATION_FAILED", message), headers: {} };
  }
  if (typeof error === "object" && error !== null && "type" in error) {
    const type = (error as { type: unknown }).type;
    if (type === "entity.too.large") {
      return { status: 413, body: body("BODY_TOO_LARGE", "The request body is too large."), headers: {} };
    }
    if (
      typeof type === "string" &&
      (type.startsWith("entity.") || type.endsWith(".unsupported") || type.startsWith("request."))
    ) {
      return { status: 400, body: body("INVALID_JSON", "The request body is not valid JSON."), headers: {} };
    }
  }
  return { status: 500, body: body("INTERNAL", "Internal server error."), headers: {} };
}
