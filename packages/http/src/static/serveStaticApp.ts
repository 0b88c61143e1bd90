import { existsSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { extname, join } from "node:path";
import express, { type RequestHandler, Router } from "express";
import { HttpError } from "../errors/HttpError.js";

/**
 * Where the app may load anything from: its own origin only. The app is a self-contained build (no
 * CDN, no web fonts), so this only ever blocks what should not be there.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'";

/**
 * Serves a built single-page app (such as `@privnet/panel`'s) from `dir`: its files, and its
 * `index.html` for every other path without a file extension, so that deep links load. Mounted at
 * `/panel`, a request for `/panel` is redirected to `/panel/`. Hashed files under `assets/` are
 * cached for a year; `index.html` is revalidated every time. A missing file falls through to the
 * router it is mounted in: the API's JSON 404.
 *
 * @example
 * createApiRouter({ …, extraRoutes: [{ method: "use", path: "/panel", handler: serveStaticApp(panelDir), public: true }] });
 */
export function serveStaticApp(dir: string): Router {
  const index = join(dir, "index.html");
  const router = Router();
  // "/panel" → "/panel/": the app's relative URLs and its router expect the trailing slash.
  router.get("/", (request, response, next) => {
    const [path = "", query] = request.originalUrl.split("?");
    if (path.endsWith("/")) return next();
    response.redirect(308, `${path}/${query === undefined ? "" : `?${query}`}`);
  });
  router.use(
    "/assets",
    express.static(join(dir, "assets"), {
      index: false,
      fallthrough: true,
      immutable: true,
      maxAge: "365d",
    }),
  );
  router.use(
    express.static(dir, {
      index: false,
      fallthrough: true,
      setHeaders: (response, path) => {
        if (path.endsWith(".html")) setPageHeaders(response);
      },
    }),
  );
  const sendIndex: RequestHandler = (request, response, next) => {
    if (extname(request.path) !== "" || request.path.startsWith("/assets/")) return next();
    if (!existsSync(index)) {
      return next(
        new HttpError(
          "NOT_FOUND",
          `The app at ${request.baseUrl} is not built: ${dir} has no index.html (run \`pnpm --filter @privnet/panel build\`).`,
        ),
      );
    }
    setPageHeaders(response);
    response.sendFile(index, { cacheControl: false }, (error) => {
      if (error) next(error);
    });
  };
  router.get(/.*/, sendIndex);
  return router;
}

/** The page is revalidated on every load (it names the current hashed assets) and may load nothing foreign. */
function setPageHeaders(response: ServerResponse): void {
  response.setHeader("Cache-Control", "no-cache");
  response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
  response.setHeader("X-Content-Type-Options", "nosniff");
}
