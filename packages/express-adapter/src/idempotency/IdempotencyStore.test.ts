import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { sqliteStorage } from "@privnet/storage-sqlite";
import { describe, expect, test } from "vitest";
import { call, callJson, onCleanup, serveAdmin, startPlatform } from "../testing/adminTestServer.js";

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";
const sendBody = { fromWalletId: 2, toAddress: recipient, amount: "0.5" };

async function setup() {
  const platform = await startPlatform(devnet.rpcUrl);
  const { url } = await serveAdmin(platform);
  return { platform, url };
}

const keyed = (key: string) => ({ headers: { "idempotency-key": key } });

describe("Idempotency-Key on POST /send and /send-direct", () => {
  test("a retry answers the first result, marked as replayed, and sends nothing", async () => {
    const { url, platform } = await setup();
    const first = await callJson(`${url}/send`, sendBody, keyed("order-1"));
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const retry = await callJson(`${url}/send`, sendBody, keyed("order-1"));
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await platform.transactions.list()).toHaveLength(1);
    // Without a key, or with another one, the same body sends again.
    await callJson(`${url}/send`, sendBody);
    await callJson(`${url}/send`, sendBody, keyed("order-2"));
    expect(await platform.transactions.list()).toHaveLength(3);
  });

  test("duplicates arriving while the first still runs wait for it and get its answer", async () => {
    const { url, platform } = await setup();
    const body = { privateKey: devnet.accounts[7]?.privateKey, toAddress: recipient, amount: "2" };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => callJson(`${url}/send-direct`, body, keyed("direct-1"))),
    );
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(4);
    expect(await platform.transactions.list()).toHaveLength(1);
    expect((await call(`${url}/balance/${recipient}`)).body).toMatchObject({ balance: "2" });
  });

  test("a key reused with another body or on another route is a 422", async () => {
    const { url, platform } = await setup();
    await callJson(`${url}/send`, sendBody, keyed("k"));
    const otherBody = await callJson(`${url}/send`, { ...sendBody, amount: "0.6" }, keyed("k"));
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toEqual({
      error: expect.stringContaining("already used for another request"),
      code: "IDEMPOTENCY_KEY_REUSED",
    });
    const otherRoute = await callJson(
      `${url}/send-direct`,
      { privateKey: devnet.accounts[7]?.privateKey, toAddress: recipient, amount: "0.5" },
      keyed("k"),
    );
    expect(otherRoute.status).toBe(422);
    expect(await platform.transactions.list()).toHaveLength(1);
  });

  test("an error answer is remembered too", async () => {
    const { url } = await setup();
    const first = await callJson(`${url}/send`, { ...sendBody, fromWalletId: 999 }, keyed("missing"));
    expect(first.status).toBe(404);
    const retry = await callJson(`${url}/send`, { ...sendBody, fromWalletId: 999 }, keyed("missing"));
    expect(retry).toMatchObject({ status: 404, body: first.body });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
  });

  test("a malformed key is a 400 and sends nothing", async () => {
    const { url, platform } = await setup();
    for (const key of ["x".repeat(256), "with space"]) {
      const { status, body } = await callJson(`${url}/send`, sendBody, keyed(key));
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: "INVALID_IDEMPOTENCY_KEY" });
    }
    expect(await platform.transactions.list()).toEqual([]);
  });

  test("answers survive a restart of the server and its platform", async () => {
    const dir = mkdtempSync(join(tmpdir(), "privnet-idempotency-"));
    onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
    const path = join(dir, "privnet.db");

    const before = await startPlatform(devnet.rpcUrl, { storage: sqliteStorage({ path }) });
    const first = await serveAdmin(before);
    const answer = await callJson(`${first.url}/send`, sendBody, keyed("survives"));
    expect(answer.status).toBe(200);
    await first.close();
    await before.close();

    const after = await startPlatform(devnet.rpcUrl, { storage: sqliteStorage({ path }) });
    const second = await serveAdmin(after);
    const retry = await callJson(`${second.url}/send`, sendBody, keyed("survives"));
    expect(retry).toMatchObject({ status: 200, body: answer.body });
    expect(retry.headers.get("idempotent-replayed")).toBe("true");
    expect(await after.transactions.list()).toHaveLength(1);
  });

  test("privnet_sends_total counts executions, not replays", async () => {
    const { url } = await setup();
    await callJson(`${url}/send`, sendBody, keyed("m"));
    await callJson(`${url}/send`, sendBody, keyed("m"));
    await callJson(`${url}/send`, { ...sendBody, fromWalletId: 999 });
    const metrics = (await call(`${url}/metrics`)).text;
    expect(metrics).toContain('privnet_sends_total{route="/send",outcome="ok"} 1');
    expect(metrics).toContain('privnet_sends_total{route="/send",outcome="WALLET_NOT_FOUND"} 1');
  });
});
