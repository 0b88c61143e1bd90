import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";

/**
 * Requires `Authorization: Bearer <token>` unless `isPublic(path, method)`. Compares in constant
 * time; preflight requests (OPTIONS) pass, CORS answers them.
 */
export function bearerAuth(
  token: string,
  isPublic: (path: string, method: string) => boolean,
): RequestHandler {
  const expected = Buffer.from(token);
  return (request, _response, next) => {
    if (request.method === "OPTIONS" || isPublic(request.path, request.method)) return next();
    const header = request.headers.authorization ?? "";
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const given = Buffer.from(match?.[1]?.trim() ?? "");
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    next(
      new HttpError(
        "UNAUTHORIZED",
        match ? "The bearer token is wrong." : "This API needs an Authorization: Bearer <token> header.",
        { "WWW-Authenticate": 'Bearer realm="privnet"' },
      ),
    );
  };
}
