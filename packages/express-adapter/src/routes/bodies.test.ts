import { useDevnet } from "@privnet/devnet/vitest";
import { curlRequest, postJson, withoutBody } from "@privnet/http/testing";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { serveAdmin, startPlatform } from "../testing/adminTestServer.js";

// Every POST route, called the ways real clients call it: curl without -d (no Content-Length and
// no body at all, written byte for byte over node:net), fetch's empty body (Content-Length: 0), an
// empty chunked body, `{}`, and the documented fields.

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

async function setup() {
  const platform = await startPlatform(devnet.rpcUrl, { bots: { env: {} } });
  const { url } = await serveAdmin(platform);
  return { platform, url };
}

describe("routes whose body is optional start with the defaults without one", () => {
  test("POST /wallets: no body (every way), {} and { name } each create a wallet", async () => {
    const { url, platform } = await setup();
    const created = { id: expect.any(Number), mnemonic: expect.stringMatching(/^[a-z]+( [a-z]+){11}$/) };
    for (const [how, send] of Object.entries(withoutBody)) {
      const answer = await send(`${url}/wallets`);
      expect(answer, how).toMatchObject({
        status: 201,
        body: { ...created, name: expect.stringMatching(/^Wallet 0x/) },
      });
    }
    expect(await postJson(`${url}/wallets`, {})).toMatchObject({ status: 201, body: created });
    expect(await postJson(`${url}/wallets`, { name: "alice" })).toMatchObject({
      status: 201,
      body: { ...created, name: "alice" },
    });
    // curl -d without -H sends a form content type: a body must say it is JSON (a web page can send
    // a form or text/plain body to any server without the browser asking first).
    const before = (await platform.wallets.list()).length;
    expect(await curlRequest(`${url}/wallets`, { body: '{"name":"bob"}' })).toMatchObject({
      status: 415,
      body: { code: "UNSUPPORTED_MEDIA_TYPE", error: expect.stringContaining("application/json") },
    });
    expect(await platform.wallets.list()).toHaveLength(before);
    expect(
      await curlRequest(`${url}/wallets`, {
        body: '{"name":"bob"}',
        headers: [["content-type", "application/json; charset=utf-8"]],
      }),
    ).toMatchObject({ status: 201, body: { name: "bob" } });
    expect(await postJson(`${url}/wallets`, { nmae: "typo" })).toMatchObject({
      status: 400,
      body: { error: 'body: unknown field "nmae"', code: "VALIDATION_FAILED" },
    });
  });

  test("POST /bots/transfer/start and /stop: the README's curl line works; stop takes no fields", async () => {
    const { url, platform } = await setup();
    // The README's line, byte for byte: curl -s -X POST http://127.0.0.1:3000/bots/transfer/start
    const started = await curlRequest(`${url}/bots/transfer/start`, { method: "POST" });
    expect(started).toMatchObject({
      status: 200,
      body: { bot: "transfer", status: "Running", changed: true, config: { interval: 5000, amount: "0.01" } },
    });
    const stray = await postJson(`${url}/bots/transfer/stop`, { interval: 1 });
    expect(stray).toMatchObject({
      status: 400,
      body: { error: 'body: unknown field "interval"', code: "VALIDATION_FAILED" },
    });
    await expect(platform.bots.get("transfer")).resolves.toMatchObject({ status: "Running" });
    for (const [how, send] of Object.entries(withoutBody)) {
      expect(await send(`${url}/bots/transfer/stop`), `stop, ${how}`).toMatchObject({
        status: 200,
        body: { status: "Stopped" },
      });
      expect(await send(`${url}/bots/transfer/start`), `start, ${how}`).toMatchObject({
        status: 200,
        body: { status: "Running", config: { interval: 5000 } },
      });
    }
    expect(await postJson(`${url}/bots/transfer/stop`, {})).toMatchObject({
      status: 200,
      body: { changed: true },
    });
    expect(await postJson(`${url}/bots/transfer/start`, {})).toMatchObject({
      status: 200,
      body: { changed: true },
    });
    expect(await postJson(`${url}/bots/transfer/stop`, {})).toMatchObject({
      status: 200,
      body: { changed: true },
    });
    const overridden = await postJson(`${url}/bots/transfer/start`, { interval: 60_000, amount: "0.02" });
    expect(overridden).toMatchObject({ status: 200, body: { config: { interval: 60_000, amount: "0.02" } } });
    expect(await curlRequest(`${url}/bots/transfer/stop`, { method: "POST" })).toMatchObject({
      status: 200,
      body: { status: "Stopped", changed: true },
    });
    await platform.bots.settled("transfer");
  });
});

describe("routes that need a body say so", () => {
  const needsBody = { error: "This route needs a JSON body.", code: "VALIDATION_FAILED" };

  test("POST /wallets/import, /send and /send-direct: no body (every way) and {} are 400s; nothing written", async () => {
    const { url, platform } = await setup();
    const wallets = await platform.storage.wallets.list();
    for (const path of ["/wallets/import", "/send", "/send-direct"]) {
      for (const [how, send] of Object.entries(withoutBody)) {
        expect(await send(`${url}${path}`), `${path}, ${how}`).toMatchObject({
          status: 400,
          body: needsBody,
        });
      }
    }
    expect(await postJson(`${url}/wallets/import`, {})).toMatchObject({
      status: 400,
      body: { error: "privateKey: is required", code: "VALIDATION_FAILED" },
    });
    expect(await postJson(`${url}/send`, {})).toMatchObject({
      status: 400,
      body: { error: "fromWalletId: is required; toAddress: is required; amount: is required" },
    });
    expect(await postJson(`${url}/send-direct`, {})).toMatchObject({
      status: 400,
      body: { error: "privateKey: is required; toAddress: is required; amount: is required" },
    });
    expect(await platform.storage.wallets.list()).toEqual(wallets);
    expect(await platform.transactions.list()).toEqual([]);
  });

  test("with their documented fields they do their work", async () => {
    const { url } = await setup();
    const privateKey = generatePrivateKey();
    expect(await postJson(`${url}/wallets/import`, { privateKey, name: "ops" })).toMatchObject({
      status: 201,
      body: { name: "ops", address: privateKeyToAddress(privateKey), balance: "0" },
    });
    // The README's line: curl -s -X POST …/send -H 'content-type: application/json' -d '{…}'
    const sent = await curlRequest(`${url}/send`, {
      method: "POST",
      headers: [["content-type", "application/json"]],
      body: JSON.stringify({ fromWalletId: 2, toAddress: recipient, amount: "0.5" }),
    });
    expect(sent).toMatchObject({ status: 200, body: { status: "pending", amount: "0.5", to: recipient } });
    const direct = await postJson(`${url}/send-direct`, {
      privateKey: devnet.accounts[3]?.privateKey,
      toAddress: recipient,
      amount: "0.25",
    });
    expect(direct).toMatchObject({ status: 200, body: { status: "confirmed", amount: "0.25" } });
    expect(Number.isInteger((direct.body as { blockNumber: unknown }).blockNumber)).toBe(true);
  });
});
