import { useDevnet } from "@privnet/devnet/vitest";
import { httpRequest, rawRequest } from "@privnet/http/testing";
import { createPublicClient, http } from "viem";
import { describe, expect, test } from "vitest";
import { errorBody } from "../schemas/errors.js";
import { serveAdmin, startPlatform } from "../testing/adminTestServer.js";

// The issue's own cases (issue 15, sections 1, 2 and 4) against the admin server, in raw HTTP as a
// browser or a hostile client writes it.

const devnet = useDevnet();
const recipient = "0x000000000000000000000000000000000000bEEF";

async function setup(options: Parameters<typeof serveAdmin>[1] = {}) {
  const platform = await startPlatform(devnet.rpcUrl);
  const server = await serveAdmin(platform, options);
  const sender = await platform.wallets.get(2);
  const client = createPublicClient({ transport: http(devnet.rpcUrl) });
  const state = async () => ({
    history: (await platform.transactions.list({ limit: 100 })).length,
    wallets: (await platform.wallets.list()).length,
    nonce: await client.getTransactionCount({ address: sender.address, blockTag: "pending" }),
  });
  return { platform, url: server.url, host: new URL(server.url).host, state };
}

function expectError(answer: { status: number; body: unknown }, status: number, code: string) {
  expect(errorBody.parse(answer.body)).toMatchObject({ code });
  expect(answer.status).toBe(status);
}

const sendBody = JSON.stringify({ fromWalletId: 2, toAddress: recipient, amount: "1" });

describe("a web page on another origin", () => {
  test("a cross-origin text/plain POST /send (a 'simple' request, no preflight) is refused and sends nothing", async () => {
    const { url, host, state } = await setup();
    const before = await state();
    const answer = await rawRequest(
      url,
      `POST /send HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${sendBody.length}\r\n\r\n${sendBody}`,
    );
    expectError(answer, 403, "ORIGIN_NOT_ALLOWED");
    // The same body without Origin (a page whose browser leaves it out): still not JSON, a 415.
    expectError(
      await rawRequest(
        url,
        `POST /send HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${sendBody.length}\r\n\r\n${sendBody}`,
      ),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(await state()).toEqual(before);
  });

  test("the admin panel's own page (same origin) sends; DELETE from a foreign page is refused", async () => {
    const { url, state } = await setup();
    const sent = await httpRequest(`${url}/send`, {
      method: "POST",
      headers: { origin: url, "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: sendBody,
    });
    expect(sent.status, sent.text).toBe(200);
    const before = await state();
    expectError(
      await httpRequest(`${url}/wallets/1`, {
        method: "DELETE",
        headers: { origin: "http://localhost:9999" },
      }),
      403,
      "ORIGIN_NOT_ALLOWED",
    );
    expect(await state()).toEqual(before);
  });
});

describe("DNS rebinding", () => {
  test("a foreign Host gets no wallet and no private key", async () => {
    const { url } = await setup();
    const answer = await rawRequest(url, "GET /wallets/2 HTTP/1.1\r\nHost: rebind.evil.example\r\n\r\n");
    expectError(answer, 403, "HOST_NOT_ALLOWED");
    expect(answer.text).not.toContain("private_key");
    const local = await rawRequest(url, "GET /wallets/2 HTTP/1.1\r\nHost: localhost\r\n\r\n");
    expect(local.status).toBe(200);
    expect(local.body).toHaveProperty("private_key");
  });

  test("allowedHosts names a host the server may be reached by", async () => {
    const { url } = await setup({ allowedHosts: ["devbox.lan"] });
    expect((await rawRequest(url, "GET /wallets/2 HTTP/1.1\r\nHost: devbox.lan:3000\r\n\r\n")).status).toBe(
      200,
    );
  });
});

describe("inputs that used to be 500s", () => {
  test("bodies in a wrong encoding, malformed escapes, deep JSON, parser errors: 4xx in JSON, nothing sent", async () => {
    const { url, state } = await setup();
    const before = await state();
    for (const encoding of ["gzip", "deflate", "br"]) {
      expectError(
        await httpRequest(`${url}/send`, {
          method: "POST",
          headers: { "content-type": "application/json", "content-encoding": encoding },
          body: "{}",
        }),
        400,
        "MALFORMED_REQUEST",
      );
    }
    for (const path of ["/wallets/%FF", "/balance/%zz", "/bots/%FF/start"]) {
      const method = path.endsWith("start") ? "POST" : "GET";
      expectError(await httpRequest(`${url}${path}`, { method }), 400, "MALFORMED_REQUEST");
    }
    for (const levels of [1_000, 5_000]) {
      const answer = await httpRequest(`${url}/send`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: `{"fromWalletId":2,"toAddress":"${recipient}","amount":${"[".repeat(levels)}${"]".repeat(levels)}}`,
      });
      expectError(answer, 400, "INVALID_JSON");
      expect(answer.text.length).toBeLessThan(200);
    }
    // Within the nesting limit, core's message quotes a short excerpt of the value, never all of it.
    const long = await httpRequest(`${url}/send`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ fromWalletId: 2, toAddress: recipient, amount: `${"9".repeat(50_000)}x` }),
    });
    expectError(long, 400, "INVALID_AMOUNT");
    expect(long.text.length).toBeLessThan(300);
    expectError(
      await rawRequest(url, "FOO /send HTTP/1.1\r\nHost: localhost\r\n\r\n"),
      400,
      "MALFORMED_REQUEST",
    );
    expectError(
      await rawRequest(url, `GET /${"w".repeat(16_384)} HTTP/1.1\r\nHost: localhost\r\n\r\n`),
      431,
      "HEADERS_TOO_LARGE",
    );
    expect(await state()).toEqual(before);
  });
});

describe("metrics", () => {
  test("requests to random paths add no series: one `unmatched` label, whatever the paths", async () => {
    const { url } = await setup();
    const series = async () =>
      (await (await fetch(`${url}/metrics`)).text())
        .split("\n")
        .filter((line) => line.startsWith("privnet_http_"));
    const random = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const path = `/${Math.random().toString(36).slice(2)}/${index}`;
        await fetch(`${url}${path}`, { method: index % 2 ? "GET" : "PUT" });
        await fetch(`${url}/wallets/${path}`, { method: "PUT" }); // 404
        await fetch(`${url}/wallets/${index}`, { method: "PUT" }); // 405 on a route template
      }
    };
    await random(2);
    await series();
    const before = await series();
    await random(200);
    const after = await series();
    expect(after).toHaveLength(before.length);
    const routes = new Set(after.map((line) => /route="([^"]*)"/.exec(line)?.[1]).filter(Boolean));
    expect([...routes].sort()).toEqual(["/metrics", "/wallets/:id", "unmatched"]);
  });
});
