import {
  createPlatform,
  feeSpikeOptionsSchema,
  MAX_BASE_FEE,
  MAX_DROPPED,
  MAX_FEE_SPIKE_BLOCKS,
  MAX_REORG_DEPTH,
  MAX_TIMED_FAULT_MS,
  type Platform,
  reorgOptionsSchema,
} from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { curlRequest, httpRequest, type RawAnswer } from "@privnet/http/testing";
import { http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { buildAdminOpenApi } from "../../openapi/index.js";
import { errorBody } from "../../schemas/errors.js";
import { type AdminServer, createAdminServer } from "../../server/createAdminServer.js";

// The fault routes on a platform made without faults, as `privnet up --rpc-url` runs it: what they
// take, what they refuse, and that a token guards them. One platform and one server (with a token)
// for the whole file; faults on a real embedded devnet are in faultRoutes.devnet.test.ts.

const devnet = useDevnet();
const token = "s3cret";
const auth = { authorization: `Bearer ${token}` };

let platform: Platform;
let server: AdminServer;
beforeAll(async () => {
  platform = await createPlatform({ transport: http(devnet.rpcUrl), explorer: false });
  server = await createAdminServer(platform, { port: 0, logger: false, token });
});
afterAll(async () => {
  await server?.close();
  await platform?.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = auth) =>
  httpRequest(`${server.url}${path}`, {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json", ...headers },
  });

/** Each fault route with a body it takes. */
const validRequests: [path: string, body: unknown][] = [
  [
    "/chain/faults/reorg",
    { depth: 3, drop: [`0x${"ab".repeat(32)}`], dropTo: "pool", reorder: true, extraBlocks: 1 },
  ],
  ["/chain/faults/drop-pool", undefined],
  ["/chain/faults/restart", { keepPool: true }],
  ["/chain/faults/stall", { ms: 5_000 }],
  ["/chain/faults/unreachable", { ms: 5_000 }],
  ["/chain/faults/fee-spike", { baseFee: "100000000000", blocks: 3 }],
  ["/chain/faults/recover", undefined],
];

function expectError(answer: RawAnswer, status: number, code: string, what: string) {
  expect(answer.status, `${what}: ${answer.text}`).toBe(status);
  expect(answer.headers["content-type"], what).toMatch(/^application\/json/);
  expect(errorBody.safeParse(answer.body).success, what).toBe(true);
  expect((answer.body as { code: string }).code, what).toBe(code);
}

describe("fault routes on a platform without faults (--rpc-url)", () => {
  test("every fault answers 409 FAULTS_UNAVAILABLE saying faults need the embedded devnet", async () => {
    for (const [path, body] of validRequests) {
      const answer =
        body === undefined
          ? await httpRequest(`${server.url}${path}`, { method: "POST", headers: auth })
          : await post(path, body);
      expectError(answer, 409, "FAULTS_UNAVAILABLE", path);
      expect((answer.body as { error: string }).error, path).toMatch(/embedded devnet/);
    }
    const history = await httpRequest(`${server.url}/chain/faults`, { method: "GET", headers: auth });
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ available: false, events: [] });
  });

  test("the routes without a body take curl's POST without -d and fetch's Content-Length: 0 alike", async () => {
    for (const path of ["/chain/faults/drop-pool", "/chain/faults/recover", "/chain/faults/restart"]) {
      const curl = await curlRequest(`${server.url}${path}`, {
        method: "POST",
        headers: [["Authorization", `Bearer ${token}`]],
      });
      expectError(curl, 409, "FAULTS_UNAVAILABLE", `curl -X POST ${path}`);
      const empty = await httpRequest(`${server.url}${path}`, { method: "POST", headers: auth });
      expectError(empty, 409, "FAULTS_UNAVAILABLE", `Content-Length: 0 ${path}`);
      const chunked = await httpRequest(`${server.url}${path}`, {
        method: "POST",
        headers: auth,
        framing: "chunked",
      });
      expectError(chunked, 409, "FAULTS_UNAVAILABLE", `chunked ${path}`);
    }
  });

  test("settings out of range or of the wrong type are 400 FAULT_INVALID with { error }, naming the setting", async () => {
    const bad: [path: string, body: unknown, field: string][] = [
      ["/chain/faults/reorg", {}, "depth"],
      ["/chain/faults/reorg", { depth: 0 }, "depth"],
      ["/chain/faults/reorg", { depth: 65 }, "depth"],
      ["/chain/faults/reorg", { depth: 1.5 }, "depth"],
      ["/chain/faults/reorg", { depth: "3" }, "depth"],
      ["/chain/faults/reorg", { depth: 1, drop: ["0x12"] }, "drop"],
      ["/chain/faults/reorg", { depth: 1, drop: "0x12" }, "drop"],
      ["/chain/faults/reorg", { depth: 1, dropTo: "mempool" }, "dropTo"],
      ["/chain/faults/reorg", { depth: 1, reorder: "yes" }, "reorder"],
      ["/chain/faults/reorg", { depth: 1, extraBlocks: -1 }, "extraBlocks"],
      ["/chain/faults/reorg", { depth: 1, drop_to: "pool" }, "drop_to"],
      ["/chain/faults/restart", { keepPool: "yes" }, "keepPool"],
      ["/chain/faults/stall", {}, "ms"],
      ["/chain/faults/stall", { ms: 0 }, "ms"],
      ["/chain/faults/stall", { ms: 600_001 }, "ms"],
      ["/chain/faults/unreachable", { ms: "1000" }, "ms"],
      ["/chain/faults/fee-spike", { baseFee: 100, blocks: 1 }, "baseFee"],
      ["/chain/faults/fee-spike", { baseFee: "0", blocks: 1 }, "baseFee"],
      ["/chain/faults/fee-spike", { baseFee: "1.5", blocks: 1 }, "baseFee"],
      ["/chain/faults/fee-spike", { baseFee: "18446744073709551616", blocks: 1 }, "baseFee"],
      ["/chain/faults/fee-spike", { baseFee: "1000", blocks: 0 }, "blocks"],
      ["/chain/faults/fee-spike", { baseFee: "1000" }, "blocks"],
    ];
    for (const [path, body, field] of bad) {
      const what = `${path} ${JSON.stringify(body)}`;
      const answer = await post(path, body);
      // The SDK's refusal, word for word: core's fault schema checks both.
      expectError(answer, 400, "FAULT_INVALID", what);
      expect((answer.body as { error: string }).error, what).toContain(`Invalid fault setting \`${field}`);
    }
    // A route that takes no body refuses one as every such route does.
    for (const [path, body, field] of [
      ["/chain/faults/drop-pool", { now: true }, "now"],
      ["/chain/faults/recover", { all: true }, "all"],
    ] as const) {
      const answer = await post(path, body);
      expectError(answer, 400, "VALIDATION_FAILED", path);
      expect((answer.body as { error: string }).error, path).toContain(field);
    }
    for (const query of ["limit=0", "limit=201", "limit=x"]) {
      const answer = await httpRequest(`${server.url}/chain/faults?${query}`, {
        method: "GET",
        headers: auth,
      });
      expectError(answer, 400, "VALIDATION_FAILED", query);
    }
  });

  test("every fault route, the history and the event stream answer 401 without the token", async () => {
    for (const [path, body] of validRequests) {
      expectError(await post(path, body ?? {}, {}), 401, "UNAUTHORIZED", path);
    }
    for (const path of ["/chain/faults", "/chain/events"]) {
      expectError(await httpRequest(`${server.url}${path}`, { method: "GET" }), 401, "UNAUTHORIZED", path);
    }
  });

  test("GET /chain/events streams with the token", async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.url}/chain/events`, { headers: auth, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    controller.abort();
  });

  test("the OpenAPI document describes each fault route, its 409 and the chain event stream", () => {
    const document = buildAdminOpenApi({ bearerAuth: true }) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const operations = Object.fromEntries(
      Object.entries(document.paths)
        .filter(([path]) => path.startsWith("/chain/faults") || path === "/chain/events")
        .flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => [`${method} ${path}`, operation.operationId]),
        ),
    );
    expect(operations).toEqual({
      "get /chain/faults": "listChainFaults",
      "post /chain/faults/reorg": "reorgChain",
      "post /chain/faults/drop-pool": "dropPool",
      "post /chain/faults/restart": "restartNode",
      "post /chain/faults/stall": "stallChain",
      "post /chain/faults/unreachable": "makeChainUnreachable",
      "post /chain/faults/fee-spike": "spikeFees",
      "post /chain/faults/recover": "recoverChain",
      "get /chain/events": "streamChainEvents",
    });
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith("/chain/faults/")) continue;
      expect(methods.post?.responses, path).toHaveProperty("409");
      expect(methods.post?.responses, path).toHaveProperty("401");
    }
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["ReorgRequest", "ReorgResult", "ChainFaultEvent", "ChainFaultHistory"]),
    );
  });

  test("the fault bodies in the OpenAPI document are core's fault schemas: each setting with its bounds", () => {
    const { components } = buildAdminOpenApi({ bearerAuth: true }) as {
      components: { schemas: Record<string, { properties: Record<string, unknown>; required?: string[] }> };
    };
    const body = (id: string) => components.schemas[id];
    expect(body("ReorgRequest")).toMatchObject({
      additionalProperties: false,
      required: ["depth"],
      properties: {
        depth: { type: "integer", minimum: 1, maximum: MAX_REORG_DEPTH },
        extraBlocks: { type: "integer", minimum: 0, maximum: MAX_REORG_DEPTH },
        drop: { type: "array", maxItems: MAX_DROPPED },
        dropTo: { enum: ["discard", "pool"] },
        reorder: { type: "boolean" },
      },
    });
    expect(body("TimedFaultRequest")).toMatchObject({
      required: ["ms"],
      properties: { ms: { type: "integer", minimum: 1, maximum: MAX_TIMED_FAULT_MS } },
    });
    expect(body("FeeSpikeRequest")).toMatchObject({
      required: ["baseFee", "blocks"],
      properties: {
        baseFee: { type: "string", description: expect.stringContaining(`from 1 to ${MAX_BASE_FEE}`) },
        blocks: { type: "integer", minimum: 1, maximum: MAX_FEE_SPIKE_BLOCKS },
      },
    });
    expect(body("RestartRequest")).toMatchObject({ properties: { keepPool: { type: "boolean" } } });
    // Every setting the SDK takes is documented, and nothing else.
    expect(Object.keys(body("ReorgRequest")?.properties ?? {}).sort()).toEqual(
      Object.keys(reorgOptionsSchema.shape).sort(),
    );
    expect(Object.keys(body("FeeSpikeRequest")?.properties ?? {}).sort()).toEqual(
      Object.keys(feeSpikeOptionsSchema.shape).sort(),
    );
  });
});
