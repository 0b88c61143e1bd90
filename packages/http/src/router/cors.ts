import type { RequestHandler } from "express";

/**
 * CORS for the listed origins only (exact match, or "*"). Without origins the API sends no CORS
 * headers at all, so browsers on other origins cannot read its answers. Preflights (`OPTIONS`)
 * from a listed origin are answered here with 204.
 *
 * @example
 * router.use(cors(["http://localhost:5173"]));
 */
export function cors(origins: readonly string[]): RequestHandler {
  const any = origins.includes("*");
  const allowed = new Set(origins);
  return (request, response, next) => {
    const origin = request.headers.origin;
    if (origin && (any || allowed.has(origin))) {
      response.setHeader("Access-Control-Allow-Origin", any ? "*" : origin);
      if (!any) response.setHeader("Vary", "Origin");
      response.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, Idempotency-Key");
      response.setHeader("Access-Control-Allow-Methods", "GET, POST, PUT, DELETE, OPTIONS");
      response.setHeader("Access-Control-Max-Age", "600");
      if (request.method === "OPTIONS") {
        response.status(204).end();
        return;
      }
    }
    next();
  };
}
