import { createPlatform, type OracleEvent } from "@privnet/core";
import { createTcpProxy } from "@privnet/devnet/faults";
import { useDevnet } from "@privnet/devnet/vitest";
import { httpRequest, rawRequest } from "@privnet/http/testing";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { errorBody } from "../schemas/errors.js";
import { createOracleServer, type OracleServerOptions } from "./createOracleServer.js";

// The oracle API behind the same protections as the admin API (issue 15, sections 1, 4 and 5).

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(options: OracleServerOptions = {}, rpcUrl = devnet.rpcUrl) {
  const platform = await createPlatform({
    transport: http(rpcUrl, { retryCount: 0 }),
    contracts: true,
    oracle: { maxAttempts: 2, retryDelay: 10 },
  });
  cleanups.push(() => platform.close());
  const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false, ...options });
  cleanups.push(() => server.close());
  return { platform, url: server.url };
}

function expectError(answer: { status: number; body: unknown }, status: number, code: string) {
  expect(errorBody.parse(answer.body)).toMatchObject({ success: false, code });
  expect(answer.status).toBe(status);
}

const postUpdate = (url: string, headers: Record<string, string> = {}) =>
  httpRequest(`${url}/update`, { method: "POST", headers });

describe("hostile input", () => {
  test("GET /price/%FF and friends are a 400, never a URIError's 500", async () => {
    const { url } = await serve();
    for (const path of ["/price/%FF", "/price/%zz", "/price/%"]) {
      expectError(await httpRequest(`${url}${path}`, { method: "GET" }), 400, "MALFORMED_REQUEST");
    }
  });

  test("a body not in its declared encoding is a 400; a text/plain body a 415; both push nothing", async () => {
    const { url, platform } = await serve();
    const before = platform.oracle.status().lastPush;
    expectError(
      await httpRequest(`${url}/set-price`, {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        body: '{"symbol":"ETH","price":"1"}',
      }),
      400,
      "MALFORMED_REQUEST",
    );
    expectError(
      await httpRequest(`${url}/set-price`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: '{"symbol":"ETH","price":"1"}',
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(platform.oracle.status().lastPush).toEqual(before);
  });

  test("Node's parser errors come back in the oracle's envelope", async () => {
    const { url } = await serve();
    expectError(await rawRequest(url, "FOO / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 400, "MALFORMED_REQUEST");
    expectError(
      await rawRequest(url, `GET /${"p".repeat(16_384)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
      431,
      "HEADERS_TOO_LARGE",
    );
  });
});

describe("web pages", () => {
  test("a foreign Host is refused; a foreign origin cannot push prices", async () => {
    const { url, platform } = await serve();
    expectError(
      await rawRequest(url, "GET /prices HTTP/1.1\r\nHost: evil.example\r\n\r\n"),
      403,
      "HOST_NOT_ALLOWED",
    );
    const pushes: OracleEvent[] = [];
    platform.events.on("oracle", (event) => pushes.push(event));
    expectError(await postUpdate(url, { origin: "https://evil.example" }), 403, "ORIGIN_NOT_ALLOWED");
    expectError(await postUpdate(url, { "sec-fetch-site": "cross-site" }), 403, "ORIGIN_NOT_ALLOWED");
    expect(pushes).toEqual([]);
    expect(platform.oracle.status().lastPush).toBeNull();
    // Listed, it passes.
    const listed = await serve({ corsOrigins: ["https://dash.example"] });
    expect((await postUpdate(listed.url, { origin: "https://dash.example" })).status).toBe(200);
  });
});

describe("token", () => {
  test("with a token every route but /health needs it", async () => {
    const { url } = await serve({ token: "oracle-secret" });
    expectError(await httpRequest(`${url}/prices`, { method: "GET" }), 401, "UNAUTHORIZED");
    expectError(await postUpdate(url), 401, "UNAUTHORIZED");
    expectError(await postUpdate(url, { authorization: "Bearer nope" }), 401, "UNAUTHORIZED");
    expect((await httpRequest(`${url}/health`, { method: "GET" })).status).toBe(200);
    expect(
      (
        await httpRequest(`${url}/prices`, {
          method: "GET",
          headers: { authorization: "Bearer oracle-secret" },
        })
      ).status,
    ).toBe(200);
  });

  test("PRIVNET_ORACLE_TOKEN is the default; token: false turns it off", async () => {
    process.env.PRIVNET_ORACLE_TOKEN = "from-env";
    try {
      const fromEnv = await serve();
      expectError(await httpRequest(`${fromEnv.url}/prices`, { method: "GET" }), 401, "UNAUTHORIZED");
      const off = await serve({ token: false });
      expect((await httpRequest(`${off.url}/prices`, { method: "GET" })).status).toBe(200);
    } finally {
      delete process.env.PRIVNET_ORACLE_TOKEN;
    }
  });
});

describe("POST /update while the chain is down", () => {
  test("once the chain is known to be down it answers CHAIN_UNREACHABLE without a push attempt, and recovers by itself", async () => {
    const proxy = await createTcpProxy({
      target: { host: "127.0.0.1", port: Number(new URL(devnet.rpcUrl).port) },
    });
    cleanups.push(() => proxy.close());
    const { url, platform } = await serve({}, `http://127.0.0.1:${proxy.port}`);
    expect((await postUpdate(url)).status).toBe(200);

    await proxy.cut();
    const attempts: OracleEvent[] = [];
    platform.events.on("oracle", (event) => {
      if (event.type === "push-failed") attempts.push(event);
    });
    // The first push finds out: its attempts fail, then ORACLE_PUSH_FAILED.
    expectError(await postUpdate(url), 503, "ORACLE_PUSH_FAILED");
    expect(attempts).toHaveLength(2);
    // Known down: one look at the node, no push attempt, CHAIN_UNREACHABLE.
    for (let index = 0; index < 3; index++) expectError(await postUpdate(url), 503, "CHAIN_UNREACHABLE");
    expect(attempts).toHaveLength(2);

    await proxy.restore();
    const pushed = await postUpdate(url);
    expect(pushed.status, pushed.text).toBe(200);
    expect(platform.oracle.status()).toMatchObject({ lastError: null, consecutiveFailures: 0 });
  });
});
