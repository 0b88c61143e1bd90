import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { Router } from "express";
import { afterAll, describe, expect, test } from "vitest";
import { call, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();

// A stand-in for a built single-page app: what `vite build` writes.
const appDir = mkdtempSync(join(tmpdir(), "privnet-app-"));
mkdirSync(join(appDir, "assets"));
writeFileSync(join(appDir, "index.html"), '<!doctype html><div id="root"></div>');
writeFileSync(join(appDir, "assets", "index-abc123.js"), "console.log('app');");
writeFileSync(join(appDir, "favicon.svg"), "<svg/>");
const unbuiltDir = mkdtempSync(join(tmpdir(), "privnet-unbuilt-"));
afterAll(() => {
  rmSync(appDir, { recursive: true, force: true });
  rmSync(unbuiltDir, { recursive: true, force: true });
});

function extraRouter() {
  const router = Router();
  router.get("/hello", (_request, response) => {
    response.json({ hello: "world" });
  });
  return router;
}

async function serve(token?: string, app = appDir) {
  const platform = await startPlatform(devnet.rpcUrl);
  return serveAdmin(platform, {
    ...(token ? { token } : {}),
    mounts: [
      { path: "/panel", app },
      { path: "/extra", router: extraRouter() },
    ],
  });
}

/** GET without following redirects (fetch would follow them). */
function rawGet(url: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, location: response.headers.location });
    });
    request.on("error", reject);
    request.end();
  });
}

describe("mounts beside the admin API", () => {
  test("an app is served with index.html for deep links, its assets cached, /panel redirected to /panel/", async () => {
    const { url } = await serve();
    expect(await rawGet(`${url}/panel?x=1`)).toEqual({ status: 308, location: "/panel/?x=1" });
    for (const path of ["/panel/", "/panel/wallets/3", "/panel/bots"]) {
      const page = await call(`${url}${path}`);
      expect(page.status, path).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toBe('<!doctype html><div id="root"></div>');
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(page.headers.get("content-security-policy")).toMatch(/^default-src 'self';/);
    }
    const asset = await call(`${url}/panel/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toMatch(/javascript/);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await call(`${url}/panel/favicon.svg`)).status).toBe(200);
  });

  test("a missing file is the API's JSON 404, never the page in its place", async () => {
    const { url } = await serve();
    for (const path of ["/panel/assets/gone-123.js", "/panel/missing.png", "/panel/assets/deep/link"]) {
      const answer = await call(`${url}${path}`);
      expect(answer.status, path).toBe(404);
      expect(answer.body).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  test("a router is reached before the API's 404; the API's own routes and 404 are unchanged", async () => {
    const { url } = await serve();
    expect(await call(`${url}/extra/hello`)).toMatchObject({ status: 200, body: { hello: "world" } });
    expect(await call(`${url}/health`)).toMatchObject({ status: 200, body: { status: "ok" } });
    expect(await call(`${url}/nothing`)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
  });

  test("with a token the app loads without it (it asks for it); the API and routers need it", async () => {
    const { url } = await serve("s3cret");
    expect((await call(`${url}/panel/wallets/1`)).status).toBe(200);
    expect((await call(`${url}/panel/assets/index-abc123.js`)).status).toBe(200);
    expect(await call(`${url}/extra/hello`)).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    expect((await call(`${url}/wallets`)).status).toBe(401);
    const authorized = { headers: { authorization: "Bearer s3cret" } };
    expect(await call(`${url}/extra/hello`, authorized)).toMatchObject({ status: 200 });
    expect((await call(`${url}/wallets`, authorized)).status).toBe(200);
  });

  test("an app folder without a build answers a JSON 404 that says how to build it", async () => {
    const { url } = await serve(undefined, unbuiltDir);
    const answer = await call(`${url}/panel/`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "NOT_FOUND", error: expect.stringMatching(/is not built/) });
  });

  test("metrics count a mount under its path, not under each deep link", async () => {
    const { url } = await serve();
    for (const id of [1, 2, 3]) await call(`${url}/panel/wallets/${id}`);
    const metrics = await call(`${url}/metrics`);
    expect(metrics.text).toMatch(/privnet_http_requests_total\{[^}]*route="\/panel"[^}]*\} 3/);
    expect(metrics.text).not.toContain("/panel/wallets");
  });
});
