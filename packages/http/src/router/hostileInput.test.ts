import { request as nodeRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { createPlatform, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import express from "express";
import { http } from "viem";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import type { ErrorEnvelope } from "../errors/toErrorResponse.js";
import type { RequestObservation } from "../observe/observeRequests.js";
import { defineRoute } from "../routes/defineRoute.js";
import { startServer } from "../server/startServer.js";
import { curlRequest } from "../testing/curlRequest.js";
import { httpRequest } from "../testing/httpRequest.js";
import { rawRequest } from "../testing/rawRequest.js";
import { type ApiRouterOptions, createApiRouter } from "./createApiRouter.js";
import { MAX_JSON_NESTING } from "./readJsonBody.js";

// What hostile clients and hostile web pages send, against a real server built on the toolkit:
// every answer is a 4xx in the server's JSON error body, and a refused request runs no handler.

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const errors: ErrorEnvelope<{ failed: true; error: string; code: string }> = {
  schema: z.strictObject({ failed: z.literal(true), error: z.string().max(300), code: z.string() }),
  wrap: ({ error, code }) => ({ failed: true, error, code }),
};

let platform: Platform;
beforeAll(async () => {
  platform = await createPlatform({ transport: http(devnet.rpcUrl) });
  return () => platform.close();
});

async function serve(options: Partial<ApiRouterOptions<unknown>> = {}) {
  const writes: unknown[] = [];
  const observed: RequestObservation[] = [];
  const routes = [
    defineRoute({
      method: "post",
      path: "/things",
      operationId: "addThing",
      summary: "writes",
      tag: "t",
      body: { schema: z.strictObject({ name: z.unknown() }).partial(), required: false },
      response: z.object({ count: z.int() }),
      errors: {},
      handler: async ({ body }) => ({ count: writes.push(body) }),
    }),
    defineRoute({
      method: "get",
      path: "/things/:id",
      operationId: "getThing",
      summary: "reads",
      tag: "t",
      params: z.object({ id: z.string() }),
      response: z.object({ id: z.string() }),
      errors: {},
      handler: async ({ params }) => ({ id: params.id }),
    }),
  ];
  const app = express();
  app.use(
    createApiRouter({
      platform,
      routes,
      errors,
      openApi: { title: "t", description: "t", version: "1" },
      bodyLimit: "16kb",
      onRequest: (observation) => observed.push(observation),
      ...options,
    }),
  );
  const server = await startServer(app, { port: 0, host: "127.0.0.1", errors });
  cleanups.push(() => server.close());
  return { url: server.url, port: server.port, writes, observed };
}

function expectRefused(
  answer: { status: number; headers: Record<string, string>; body: unknown },
  status: number,
  code: string,
) {
  expect(answer.headers["content-type"]).toMatch(/^application\/json/);
  expect(errors.schema.parse(answer.body)).toMatchObject({ code });
  expect(answer.status).toBe(status);
}

describe("bodies", () => {
  test.each(["gzip", "deflate", "br"])(
    "a body that is not %s although it says so is a 400",
    async (encoding) => {
      const { url, writes } = await serve();
      const answer = await httpRequest(`${url}/things`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": encoding },
        body: "{}",
      });
      expectRefused(answer, 400, "MALFORMED_REQUEST");
      expect(writes).toEqual([]);
    },
  );

  test("a real gzip body is read; an encoding body-parser does not know is a 415", async () => {
    const { url, writes } = await serve();
    const zipped = gzipSync('{"name":"zipped"}');
    const head = `POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${zipped.length}\r\n\r\n`;
    const answer = await rawRequest(url, Buffer.concat([Buffer.from(head), zipped]));
    expect(answer).toMatchObject({ status: 200, body: { count: 1 } });
    expectRefused(
      await httpRequest(`${url}/things`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": "x-compress" },
        body: "{}",
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(writes).toEqual([{ name: "zipped" }]);
  });

  test("a body must be sent as JSON (415 otherwise); no body needs no content type", async () => {
    const { url, writes } = await serve();
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const answer = await curlRequest(`${url}/things`, {
        body: '{"name":"a"}',
        headers: [["Content-Type", type]],
      });
      expectRefused(answer, 415, "UNSUPPORTED_MEDIA_TYPE");
      expect((answer.body as { error: string }).error).toContain(type.split(";")[0]);
    }
    // curl -d without -H: curl's form type.
    expectRefused(
      await curlRequest(`${url}/things`, { body: '{"name":"a"}' }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectRefused(
      await httpRequest(`${url}/things`, { method: "POST", body: '{"name":"a"}' }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(writes).toEqual([]);
    for (const type of [
      "application/json",
      "application/json; charset=utf-8",
      "application/merge-patch+json",
    ]) {
      const answer = await curlRequest(`${url}/things`, {
        body: '{"name":"a"}',
        headers: [["Content-Type", type]],
      });
      expect(answer.status, type).toBe(200);
    }
    // No body: curl -X POST (no Content-Length), fetch (Content-Length: 0), a text/plain empty body.
    const curled = await curlRequest(`${url}/things`, { method: "POST" });
    expect(curled.status, curled.text).toBe(200);
    expect((await fetch(`${url}/things`, { method: "POST", body: "" })).status).toBe(200);
    expect(writes).toHaveLength(5);
  });

  test.each([1_000, 5_000, 100_000])(
    "JSON nested %i levels deep is a 400 that quotes a short excerpt, not the input",
    async (levels) => {
      const { url, writes } = await serve({ bodyLimit: "1mb" });
      for (const [open, close] of [
        ["[", "]"],
        ['{"a":', "}"],
      ] as const) {
        const body = `{"name":${open.repeat(levels)}1${close.repeat(levels)}}`;
        const answer = await httpRequest(`${url}/things`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        });
        expectRefused(answer, 400, "INVALID_JSON");
        expect((answer.body as { error: string }).error).toMatch(
          new RegExp(`nests deeper than ${MAX_JSON_NESTING} levels, at "`),
        );
        expect(answer.text.length).toBeLessThan(200);
      }
      expect(writes).toEqual([]);
    },
  );

  test(`JSON nested ${MAX_JSON_NESTING} levels is read; brackets inside strings do not count`, async () => {
    const { url } = await serve();
    const deep = `${"[".repeat(MAX_JSON_NESTING - 1)}${"]".repeat(MAX_JSON_NESTING - 1)}`;
    const answer = await httpRequest(`${url}/things`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"name":${deep}}`,
    });
    expect(answer.status, answer.text).toBe(200);
    const brackets = await httpRequest(`${url}/things`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: `${"[{".repeat(200)}\\"[` }),
    });
    expect(brackets.status).toBe(200);
  });
});

describe("paths", () => {
  test.each(["/things/%FF", "/things/%zz", "/things/%", "/things/%E0%A4%A"])(
    "GET %s: a malformed percent-escape is a 400",
    async (path) => {
      const { url } = await serve();
      expectRefused(await httpRequest(`${url}${path}`, { method: "GET" }), 400, "MALFORMED_REQUEST");
    },
  );

  test("a well-formed escape is decoded", async () => {
    const { url } = await serve();
    expect(await httpRequest(`${url}/things/a%20b`, { method: "GET" })).toMatchObject({
      status: 200,
      body: { id: "a b" },
    });
  });
});

describe("Node's HTTP parser", () => {
  test("a 16 kB request line is a 431 in JSON", async () => {
    const { url } = await serve();
    const answer = await rawRequest(
      url,
      `GET /things/${"a".repeat(16_384)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    expectRefused(answer, 431, "HEADERS_TOO_LARGE");
  });

  test("a 16 kB request line in a HEAD is a 431 with headers only, which a client reads whole", async () => {
    const { url } = await serve();
    // Node's own client, as the fuzzer found it: a body after a HEAD's headers broke its parser.
    const answer = await new Promise<{ status: number | undefined; type: string | undefined; body: string }>(
      (resolve, reject) => {
        const request = nodeRequest(`${url}/things/${"a".repeat(16_384)}`, { method: "HEAD" }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => {
            body += chunk.toString();
          });
          response.on("end", () =>
            resolve({ status: response.statusCode, type: response.headers["content-type"], body }),
          );
        });
        request.on("error", reject);
        request.end();
      },
    );
    expect(answer).toMatchObject({ status: 431, body: "" });
    expect(answer.type).toMatch(/^application\/json/);
  });

  test.each([
    ["an unknown method", "FOO /things HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"],
    ["a garbled request line", "GET\r\n\r\n"],
    ["a header without a colon", "GET /things/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nbroken\r\n\r\n"],
    [
      "two Content-Lengths",
      "POST /things HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}",
    ],
  ])("%s is a 400 in JSON", async (_what, bytes) => {
    const { url, writes } = await serve();
    expectRefused(await rawRequest(url, bytes), 400, "MALFORMED_REQUEST");
    expect(writes).toEqual([]);
  });

  test("an Expect other than 100-continue is a 417 in JSON; HTTP/1.1 without Host a 400 in JSON", async () => {
    const { url } = await serve();
    expectRefused(
      await rawRequest(url, "GET /things/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: teapot\r\n\r\n"),
      417,
      "EXPECTATION_FAILED",
    );
    expectRefused(await rawRequest(url, "GET /things/1 HTTP/1.1\r\n\r\n"), 400, "MALFORMED_REQUEST");
    // HTTP/1.0 may leave Host out (no browser does).
    expect((await rawRequest(url, "GET /things/1 HTTP/1.0\r\n\r\n")).status).toBe(200);
  });
});

describe("metrics labels", () => {
  test("only route templates label requests; everything else is `unmatched`", async () => {
    const { url, observed } = await serve();
    for (let index = 0; index < 50; index++) {
      const random = Math.random().toString(36).slice(2);
      await httpRequest(`${url}/${random}`, { method: "GET" }); // 404
      await httpRequest(`${url}/things/${random}`, { method: "DELETE" }); // 405 on a template
      await httpRequest(`${url}/${random}`, { method: "POST", headers: { origin: "https://evil.example" } }); // 403 before routing
      await rawRequest(url, `GET /${random} HTTP/1.1\r\nHost: evil.example\r\n\r\n`); // 403 before routing
      await httpRequest(`${url}/things/%FF${random}`, { method: "GET" }); // 400 on a template
    }
    await httpRequest(`${url}/openapi.json`, { method: "GET" });
    const labels = new Set(observed.map((observation) => observation.route));
    expect([...labels].sort()).toEqual(["/openapi.json", "/things/:id", "unmatched"]);
    expect(observed).toHaveLength(251);
  });
});

describe("Host names (DNS rebinding)", () => {
  test("a foreign Host is refused on every method, before anything runs", async () => {
    const { url, writes } = await serve();
    for (const host of [
      "evil.example",
      "evil.example:80",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "[::2]",
    ]) {
      expectRefused(
        await rawRequest(url, `GET /things/2 HTTP/1.1\r\nHost: ${host}\r\n\r\n`),
        403,
        "HOST_NOT_ALLOWED",
      );
      const post = await rawRequest(
        url,
        `POST /things HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      );
      expectRefused(post, 403, "HOST_NOT_ALLOWED");
    }
    expect(writes).toEqual([]);
  });

  test("loopback names and the bound address pass, with or without the port; allowedHosts adds names; * allows any", async () => {
    const { url, port } = await serve();
    for (const host of [
      "localhost",
      `localhost:${port}`,
      "LOCALHOST",
      "127.0.0.1",
      `127.0.0.1:${port}`,
      "[::1]",
      `[::1]:${port}`,
    ]) {
      const answer = await rawRequest(url, `GET /things/2 HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
      expect(answer.status, host).toBe(200);
    }
    const listed = await serve({ allowedHosts: ["devbox.lan"] });
    expect(
      (await rawRequest(listed.url, "GET /things/2 HTTP/1.1\r\nHost: devbox.lan:8080\r\n\r\n")).status,
    ).toBe(200);
    expect((await rawRequest(listed.url, "GET /things/2 HTTP/1.1\r\nHost: other.lan\r\n\r\n")).status).toBe(
      403,
    );
    const any = await serve({ allowedHosts: ["*"] });
    expect((await rawRequest(any.url, "GET /things/2 HTTP/1.1\r\nHost: evil.example\r\n\r\n")).status).toBe(
      200,
    );
  });
});

describe("web pages on other origins", () => {
  const post = (url: string, headers: Record<string, string>, type = "text/plain") =>
    rawRequest(
      url,
      `POST /things HTTP/1.1\r\nHost: ${new URL(url).host}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("")}Content-Type: ${type}\r\nContent-Length: 14\r\n\r\n{"name":"pwn"}`,
    );

  test("a cross-origin POST is refused whatever its content type, and writes nothing", async () => {
    const { url, writes } = await serve();
    for (const type of ["text/plain", "application/json"]) {
      expectRefused(await post(url, { Origin: "https://evil.example" }, type), 403, "ORIGIN_NOT_ALLOWED");
      expectRefused(await post(url, { Origin: "null" }, type), 403, "ORIGIN_NOT_ALLOWED");
      expectRefused(await post(url, { "Sec-Fetch-Site": "cross-site" }, type), 403, "ORIGIN_NOT_ALLOWED");
      // Same host name, another port: another origin.
      expectRefused(await post(url, { Origin: "http://127.0.0.1:1" }, type), 403, "ORIGIN_NOT_ALLOWED");
    }
    expect(writes).toEqual([]);
  });

  test("same-origin pages, listed origins and clients that are not browsers pass", async () => {
    const { url, writes } = await serve({ corsOrigins: ["http://localhost:5173"] });
    const json = "application/json";
    expect((await post(url, { Origin: url }, json)).status).toBe(200);
    expect((await post(url, { Origin: url, "Sec-Fetch-Site": "same-origin" }, json)).status).toBe(200);
    expect((await post(url, { Origin: "http://localhost:5173" }, json)).status).toBe(200);
    expect((await post(url, {}, json)).status).toBe(200);
    expect((await post(url, { "Sec-Fetch-Site": "same-site" }, json)).status).toBe(200);
    // A listed origin gets CORS headers and its preflight answered.
    const preflight = await httpRequest(`${url}/things`, {
      method: "OPTIONS",
      headers: { origin: "http://localhost:5173", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
    // Reading is not a state change: a foreign page's GET is answered, without CORS headers (the
    // browser does not let the page read it).
    const read = await httpRequest(`${url}/things/1`, {
      method: "GET",
      headers: { origin: "https://evil.example" },
    });
    expect(read.status).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
    expect(writes).toHaveLength(5);
  });

  test("corsOrigins * lets any origin change state", async () => {
    const { url } = await serve({ corsOrigins: ["*"] });
    expect((await post(url, { Origin: "https://evil.example" }, "application/json")).status).toBe(200);
  });
});
