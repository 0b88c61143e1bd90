import { createPlatform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { RawJsonNumber, sweepMalformedInput } from "@privnet/http/testing";
import { http } from "viem";
import { afterEach, expect, test } from "vitest";
import { errorBody } from "../schemas/errors.js";
import { createOracleServer } from "../server/createOracleServer.js";
import { oracleRoutes } from "./index.js";

// The same sweep the admin API runs (@privnet/http/testing): malformed input at every route must be
// a 4xx with `{ success: false, error, code }`, never a 5xx or HTML, and write nothing — no price
// changes on-chain, no symbol is added, no transaction is sent.

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const ETH = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";
const wrongTypes: unknown[] = [null, true, {}, [], ["1"], { $gt: 0 }];

const badFieldValues: Record<string, unknown[]> = {
  symbol: [
    "",
    " ",
    "E-TH",
    "ETH;",
    "TOOLONGSYMBOL",
    "ÉTH",
    "ＥＴＨ",
    "💸",
    42,
    new RawJsonNumber("1e400"),
    ...wrongTypes,
  ],
  price: [
    "",
    "0",
    "0.0",
    "-1",
    -1,
    0,
    "abc",
    "1e3",
    "0x10",
    "1,5",
    "1.1234567890123456789",
    "NaN",
    "Infinity",
    "１",
    "1".repeat(40),
    new RawJsonNumber("1e400"),
    ...wrongTypes,
  ],
  // null is "no address" (as the SDK takes it), so it is no bad value here.
  address: [
    "",
    "0x12",
    "vitalik.eth",
    `0x${"g".repeat(40)}`,
    // ETH is priced at its own key: another one is refused.
    "0x00000000000000000000000000000000000000cc",
    42,
    ...wrongTypes.filter((value) => value !== null),
  ],
};

const validBodies = {
  "post /set-price": () => ({ symbol: "ETH", price: "2500", address: ETH }),
};

const badPaths = {
  "get /price/:symbol": [
    "/price/E-TH",
    "/price/%F0%9F%92%A9",
    `/price/${"A".repeat(12)}`,
    "/price/%00",
    "/price/x%20y",
    "/price/NOPE",
  ],
};

test("malformed input at every route: a 4xx with the JSON error shape, and nothing written", async () => {
  const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
  cleanups.push(() => platform.close());
  const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false });
  cleanups.push(() => server.close());
  const { updater } = await platform.contracts.get();
  const before = {
    prices: await platform.oracle.prices(),
    tokens: await platform.oracle.tokens(),
    block: await platform.client.getBlockNumber({ cacheTime: 0 }),
    nonce: await platform.client.getTransactionCount({ address: updater }),
  };

  const requests = await sweepMalformedInput({
    url: server.url,
    routes: oracleRoutes,
    errorSchema: errorBody,
    validBodies,
    badFieldValues,
    badPaths,
  });

  expect(requests).toBeGreaterThan(100);
  expect(await platform.oracle.prices()).toEqual(before.prices);
  expect(await platform.oracle.tokens()).toEqual(before.tokens);
  expect(await platform.client.getBlockNumber({ cacheTime: 0 })).toBe(before.block);
  expect(await platform.client.getTransactionCount({ address: updater })).toBe(before.nonce);
});
