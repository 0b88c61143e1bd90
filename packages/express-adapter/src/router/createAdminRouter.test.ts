import { Writable } from "node:stream";
import { createPlatform, type Platform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import express from "express";
import { pino } from "pino";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { buildAdminOpenApi } from "../openapi/buildAdminOpenApi.js";
import { type AdminServer, type AdminServerOptions, createAdminServer } from "../server/createAdminServer.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(options: AdminServerOptions = {}, platform?: Platform): Promise<AdminServer> {
  const used = platform ?? (await createPlatform({ transport: http(devnet.rpcUrl) }));
  if (!platform) cleanups.push(() => used.close());
  const server = await createAdminServer(used, { port: 0, logger: false, ...options });
  cleanups.push(() => server.close());
  return server;
}

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

describe("system routes", () => {
  test("GET /health answers status and block number", async () => {
    const { url } = await serve();
    await devnet.request("evm_mine");
    const { status, body, headers } = await call(`${url}/health`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body).toEqual({ status: "ok", blockNumber: 1 });
  });

  test("GET /network answers chain id and gas price as decimal text, the block number as an integer", async () => {
    const { url } = await serve();
    await devnet.request("evm_mine");
    const { status, body } = await call(`${url}/network`);
    expect(status).toBe(200);
    expect(body).toEqual({
      chainId: "3151908",
      blockNumber: 1,
      gasPrice: expect.stringMatching(/^[1-9]\d*$/),
    });
  });

  test("a chain that stopped answering is a 503 with the JSON error shape", async () => {
    const own = await startDevnet({ port: 0, blockTime: 0 });
    const platform = await createPlatform({ transport: http(own.rpcUrl, { retryCount: 0 }) });
    cleanups.push(() => platform.close());
    const { url } = await serve({}, platform);
    await own.stop();
    const { status, body } = await call(`${url}/health`);
    expect(status).toBe(503);
    expect(body).toEqual({
      error: "The chain's JSON-RPC endpoint did not answer.",
      code: "CHAIN_UNREACHABLE",
    });
  });
});

describe("errors are JSON, never HTML", () => {
  test("an unknown route is a JSON 404", async () => {
    const { url } = await serve();
    const { status, body, headers } = await call(`${url}/no/such/route`);
    expect(status).toBe(404);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    expect(body).toEqual({ error: "No route for GET /no/such/route.", code: "NOT_FOUND" });
  });

  test("a known path with another method is a 405 naming the allowed methods", async () => {
    const { url } = await serve();
    const { status, body, headers } = await call(`${url}/health`, { method: "DELETE" });
    expect(status).toBe(405);
    expect(headers.get("allow")).toBe("GET");
    expect(body).toEqual({ error: "DELETE is not allowed here; use GET.", code: "METHOD_NOT_ALLOWED" });
  });

  test("a body that is not JSON is a 400", async () => {
    const { url } = await serve();
    const { status, body } = await call(`${url}/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error: "The request body is not valid JSON.", code: "INVALID_JSON" });
  });

  test("a body over the limit is a 413", async () => {
    const { url } = await serve({ bodyLimit: 1024 });
    const { status, body } = await call(`${url}/health`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ padding: "x".repeat(2048) }),
    });
    expect(status).toBe(413);
    expect(body).toEqual({ error: "The request body is too large.", code: "BODY_TOO_LARGE" });
  });
});

describe("bearer token", () => {
  test("with a token, every route but /health needs it", async () => {
    const { url } = await serve({ token: "correct horse" });
    const missing = await call(`${url}/network`);
    expect(missing.status).toBe(401);
    expect(missing.headers.get("www-authenticate")).toBe('Bearer realm="privnet"');
    expect(missing.body).toEqual({
      error: "This API needs an Authorization: Bearer <token> header.",
      code: "UNAUTHORIZED",
    });
    const wrong = await call(`${url}/network`, { headers: { authorization: "Bearer wrong" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: "The bearer token is wrong.", code: "UNAUTHORIZED" });
    const right = await call(`${url}/network`, { headers: { authorization: "Bearer correct horse" } });
    expect(right.status).toBe(200);
    expect((await call(`${url}/openapi.json`)).status).toBe(401);
    expect((await call(`${url}/metrics`)).status).toBe(401);
    expect((await call(`${url}/health`)).status).toBe(200);
  });

  test("every route of the API but /health refuses a request without the token", async () => {
    const { adminRoutes } = await import("../routes/index.js");
    const { url } = await serve({ token: "s3cret" });
    for (const route of adminRoutes) {
      const path = route.path
        .replace(":id", "1")
        .replace(":address", "0x000000000000000000000000000000000000dEaD");
      const { status, body } = await call(`${url}${path}`, {
        method: route.method.toUpperCase(),
        ...(route.body ? { body: "{}", headers: { "content-type": "application/json" } } : {}),
      });
      expect(status, `${route.method} ${route.path}`).toBe(route.public ? 200 : 401);
      if (!route.public) expect(body).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  test("PRIVNET_ADMIN_TOKEN sets the token when the option is absent", async () => {
    process.env.PRIVNET_ADMIN_TOKEN = "from-env";
    cleanups.push(async () => {
      delete process.env.PRIVNET_ADMIN_TOKEN;
    });
    const { url } = await serve();
    expect((await call(`${url}/network`)).status).toBe(401);
    expect((await call(`${url}/network`, { headers: { authorization: "Bearer from-env" } })).status).toBe(
      200,
    );
  });

  test("without a token, nothing asks for one", async () => {
    const { url } = await serve();
    expect((await call(`${url}/network`)).status).toBe(200);
  });
});

describe("CORS", () => {
  test("is off unless origins are listed", async () => {
    const { url } = await serve();
    const { headers } = await call(`${url}/health`, { headers: { origin: "http://elsewhere.test" } });
    expect(headers.get("access-control-allow-origin")).toBeNull();
  });

  test("answers listed origins only, including preflight", async () => {
    const { url } = await serve({ corsOrigins: ["http://panel.test"] });
    const allowed = await call(`${url}/health`, { headers: { origin: "http://panel.test" } });
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://panel.test");
    const other = await call(`${url}/health`, { headers: { origin: "http://elsewhere.test" } });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await call(`${url}/network`, {
      method: "OPTIONS",
      headers: { origin: "http://panel.test", "access-control-request-method": "GET" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toContain("Authorization");
  });
});

describe("documentation and metrics", () => {
  test("GET /openapi.json is an OpenAPI 3.1 document of every route", async () => {
    const { url } = await serve();
    const { status, body } = await call(`${url}/openapi.json`);
    expect(status).toBe(200);
    const document = body as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.openapi).toBe("3.1.0");
    expect(document.paths["/health"]?.get?.operationId).toBe("getHealth");
    expect(Object.keys(document.paths["/network"]?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "500", "503"]),
    );
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["error", "code"],
    });
    const { adminRoutes } = await import("../routes/index.js");
    for (const route of adminRoutes) {
      const path = route.path.replace(/:(\w+)/g, "{$1}");
      expect(document.paths[path]?.[route.method]?.operationId, `${route.method} ${path}`).toBe(
        route.operationId,
      );
    }
    const send = document.paths["/send"]?.post as unknown as {
      parameters: { name: string; in: string }[];
      requestBody: { required: boolean };
      responses: Record<string, unknown>;
    };
    expect(send.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", in: "header" }),
    );
    expect(send.requestBody.required).toBe(true);
    expect(Object.keys(send.responses)).toEqual(
      expect.arrayContaining(["200", "400", "404", "409", "413", "422", "500", "503"]),
    );
    expect(document.components.schemas.SendBody).toMatchObject({
      required: ["fromWalletId", "toAddress", "amount"],
      properties: { amount: { type: "string" }, fromWalletId: { type: "integer" } },
    });
    expect(JSON.stringify(document.components.schemas.WalletSummary)).not.toContain("private_key");
    expect(document.components.schemas.Network).toMatchObject({
      properties: {
        chainId: { type: "string" },
        blockNumber: { type: "integer" },
        gasPrice: { type: "string" },
      },
    });
    expect(document.components.schemas.Health).toMatchObject({
      properties: { blockNumber: { type: "integer" } },
    });
    expect(document.components.schemas.DiskUsage).toMatchObject({
      properties: { usePercent: { type: "integer", minimum: 0, maximum: 100 } },
    });
    // Without a token no route can answer 401, and the document says so.
    expect(JSON.stringify(document.paths)).not.toContain('"401"');
    expect(document).not.toHaveProperty("security");
  });

  test("with a token, /openapi.json declares bearer auth and every route but /health can answer 401", async () => {
    const { url } = await serve({ token: "s3cret" });
    const { body } = await call(`${url}/openapi.json`, { headers: { authorization: "Bearer s3cret" } });
    const document = body as {
      security: unknown;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown }>>;
      components: { securitySchemes: unknown };
    };
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.components.securitySchemes).toEqual({ bearerAuth: { type: "http", scheme: "bearer" } });
    expect(document.paths["/health"]?.get).toMatchObject({ security: [] });
    expect(document.paths["/health"]?.get?.responses).not.toHaveProperty("401");
    expect(document.paths["/send"]?.post?.responses).toHaveProperty("401");
    expect(document.paths["/bots/events"]?.get?.responses).toHaveProperty("401");
    // What the panel's types are generated from is this very document, built without a server.
    expect(body).toEqual(JSON.parse(JSON.stringify(buildAdminOpenApi({ bearerAuth: true }))));
    const open = await serve();
    expect((await call(`${open.url}/openapi.json`)).body).toEqual(
      JSON.parse(JSON.stringify(buildAdminOpenApi())),
    );
  });

  test("GET /docs is a reference of every operation, served without the internet", async () => {
    const { url } = await serve();
    const page = await call(`${url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = page.body as string;
    const document = buildAdminOpenApi();
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        path,
        method,
        operation: operation as { operationId: string; summary: string },
      })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(18);
    for (const { path, method, operation } of operations) {
      expect(html).toContain(`id="${operation.operationId}"`);
      expect(html).toContain(
        `<span class="method ${method}">${method.toUpperCase()}</span> <code>${path.replaceAll("&", "&amp;")}</code>`,
      );
      expect(html).toContain(
        operation.summary.replaceAll("&", "&amp;").replaceAll("'", "&#39;").replaceAll('"', "&quot;"),
      );
    }
    for (const name of Object.keys(document.components.schemas))
      expect(html).toContain(`id="schema-${name}"`);
    expect(html).toContain('href="openapi.json"');
    // Nothing for a browser to fetch from elsewhere: no script at all, no absolute URL in src/href.
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).not.toMatch(/@import|url\(/i);
  });

  test("GET /docs marks the routes that need the token when one is set", async () => {
    const { url } = await serve({ token: "s3cret" });
    const page = await call(`${url}/docs`, { headers: { authorization: "Bearer s3cret" } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Authorization: Bearer &lt;token&gt;");
    expect(page.body).toMatch(/<code>\/send<\/code> <span class="auth"/);
    expect(page.body).not.toMatch(/<code>\/health<\/code> <span class="auth"/);
  });

  test("GET /metrics counts requests and reports the block height", async () => {
    const { url } = await serve();
    await devnet.request("evm_mine");
    await call(`${url}/health`);
    await call(`${url}/nowhere`);
    const { status, body, headers } = await call(`${url}/metrics`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/plain/);
    expect(body).toContain('privnet_http_requests_total{method="GET",route="/health",status="200"} 1');
    expect(body).toContain('privnet_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(body).toContain("privnet_block_height 1");
    expect(body).toContain("privnet_pending_transactions 0");
  });
});

describe("logs and mounting", () => {
  test("one structured line per request, without bodies or headers", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const { url } = await serve({ logger: pino(sink), token: "t0ken" });
    const secret = `0x${"ab".repeat(32)}`;
    await call(`${url}/health`, {
      method: "POST",
      headers: { authorization: "Bearer t0ken", "content-type": "application/json" },
      body: JSON.stringify({ privateKey: secret }),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ method: "POST", path: "/health", status: 405, msg: "request" });
    const text = JSON.stringify(lines);
    expect(text).not.toContain(secret);
    expect(text).not.toContain("t0ken");
  });

  test("the router mounts under any prefix of another app", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
    cleanups.push(() => platform.close());
    const { createAdminRouter } = await import("./createAdminRouter.js");
    const app = express();
    app.use("/admin", createAdminRouter(platform, { logger: false }));
    app.get("/other", (_request, response) => {
      response.json({ mine: true });
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    expect((await call(`${base}/admin/health`)).body).toEqual({ status: "ok", blockNumber: 0 });
    expect((await call(`${base}/other`)).body).toEqual({ mine: true });
    expect((await call(`${base}/admin/nowhere`)).body).toEqual({
      error: "No route for GET /nowhere.",
      code: "NOT_FOUND",
    });
  });
});
