import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform, type Platform } from "@privnet/core";
import { resolveAnvilBinary, startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { buildOpenApiDocument } from "@privnet/http";
import { BUILTIN_SCENARIO_NAMES as BUILTIN_BOT_NAMES, builtinScenarios } from "@privnet/scenarios";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { errorBody } from "../../schemas/errors.js";
import { serveBotRoutes } from "./fixtures/botTestApp.js";
import { botEvents, botRoutes } from "./index.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve() {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    pollingInterval: 100,
    bots: { env: {}, catalogues: [builtinScenarios] },
  });
  cleanups.push(() => platform.close());
  const server = await serveBotRoutes(platform);
  cleanups.push(server.close);
  return { platform, url: server.url };
}

async function call(url: string, init: RequestInit = {}) {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const post = (url: string, body?: unknown) =>
  call(url, {
    method: "POST",
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });

/** Resolves once `count` of the bot's transactions are confirmed (bot events, no polling). */
function confirmations(platform: Platform, bot: string, count: number) {
  return new Promise<void>((resolve) => {
    let seen = 0;
    platform.events.on("bot", (event) => {
      if (event.bot === bot && event.type === "transaction" && event.transaction?.status === "confirmed") {
        if (++seen === count) resolve();
      }
    });
  });
}

describe("bot routes", () => {
  test("render into the OpenAPI document with their request and response schemas", () => {
    const document = buildOpenApiDocument(botRoutes, [botEvents], {
      title: "bots",
      description: "",
      version: "0.0.0",
      errorSchema: errorBody,
    });
    expect(Object.keys(document.paths)).toEqual([
      "/bots/status",
      "/bots/{name}/start",
      "/bots/{name}/stop",
      "/bots/{name}/logs",
      "/bots/events",
    ]);
    // Start takes an optional body: no body and {} start with the defaults.
    expect(document.paths["/bots/{name}/start"]?.post).toMatchObject({ requestBody: { required: false } });
    expect(document.paths["/bots/{name}/stop"]?.post).not.toHaveProperty("requestBody");
    expect(document.paths["/bots/events"]?.get).toMatchObject({
      operationId: "streamBotEvents",
      parameters: [{ name: "bot", in: "query", required: false }],
      responses: { 200: { content: { "text/event-stream": {} } } },
    });
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["BotStatus", "BotStats", "StartBotRequest", "BotTransition", "BotLogs"]),
    );
  });

  test("GET /bots/status lists the three bots, then the scenarios, with status, config and stats", async () => {
    const { url } = await serve();
    const { status, body } = await call(`${url}/bots/status`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(BUILTIN_BOT_NAMES);
    expect(Object.keys(body).slice(0, 3)).toEqual(["transfer", "erc20", "nft"]);
    expect(body.transfer).toMatchObject({
      status: "Stopped",
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      config: { interval: 5000, amount: "0.01", random: null },
      stats: { sent: 0, confirmed: 0, failed: 0, pending: 0, errors: 0, lastError: null },
      waiting: null,
    });
    expect(body.nft).toMatchObject({ config: { interval: 5000, maxPending: 64, recipients: "wallets" } });
  });

  test("POST start with overrides, again (harmless), stop, again (harmless); logs list the bot's transactions", async () => {
    const { url, platform } = await serve();
    const confirmed = confirmations(platform, "transfer", 2);
    const started = await post(`${url}/bots/transfer/start`, {
      interval: 50,
      amount: "0.002",
      random: { min: "0.001", max: "0.003" },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      bot: "transfer",
      status: "Running",
      changed: true,
      config: { interval: 50, random: { min: "0.001", max: "0.003" } },
      waiting: null,
    });
    const again = await post(`${url}/bots/transfer/start`);
    expect(again).toMatchObject({
      status: 200,
      body: { status: "Running", changed: false, message: "The transfer bot is already running." },
    });
    await confirmed;
    const stopped = await post(`${url}/bots/transfer/stop`);
    expect(stopped).toMatchObject({ status: 200, body: { status: "Stopped", changed: true } });
    expect(await post(`${url}/bots/transfer/stop`)).toMatchObject({
      status: 200,
      body: { status: "Stopped", changed: false, message: "The transfer bot is already stopped." },
    });
    await platform.bots.settled("transfer");
    const logs = await call(`${url}/bots/transfer/logs?limit=2`);
    expect(logs.status).toBe(200);
    const transactions = logs.body.transactions as { amount: string; status: string }[];
    expect(transactions).toHaveLength(2);
    for (const tx of transactions) {
      expect(Number(tx.amount)).toBeGreaterThanOrEqual(0.001);
      expect(Number(tx.amount)).toBeLessThanOrEqual(0.003);
      expect(tx.status).toBe("confirmed");
    }
  });

  test("an empty body starts with the configured defaults", async () => {
    const { url } = await serve();
    const started = await post(`${url}/bots/erc20/start`, {});
    expect(started).toMatchObject({ status: 200, body: { status: "Running", config: { interval: 5000 } } });
    expect(await post(`${url}/bots/erc20/stop`)).toMatchObject({ status: 200, body: { status: "Stopped" } });
  });

  test("fields that do not apply, bad values and unknown bots are refused; the bot stays stopped", async () => {
    const { url } = await serve();
    const cases: [string, unknown, number, string, RegExp][] = [
      ["nft", { amount: "1" }, 400, "INVALID_BOT_CONFIG", /amount does not apply/],
      ["nft", { random: { min: "1", max: "2" } }, 400, "INVALID_BOT_CONFIG", /random does not apply/],
      ["transfer", { colour: "red" }, 400, "INVALID_BOT_CONFIG", /colour does not apply/],
      ["transfer", { interval: "fast" }, 400, "VALIDATION_FAILED", /interval/],
      ["transfer", { amount: "-1" }, 400, "INVALID_BOT_CONFIG", /amount/],
      ["erc20", { random: { min: "5", max: "1" } }, 400, "INVALID_BOT_CONFIG", /min must not be above max/],
      ["nope", {}, 404, "BOT_NOT_FOUND", /no bot named "nope"/],
    ];
    for (const [bot, body, status, code, message] of cases) {
      const answer = await post(`${url}/bots/${bot}/start`, body);
      expect(answer.status, `${bot} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.body.code).toBe(code);
      expect(answer.body.error).toMatch(message);
    }
    const invalidJson = await fetch(`${url}/bots/transfer/start`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    expect(invalidJson.status).toBe(400);
    // fetch's default for a string body is text/plain: refused before it is read as JSON.
    const plain = await fetch(`${url}/bots/transfer/start`, { method: "POST", body: "{}" });
    expect(plain.status).toBe(415);
    const { body } = await call(`${url}/bots/status`);
    for (const bot of ["transfer", "erc20", "nft"])
      expect((body[bot] as { status: string }).status).toBe("Stopped");
    expect((await call(`${url}/bots/nope/logs`)).status).toBe(404);
    expect((await post(`${url}/bots/nope/stop`)).status).toBe(404);
    expect((await call(`${url}/bots/transfer/logs?limit=0`)).status).toBe(400);
  });

  test("a scenario starts through the same routes with its own config; one the node cannot run answers 409", async () => {
    const { url, platform } = await serve();
    const confirmed = confirmations(platform, "storage-spam", 2);
    const started = await post(`${url}/bots/storage-spam/start`, { interval: 50, slotsPerTransaction: 5 });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ bot: "storage-spam", status: "Running", changed: true });
    expect((started.body.config as Record<string, unknown>).slotsPerTransaction).toBe(5);
    await confirmed;
    expect((await post(`${url}/bots/storage-spam/stop`)).body).toMatchObject({ status: "Stopped" });
    const refused = await post(`${url}/bots/storage-spam/start`, { slotsPerTransaction: 0, amount: "1" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: "INVALID_BOT_CONFIG" });

    // The same routes on a node before Cancun: the blob scenario is refused with the reason.
    const dir = await mkdtemp(join(tmpdir(), "privnet-shanghai-"));
    const binary = join(dir, "anvil");
    await writeFile(binary, `#!/bin/sh\nexec "${resolveAnvilBinary()}" --hardfork shanghai "$@"\n`);
    await chmod(binary, 0o755);
    const shanghai = await startDevnet({ port: 0, binary, blockTime: 0 });
    cleanups.push(async () => {
      await shanghai.stop();
      await rm(dir, { recursive: true, force: true });
    });
    const old = await createPlatform({
      transport: http(shanghai.rpcUrl),
      pollingInterval: 100,
      bots: { env: {}, catalogues: [builtinScenarios] },
    });
    cleanups.push(() => old.close());
    const server = await serveBotRoutes(old);
    cleanups.push(server.close);
    const blob = await post(`${server.url}/bots/blob/start`);
    expect(blob.status).toBe(409);
    expect(blob.body).toMatchObject({ code: "BOT_UNSUPPORTED" });
    expect(blob.body.error).toMatch(/The blob bot cannot run on this node: its blocks predate Cancun/);
    expect(errorBody.safeParse(blob.body).success).toBe(true);
    const { body } = await call(`${server.url}/bots/status`);
    expect((body.blob as { status: string }).status).toBe("Stopped");
  });

  test("GET /bots/events streams bot events as server-sent events, filtered by ?bot=", async () => {
    const { url } = await serve();
    const controller = new AbortController();
    const response = await fetch(`${url}/bots/events?bot=transfer`, { signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    await post(`${url}/bots/nft/start`, { interval: 60_000 });
    await post(`${url}/bots/transfer/start`, { interval: 50 });
    let text = "";
    while (!/"type":"transaction"[^\n]*"status":"confirmed"/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("event: bot"))
      .map(
        (block) =>
          JSON.parse(block.slice(block.indexOf("data: ") + 6)) as {
            bot: string;
            type: string;
            transaction?: Record<string, unknown>;
          },
      );
    expect(events[0]).toMatchObject({ bot: "transfer", type: "started" });
    expect(events.every((event) => event.bot === "transfer")).toBe(true);
    // The entry travels as GET /transactions documents it, not in the SDK's camelCase/bigint shape.
    const confirmed = events.find((event) => event.transaction?.status === "confirmed")?.transaction;
    expect(Object.keys(confirmed ?? {}).sort()).toEqual([
      "amount",
      "block_number",
      "created_at",
      "from_address",
      "id",
      "kind",
      "selector",
      "status",
      "to_address",
      "tx_hash",
    ]);
    expect(confirmed).toMatchObject({
      amount: expect.stringMatching(/^\d/),
      block_number: expect.any(Number),
    });
  });

  test("closing the server ends an open event stream instead of waiting for it forever", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      bots: { env: {}, catalogues: [builtinScenarios] },
    });
    cleanups.push(() => platform.close());
    const server = await serveBotRoutes(platform);
    const response = await fetch(`${server.url}/bots/events`);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read(); // the stream's opening comment: it is open
    // Without ending the stream, close() would wait for it forever (and time the test out).
    await expect(server.close()).resolves.toBeUndefined();
    // The client sees the stream end: this loop returns.
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {}
  });
});
