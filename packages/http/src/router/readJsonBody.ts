import { quoteInput } from "@privnet/core/internal";
import express, { type Request, type RequestHandler } from "express";
import { HttpError } from "../errors/HttpError.js";
import { measureJsonNesting } from "./measureJsonNesting.js";

const bodyRead = Symbol.for("privnet.http.bodyRead");

/**
 * How deep a body may nest. privnet's bodies are flat objects with the odd small array or object;
 * the limit only stops input built to exhaust the stack of whatever walks it next.
 */
export const MAX_JSON_NESTING = 64;

/**
 * Reads every request body as JSON. After it, `request.body` is the parsed value, or `undefined`
 * when the request had no body or an empty one — curl's `-X POST` without `-d` sends no
 * `Content-Length` at all, fetch sends `Content-Length: 0`, and both mean "no body", with or
 * without a content type.
 *
 * A body must say `Content-Type: application/json` (or a `+json` type), else 415: a web page can
 * send `text/plain` to any server without asking the browser first (a "simple" request), never
 * `application/json`. A body nested deeper than {@link MAX_JSON_NESTING} is a 400 quoting a short
 * excerpt around where it crossed the limit.
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
      if (!isJsonType(request)) {
        const given = request.headers["content-type"];
        return next(
          new HttpError(
            "UNSUPPORTED_MEDIA_TYPE",
            `A request body must be JSON sent with Content-Type: application/json (got ${
              given === undefined ? "no Content-Type" : quoteInput(given)
            }).`,
          ),
        );
      }
      const deepAt = measureJsonNesting(text, MAX_JSON_NESTING);
      if (deepAt >= 0) {
        const near = text.slice(Math.max(0, deepAt - 24), deepAt + 1);
        return next(
          new HttpError(
            "INVALID_JSON",
            `The request body nests deeper than ${MAX_JSON_NESTING} levels, at ${quoteInput(near)}.`,
          ),
        );
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

function isJsonType(request: Request): boolean {
  return request.is(["application/json", "application/*+json"]) !== false;
}
