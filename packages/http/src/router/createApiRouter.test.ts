import { createPlatform, InvalidAmountError, type Platform } from "@privnet/core";
import { parseAmount } from "@privnet/core/internal";
import { useDevnet } from "@privnet/devnet/vitest";
import express from "express";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { z } from "zod";
import type { ErrorEnvelope } from "../errors/toErrorResponse.js";
import type { RequestLogger, RequestObservation } from "../observe/observeRequests.js";
import { defineEventStream } from "../routes/defineEventStream.js";
import { defineRoute } from "../routes/defineRoute.js";
import { startServer } from "../server/startServer.js";
import { curlRequest } from "../testing/curlRequest.js";
import { httpRequest } from "../testing/httpRequest.js";
import { checkedByCore } from "../validation/checkedByCore.js";
import { type ApiRouterOptions, createApiRouter } from "./createApiRouter.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const errors: ErrorEnvelope<{ failed: true; error: string; code: string }> = {
  schema: z.object({ failed: z.literal(true), error: z.string(), code: z.string() }),
  wrap: ({ error, code }) => ({ failed: true, error, code }),
};

const echo = z.object({ got: z.unknown() });
const routes = [
  defineRoute({
    method: "post",
    path: "/needs",
    operationId: "needs",
    summary: "needs a body",
    tag: "t",
    body: {
      schema: z.strictObject({ amount: checkedByCore(parseAmount, { type: "string", description: "ETH" }) }),
      required: true,
    },
    response: echo,
    errors: {},
    handler: async ({ body }) => ({ got: body }),
  }),
  defineRoute({
    method: "post",
    path: "/optional",
    operationId: "optional",
    summary: "optional body",
    tag: "t",
    body: { schema: z.strictObject({ n: z.int().default(7) }), required: false },
    response: echo,
    successStatus: 201,
    errors: {},
    handler: async ({ body }) => ({ got: body }),
  }),
  defineRoute({
    method: "post",
    path: "/none",
    operationId: "none",
    summary: "no body",
    tag: "t",
    response: echo,
    errors: {},
    handler: async ({ body }) => ({ got: body }),
  }),
  defineRoute({
    method: "get",
    path: "/health",
    operationId: "health",
    summary: "public, 200 or 503 with one body",
    tag: "t",
    public: true,
    query: z.object({ up: z.enum(["yes", "no"]).default("yes") }),
    response: z.object({ up: z.boolean() }),
    successStatus: { statuses: { 200: "up", 503: "down" }, pick: (answer) => (answer.up ? 200 : 503) },
    errors: {},
    handler: async ({ query }) => ({ up: query.up === "yes" }),
  }),
  defineRoute({
    method: "get",
    path: "/wrong-answer",
    operationId: "wrongAnswer",
    summary: "answers what its schema does not allow",
    tag: "t",
    response: z.object({ n: z.int() }),
    errors: {},
    handler: async () => ({ n: "not a number" }) as unknown as { n: number },
  }),
  defineRoute({
    method: "get",
    path: "/secret",
    operationId: "secret",
    summary: "strips what its schema does not list",
    tag: "t",
    response: z.object({ shown: z.string() }),
    errors: {},
    handler: async () => ({ shown: "yes", privateKey: "0xabc" }),
  }),
  defineRoute({
    method: "get",
    path: "/core-error",
    operationId: "coreError",
    summary: "throws core's error",
    tag: "t",
    response: echo,
    errors: { 400: "always" },
    handler: async () => {
      throw new InvalidAmountError("x", "not a number.");
    },
  }),
];

const ticks = defineEventStream({
  path: "/ticks",
  operationId: "ticks",
  summary: "ticks",
  tag: "t",
  query: z.object({ from: z.coerce.number().int().default(0) }),
  events: "`tick`",
  open({ query, stream }) {
    stream.send("tick", { n: query.from });
    return () => {};
  },
});

let platform: Platform | undefined;
async function serve(options: Partial<ApiRouterOptions<unknown>> = {}) {
  if (!platform) {
    const created = await createPlatform({ transport: http(devnet.rpcUrl) });
    platform = created;
    cleanups.push(async () => {
      platform = undefined;
      await created.close();
    });
  }
  const app = express();
  app.use(
    createApiRouter({
      platform,
      routes,
      streams: [ticks],
      errors,
      openApi: { title: "test", description: "a test API", version: "1.0.0" },
      bodyLimit: "1kb",
      ...options,
    }),
  );
  const served = await startServer(app, { port: 0, host: "127.0.0.1" });
  cleanups.push(() => served.close());
  return served.url;
}

const post = (url: string, body?: string) =>
  httpRequest(url, {
    method: "POST",
    ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }),
  });

describe("bodies", () => {
  test("a route that needs a body: no body (curl, Content-Length: 0, chunked) says so; {} names the field", async () => {
    const url = await serve();
    const needs = { failed: true, error: "This route needs a JSON body.", code: "VALIDATION_FAILED" };
    expect(await curlRequest(`${url}/needs`, { method: "POST" })).toMatchObject({ status: 400, body: needs });
    expect(await post(`${url}/needs`)).toMatchObject({ status: 400, body: needs });
    expect(await httpRequest(`${url}/needs`, { method: "POST", framing: "chunked" })).toMatchObject({
      status: 400,
      body: needs,
    });
    expect(await post(`${url}/needs`, "{}")).toMatchObject({
      status: 400,
      body: { error: "amount: is required", code: "VALIDATION_FAILED" },
    });
    expect(await post(`${url}/needs`, "null")).toMatchObject({
      status: 400,
      body: { error: "body: expected a JSON object, got null" },
    });
    expect(await post(`${url}/needs`, '{"amount":"-1"}')).toMatchObject({
      status: 400,
      body: { error: 'The amount "-1" is not valid: it is negative.', code: "INVALID_AMOUNT" },
    });
    expect(await post(`${url}/needs`, '{"amount":"1.5"}')).toMatchObject({
      status: 200,
      body: { got: { amount: "1.5" } },
    });
  });

  test("an optional body: none (every way) and {} parse as {}; fields are checked", async () => {
    const url = await serve();
    const defaults = { status: 201, body: { got: { n: 7 } } };
    expect(await curlRequest(`${url}/optional`, { method: "POST" })).toMatchObject(defaults);
    expect(await post(`${url}/optional`)).toMatchObject(defaults);
    expect(await httpRequest(`${url}/optional`, { method: "POST", framing: "chunked" })).toMatchObject(
      defaults,
    );
    expect(await post(`${url}/optional`, "{}")).toMatchObject(defaults);
    expect(await post(`${url}/optional`, '{"n":3}')).toMatchObject({ status: 201, body: { got: { n: 3 } } });
    expect(await post(`${url}/optional`, '{"m":3}')).toMatchObject({
      status: 400,
      body: { error: 'body: unknown field "m"' },
    });
  });

  test("no body: none (every way) and {} are fine, a field is a 400 naming it, a non-object too", async () => {
    const url = await serve();
    const fine = { status: 200, body: { got: {} } };
    expect(await curlRequest(`${url}/none`, { method: "POST" })).toMatchObject(fine);
    expect(await post(`${url}/none`)).toMatchObject(fine);
    expect(await httpRequest(`${url}/none`, { method: "POST", framing: "chunked" })).toMatchObject(fine);
    expect(await post(`${url}/none`, "{}")).toMatchObject(fine);
    expect(await post(`${url}/none`, '{"a":1,"b":2}')).toMatchObject({
      status: 400,
      body: { error: 'body: unknown fields "a", "b"', code: "VALIDATION_FAILED" },
    });
    expect(await post(`${url}/none`, "[]")).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    expect(await post(`${url}/none`, "{ nope")).toMatchObject({
      status: 400,
      body: { failed: true, error: "The request body is not valid JSON.", code: "INVALID_JSON" },
    });
    expect(await post(`${url}/none`, JSON.stringify({ pad: "x".repeat(2000) }))).toMatchObject({
      status: 413,
      body: { code: "BODY_TOO_LARGE" },
    });
  });
});

describe("answers", () => {
  test("an answer that does not fit its schema is a 500, logged with the reason; extra keys are stripped", async () => {
    const lines: { level: string; entry: Record<string, unknown>; message: string }[] = [];
    const logger: RequestLogger = {
      info: (entry, message) =>
        lines.push({ level: "info", entry: entry as Record<string, unknown>, message }),
      error: (entry, message) =>
        lines.push({ level: "error", entry: entry as Record<string, unknown>, message }),
    };
    const url = await serve({ logger });
    expect(await httpRequest(`${url}/wrong-answer`, { method: "GET" })).toMatchObject({
      status: 500,
      body: { failed: true, error: "Internal server error.", code: "INTERNAL" },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      message: "request failed",
      entry: { status: 500, path: "/wrong-answer" },
    });
    expect(String(lines[0]?.entry.err)).toContain(
      "The answer of GET /wrong-answer does not match its schema.",
    );
    expect((await httpRequest(`${url}/secret`, { method: "GET" })).body).toEqual({ shown: "yes" });
    expect(lines[1]).toMatchObject({
      level: "info",
      message: "request",
      entry: { status: 200, path: "/secret" },
    });
  });

  test("the success status can come from the answer; core's errors map through the one table", async () => {
    const url = await serve();
    expect(await httpRequest(`${url}/health`, { method: "GET" })).toMatchObject({
      status: 200,
      body: { up: true },
    });
    expect(await httpRequest(`${url}/health?up=no`, { method: "GET" })).toMatchObject({
      status: 503,
      body: { up: false },
    });
    expect(await httpRequest(`${url}/core-error`, { method: "GET" })).toMatchObject({
      status: 400,
      body: { failed: true, code: "INVALID_AMOUNT" },
    });
  });

  test("a hook runs around the handler with the parsed body, and can answer itself", async () => {
    const calls: unknown[] = [];
    const url = await serve({
      hook: async ({ route, body }, next) => {
        calls.push([route.operationId, body]);
        if (route.path !== "/optional") return next();
        const answer = await next();
        return { ...answer, headers: { "X-Wrapped": "yes" } };
      },
    });
    const answer = await post(`${url}/optional`, '{"n":1}');
    expect(answer).toMatchObject({ status: 201, body: { got: { n: 1 } }, headers: { "x-wrapped": "yes" } });
    await post(`${url}/none`);
    expect(calls).toEqual([
      ["optional", { n: 1 }],
      ["none", {}],
    ]);
  });
});

describe("routing, auth and the document", () => {
  test("a router mounted inside another one: observed once, under the mount's path; the body read once", async () => {
    const created = await createPlatform({ transport: http(devnet.rpcUrl) });
    cleanups.push(() => created.close());
    const common = {
      platform: created,
      errors,
      bodyLimit: "1kb",
      openApi: { title: "t", description: "", version: "1" },
    };
    type Line = { level: string; entry: Record<string, unknown> };
    const recorder = (lines: Line[]): RequestLogger => ({
      info: (entry) => lines.push({ level: "info", entry: entry as Record<string, unknown> }),
      error: (entry) => lines.push({ level: "error", entry: entry as Record<string, unknown> }),
    });
    const outerLines: Line[] = [];
    const innerLines: Line[] = [];
    const outerCounts: RequestObservation[] = [];
    const innerCounts: RequestObservation[] = [];
    // Observations arrive when each response closes, which may come after the client has read it.
    let counted: () => void = () => {};
    const threeCounted = new Promise<void>((resolve) => {
      counted = () => outerCounts.length === 3 && resolve();
    });
    const inner = createApiRouter({
      ...common,
      routes,
      logger: recorder(innerLines),
      onRequest: (observation) => innerCounts.push(observation),
    });
    const outer = createApiRouter({
      ...common,
      routes: [],
      extraRoutes: [{ method: "use", path: "/inner", handler: inner }],
      logger: recorder(outerLines),
      onRequest: (observation) => {
        outerCounts.push(observation);
        counted();
      },
    });
    const served = await startServer(express().use(outer), { port: 0, host: "127.0.0.1" });
    cleanups.push(() => served.close());

    const answered = await post(`${served.url}/inner/optional`, '{"n":2}');
    expect(answered).toMatchObject({ status: 201, body: { got: { n: 2 } } });
    expect(await post(`${served.url}/inner/needs`)).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_FAILED" },
    });
    // The inner router's own 404, in its envelope, still counted once under the mount.
    expect(await httpRequest(`${served.url}/inner/nowhere`, { method: "GET" })).toMatchObject({
      status: 404,
      body: { failed: true, code: "NOT_FOUND" },
    });
    await threeCounted;
    // One request id (the outer router's, the one its log line carries), one line, one count each.
    const id = answered.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(outerLines).toEqual([
      {
        level: "info",
        entry: expect.objectContaining({ id, method: "POST", path: "/inner/optional", status: 201 }),
      },
      {
        level: "info",
        entry: expect.objectContaining({ method: "POST", path: "/inner/needs", status: 400 }),
      },
      {
        level: "info",
        entry: expect.objectContaining({ method: "GET", path: "/inner/nowhere", status: 404 }),
      },
    ]);
    expect(outerCounts.map(({ method, route, status }) => ({ method, route, status }))).toEqual([
      { method: "POST", route: "/inner", status: 201 },
      { method: "POST", route: "/inner", status: 400 },
      { method: "GET", route: "/inner", status: 404 },
    ]);
    expect(innerLines).toEqual([]);
    expect(innerCounts).toEqual([]);
  });

  test("with a token, a public extra serves everything under its path without it; others need it", async () => {
    const page = express.Router().get(/.*/, (request, response) => {
      response.json({ page: request.path });
    });
    const url = await serve({
      token: "t0ken",
      extraRoutes: [
        { method: "use", path: "/app", handler: page, public: true },
        { method: "use", path: "/private", handler: page },
        {
          method: "get",
          path: "/about",
          handler: (_request, response) => void response.json({}),
          public: true,
        },
      ],
    });
    for (const path of ["/app", "/app/", "/app/deep/link", "/about"]) {
      expect(await httpRequest(`${url}${path}`, { method: "GET" }), path).toMatchObject({ status: 200 });
    }
    // A prefix is public as a path segment, not as a string: /application is not under /app.
    for (const path of ["/application", "/private/x", "/none"]) {
      expect(await httpRequest(`${url}${path}`, { method: "GET" }), path).toMatchObject({
        status: 401,
        body: { code: "UNAUTHORIZED" },
      });
    }
    expect(
      await httpRequest(`${url}/private/x`, { method: "GET", headers: { authorization: "Bearer t0ken" } }),
    ).toMatchObject({ status: 200, body: { page: "/x" } });
  });

  test("405 with Allow for known paths (routes, streams, the document), JSON 404 for the rest", async () => {
    const url = await serve();
    expect(await httpRequest(`${url}/needs`, { method: "GET" })).toMatchObject({
      status: 405,
      headers: { allow: "POST" },
      body: { error: "GET is not allowed here; use POST.", code: "METHOD_NOT_ALLOWED" },
    });
    expect(await post(`${url}/ticks`)).toMatchObject({ status: 405, headers: { allow: "GET" } });
    expect(await post(`${url}/openapi.json`)).toMatchObject({ status: 405, headers: { allow: "GET" } });
    const missing = await httpRequest(`${url}/nowhere`, { method: "GET" });
    expect(missing).toMatchObject({
      status: 404,
      body: { failed: true, error: "No route for GET /nowhere.", code: "NOT_FOUND" },
    });
    expect(missing.headers["content-type"]).toMatch(/^application\/json/);
  });

  test("with a token, only public routes answer without it", async () => {
    const url = await serve({ token: "t0ken" });
    expect(await httpRequest(`${url}/health`, { method: "GET" })).toMatchObject({ status: 200 });
    for (const [method, path] of [
      ["POST", "/none"],
      ["GET", "/ticks"],
      ["GET", "/openapi.json"],
    ] as const) {
      expect(await httpRequest(`${url}${path}`, { method }), path).toMatchObject({
        status: 401,
        headers: { "www-authenticate": 'Bearer realm="privnet"' },
        body: { code: "UNAUTHORIZED" },
      });
    }
    expect(
      await httpRequest(`${url}/none`, { method: "POST", headers: { authorization: "Bearer t0ken" } }),
    ).toMatchObject({ status: 200 });
  });

  test("/openapi.json: bodies required or optional, success statuses, streams, the envelope", async () => {
    const url = await serve();
    const { body } = await httpRequest(`${url}/openapi.json`, { method: "GET" });
    const document = body as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(document.paths["/needs"]?.post?.requestBody).toMatchObject({ required: true });
    expect(document.paths["/optional"]?.post?.requestBody).toMatchObject({ required: false });
    expect(document.paths["/none"]?.post).not.toHaveProperty("requestBody");
    expect(Object.keys(document.paths["/optional"]?.post?.responses as object)).toContain("201");
    expect(document.paths["/health"]?.get?.responses).toMatchObject({
      200: { description: "up" },
      503: { description: "down" },
    });
    expect(document.paths["/ticks"]?.get).toMatchObject({
      parameters: [{ name: "from", in: "query" }],
      responses: { 200: { content: { "text/event-stream": {} } } },
    });
    expect(JSON.stringify(document.paths["/needs"]?.post?.responses)).toContain('"failed"');
  });
});
