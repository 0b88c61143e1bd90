import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { curlRequest, postJson, withoutBody } from "@privnet/http/testing";
import { http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { createOracleServer } from "../server/createOracleServer.js";

// Every POST route of the oracle API, called the ways real clients call it: curl without -d (no
// Content-Length, no body, written byte for byte over node:net), fetch's empty body
// (Content-Length: 0), an empty chunked body, `{}`, and the documented fields.

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve() {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  cleanups.push(() => platform.close());
  const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false });
  cleanups.push(() => server.close());
  return { platform, url: server.url };
}

const pushed = {
  success: true,
  txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
  blockNumber: expect.any(Number),
  prices: { ETH: expect.any(String), PRIV: expect.any(String), USDC: "1", DAI: "1" },
};

describe("POST /update takes no body", () => {
  test("no body (every way) and {} each push; a field is a 400 naming it, and nothing is pushed", async () => {
    const { platform, url } = await serve();
    // The doc's line: curl -s -X POST localhost:3004/update
    for (const [how, send] of Object.entries(withoutBody)) {
      expect(await send(`${url}/update`), how).toMatchObject({ status: 200, body: pushed });
    }
    expect(await postJson(`${url}/update`, {})).toMatchObject({ status: 200, body: pushed });
    const block = await platform.client.getBlockNumber({ cacheTime: 0 });
    expect(await postJson(`${url}/update`, { symbol: "ETH" })).toMatchObject({
      status: 400,
      body: { success: false, error: 'body: unknown field "symbol"', code: "VALIDATION_FAILED" },
    });
    expect(await platform.client.getBlockNumber({ cacheTime: 0 })).toBe(block);
  });
});

describe("POST /set-price needs a body", () => {
  test("no body (every way) and {} are 400s that say what is missing; the documented fields write the price", async () => {
    const { platform, url } = await serve();
    const block = await platform.client.getBlockNumber({ cacheTime: 0 });
    for (const [how, send] of Object.entries(withoutBody)) {
      expect(await send(`${url}/set-price`), how).toMatchObject({
        status: 400,
        body: { success: false, error: "This route needs a JSON body.", code: "VALIDATION_FAILED" },
      });
    }
    expect(await postJson(`${url}/set-price`, {})).toMatchObject({
      status: 400,
      body: { success: false, error: "symbol: is required; price: is required", code: "VALIDATION_FAILED" },
    });
    expect(await platform.client.getBlockNumber({ cacheTime: 0 })).toBe(block);
    // The doc's line: curl -s -X POST localhost:3004/set-price -H 'content-type: application/json' -d '…'
    const set = await curlRequest(`${url}/set-price`, {
      method: "POST",
      headers: [["content-type", "application/json"]],
      body: '{ "symbol": "WBTC", "price": "65000" }',
    });
    expect(set).toMatchObject({
      status: 200,
      body: {
        success: true,
        symbol: "WBTC",
        price: "65000",
        priceUSD: 65000,
        blockNumber: expect.any(Number),
      },
    });
    expect((await platform.oracle.price("WBTC")).price).toBe("65000");
  });
});
