import express, { type RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";

const bodyRead = Symbol.for("privnet.http.bodyRead");

/**
 * Reads every request body as JSON, whatever its content type claims: a client that forgets the
 * header still gets its JSON read, and a body that is not JSON is a clear 400. After it,
 * `request.body` is the parsed value, or `undefined` when the request had no body or an empty one
 * — curl's `-X POST` without `-d` sends no `Content-Length` at all, fetch sends `Content-Length: 0`,
 * and both mean "no body".
 *
 * body-parser's text reader does the reading (size limit, charset, content encodings, its typed
 * errors); the JSON is parsed here so that an empty body stays distinguishable from `{}`.
 */
export function readJsonBody(limit: number | string): RequestHandler {
  const readText = express.text({ limit, type: () => true, defaultCharset: "utf-8" });
  return (request, response, next) => {
    // A router mounted inside another one built on this toolkit: the outer one read the body.
    const marked = request as typeof request & { [bodyRead]?: true };
    if (marked[bodyRead]) return next();
    marked[bodyRead] = true;
    readText(request, response, (error?: unknown) => {
      if (error) return next(error);
      const text: unknown = request.body;
      if (typeof text !== "string" || text === "") {
        request.body = undefined;
        return next();
      }
      try {
        request.body = JSON.parse(text);
      } catch {
        return next(new HttpError("INVALID_JSON", "The request body is not valid JSON."));
      }
      next();
    });
  };
}
