import { useDevnet } from "@privnet/devnet/vitest";
import { buildOpenApiDocument } from "@privnet/http";
import { curlRequest, postJson, withoutBody } from "@privnet/http/testing";
import { BUILTIN_SCENARIO_NAMES as BUILTIN_BOT_NAMES } from "@privnet/scenarios";
import { describe, expect, test } from "vitest";
import { errorBody } from "../../schemas/errors.js";
import { call, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";
import { controlRoutes } from "./controlRoutes.js";

const devnet = useDevnet();

async function setup() {
  const platform = await startPlatform(devnet.rpcUrl, {
    pollingInterval: 100,
    bots: { env: {}, minBalance: "0.5", topUp: "1" },
  });
  const { url } = await serveAdmin(platform);
  return { platform, url };
}

describe("bot control routes", () => {
  test("are in the OpenAPI document, beside the seed's bot routes", () => {
    const document = buildOpenApiDocument(controlRoutes, [], {
      title: "bots",
      description: "",
      version: "0.0.0",
      errorSchema: errorBody,
    });
    expect(Object.keys(document.paths)).toEqual([
      "/bots/scenarios",
      "/bots/instances",
      "/bots/instances/{name}",
      "/bots/{name}/controls",
      "/bots/{name}/reclaim",
      "/bots/groups/{group}",
      "/traffic",
      "/traffic/import",
      "/traffic/validate",
    ]);
    expect(document.paths["/bots/{name}/reclaim"]?.post).not.toHaveProperty("requestBody");
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining(["BotScenario", "BotControls", "ReclaimResult", "TrafficDocument"]),
    );
  });

  test("GET /bots/scenarios lists every scenario with its config's JSON Schema", async () => {
    const { url } = await setup();
    const answer = await call(`${url}/bots/scenarios`);
    expect(answer.status).toBe(200);
    const scenarios = answer.body as {
      name: string;
      configSchema: { properties: Record<string, unknown> };
    }[];
    // Every built-in scenario, the seed's three first.
    expect(scenarios.map((scenario) => scenario.name)).toEqual(BUILTIN_BOT_NAMES);
    expect(scenarios.slice(0, 3).map((scenario) => scenario.name)).toEqual(["transfer", "erc20", "nft"]);
    expect(Object.keys(scenarios[0]?.configSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["interval", "maxPending", "txPerBlock", "txPerSecond", "wallets", "amount"]),
    );
  });

  test("instances, controls, a bodyless reclaim (curl and fetch) and traffic import/export over HTTP", async () => {
    const { url, platform } = await setup();
    const created = await postJson(`${url}/bots/instances`, {
      scenario: "transfer",
      name: "pool",
      config: { txPerBlock: 4, wallets: 2, amount: "0.001", recipients: "fresh" },
    });
    expect(created).toMatchObject({ status: 201, body: { bot: "pool", status: "Stopped" } });
    expect(await postJson(`${url}/bots/instances`, { scenario: "transfer", name: "pool" })).toMatchObject({
      status: 409,
      body: { code: "BOT_EXISTS" },
    });
    expect(await postJson(`${url}/bots/instances`, { scenario: "nope", name: "other" })).toMatchObject({
      status: 404,
      body: { code: "BOT_NOT_FOUND" },
    });
    expect(
      await postJson(`${url}/bots/instances`, { scenario: "nft", name: "other", config: { amount: "1" } }),
    ).toMatchObject({ status: 400, body: { code: "INVALID_BOT_CONFIG" } });

    // The seed's start route runs an instance too, bodyless as the README's curl line.
    const confirmed = new Promise<void>((resolve) => {
      let seen = 0;
      platform.events.on("bot", (event) => {
        if (event.bot === "pool" && event.transaction?.status === "confirmed" && ++seen === 4) resolve();
      });
    });
    expect(await curlRequest(`${url}/bots/pool/start`, { method: "POST" })).toMatchObject({
      status: 200,
      body: { bot: "pool", status: "Running", changed: true, config: { txPerBlock: 4, wallets: 2 } },
    });
    await confirmed;
    const controls = await call(`${url}/bots/pool/controls`);
    expect(controls).toMatchObject({
      status: 200,
      body: {
        bot: "pool",
        scenario: "transfer",
        instance: true,
        throughput: { txPerBlock: 4, txPerSecond: null },
        wallets: { seed: "privnet", addresses: [expect.any(String), expect.any(String)] },
        restart: { state: "ok", failures: 0 },
      },
    });
    // Running: refused.
    for (const [how, send] of Object.entries(withoutBody)) {
      expect(await send(`${url}/bots/pool/reclaim`), how).toMatchObject({
        status: 400,
        body: { code: "INVALID_BOT_CONFIG" },
      });
    }
    expect(await curlRequest(`${url}/bots/pool/stop`, { method: "POST" })).toMatchObject({ status: 200 });
    await platform.bots.settled("pool");
    // curl without -d: no Content-Length, no body.
    const reclaimed = await curlRequest(`${url}/bots/pool/reclaim`, { method: "POST" });
    expect(reclaimed).toMatchObject({ status: 200, body: { bot: "pool", reclaimed: [{}, {}] } });
    const wallets = (controls.body as { wallets: { addresses: `0x${string}`[] } }).wallets.addresses;
    for (const address of wallets) {
      expect(await platform.client.getBalance({ address })).toBeLessThan(10n ** 15n);
    }
    // fetch: Content-Length: 0 — nothing left to move.
    expect(await call(`${url}/bots/pool/reclaim`, { method: "POST" })).toMatchObject({
      status: 200,
      body: { reclaimed: [], total: "0" },
    });

    const exported = await call(`${url}/traffic`);
    expect(exported).toMatchObject({
      status: 200,
      body: { version: 1, bots: [{ scenario: "transfer", name: "pool", start: false }] },
    });

    const invalid = await postJson(`${url}/traffic/import`, {
      version: 1,
      bots: [
        { scenario: "transfer", name: "a", config: { amount: "zero" } },
        { scenario: "erc20", name: "b", config: { txPerBlock: 0 } },
      ],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: "INVALID_TRAFFIC_DOCUMENT" });
    const message = (invalid.body as { error: string }).error;
    expect(message).toContain("bots.0.config.amount");
    expect(message).toContain("bots.1.config.txPerBlock");
    expect(platform.bots.names()).not.toContain("a");
    expect(await postJson(`${url}/traffic/validate`, exported.body)).toMatchObject({
      status: 200,
      body: { valid: true, issues: [] },
    });

    const applied = await postJson(`${url}/traffic/import`, {
      version: 1,
      groups: [{ name: "g", txPerBlock: 6 }],
      bots: [{ scenario: "transfer", name: "grouped", group: "g", weight: 2, start: false }],
    });
    expect(applied).toMatchObject({ status: 200, body: { created: ["grouped"], started: [], stopped: [] } });
    expect(await call(`${url}/bots/grouped/controls`)).toMatchObject({
      body: { group: { name: "g", weight: 2 } },
    });
    expect(await postJson(`${url}/bots/groups/g`, { txPerSecond: 3, weights: { grouped: 1 } })).toMatchObject(
      {
        status: 200,
        body: { name: "g", txPerSecond: 3 },
      },
    );
    expect(await postJson(`${url}/bots/groups/g`, { txPerSecond: 3, txPerBlock: 1 })).toMatchObject({
      status: 400,
      body: { code: "INVALID_TRAFFIC_DOCUMENT" },
    });
    expect(await call(`${url}/bots/instances/grouped`, { method: "DELETE" })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await call(`${url}/bots/instances/transfer`, { method: "DELETE" })).toMatchObject({
      status: 400,
      body: { code: "INVALID_BOT_CONFIG" },
    });
    expect(await call(`${url}/bots/grouped/controls`)).toMatchObject({ status: 404 });
  });

  test("a group's name follows the rule of bot names, and removing a group that does not exist is a 404", async () => {
    const { platform, url } = await setup();
    for (const name of ["..%2F..%2Fhealth", "NaN", "0", "a_b", "x".repeat(41)]) {
      expect(await postJson(`${url}/bots/groups/${name}`, { txPerBlock: 1 })).toMatchObject({
        status: 400,
        body: { code: "VALIDATION_FAILED" },
      });
      expect(await call(`${url}/bots/groups/${name}`, { method: "DELETE" })).toMatchObject({
        status: 400,
        body: { code: "VALIDATION_FAILED" },
      });
    }
    expect((await platform.bots.exportTraffic()).groups).toBeUndefined();
    expect(await call(`${url}/bots/groups/never-made`, { method: "DELETE" })).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", error: 'Bot group "never-made" not found.' },
    });

    const longest = `g${"-".repeat(38)}9`;
    expect(await postJson(`${url}/bots/groups/${longest}`, { txPerBlock: 1 })).toMatchObject({
      status: 200,
      body: { name: longest, txPerBlock: 1 },
    });
    expect(await call(`${url}/bots/groups/${longest}`, { method: "DELETE" })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await call(`${url}/bots/groups/${longest}`, { method: "DELETE" })).toMatchObject({ status: 404 });
  });
});
