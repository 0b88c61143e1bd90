import { createServer } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { createPlatform, type Platform } from "@privnet/core";
import { priceOracleAbi } from "@privnet/core/contracts";
import { symbolAddress } from "@privnet/core/internal";
import { startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import { PortInUseError } from "@privnet/http";
import { custom, formatEther, getAddress, type Hash, http, parseEventLogs } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { buildOracleOpenApi } from "../openapi/buildOracleOpenApi.js";
import { createOracleServer, type OracleServer, type OracleServerOptions } from "./createOracleServer.js";

const devnet = useDevnet();
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(options: OracleServerOptions = {}, given?: Platform) {
  const platform = given ?? (await createPlatform({ transport: http(devnet.rpcUrl), contracts: true }));
  if (!given) cleanups.push(() => platform.close());
  // The loop is started explicitly where a test needs it: pushes stay where the test puts them.
  const server = await createOracleServer(platform, { port: 0, startLoop: false, logger: false, ...options });
  cleanups.push(() => server.close());
  return { platform, server };
}

async function call(server: OracleServer, path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body: body as Record<string, unknown> };
}

const post = (body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

describe("GET /prices and /price/:symbol", () => {
  test("serve the contract's prices in the documented shapes", async () => {
    const { platform, server } = await serve();
    const { status, body, headers } = await call(server, "/prices");
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^application\/json/);
    const { addresses } = await platform.contracts.get();
    const prices = body.prices as Record<string, Record<string, unknown>>;
    expect(Object.keys(prices).sort()).toEqual(["DAI", "ETH", "PRIV", "USDC"]);
    expect(prices.ETH).toEqual({
      address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
      price: "2000",
      lastUpdated: expect.any(Number),
      lastUpdatedDate: new Date((prices.ETH?.lastUpdated as number) * 1000).toISOString(),
      isStale: false,
    });
    expect(prices.USDC?.address).toBe(addresses.usdc);
    expect(body.success).toBe(true);

    const one = await call(server, "/price/eth");
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      success: true,
      symbol: "ETH",
      address: "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE",
      price: "2000",
      priceUSD: 2000,
      lastUpdated: prices.ETH?.lastUpdated,
      lastUpdatedDate: prices.ETH?.lastUpdatedDate,
      isStale: false,
    });
  });

  test("what REST serves is what the chain holds, after every kind of write", async () => {
    const { platform, server } = await serve();
    await call(server, "/update", { method: "POST" });
    await platform.oracle.crash("ETH", 25);
    const { addresses } = await platform.contracts.get();
    const { body } = await call(server, "/prices");
    for (const [symbol, entry] of Object.entries(
      body.prices as Record<string, { address: `0x${string}`; price: string }>,
    )) {
      const onChain = await platform.client.readContract({
        address: addresses.priceOracle,
        abi: priceOracleAbi,
        functionName: "getPrice",
        args: [entry.address],
      });
      expect(entry.price, symbol).toBe(formatEther(onChain));
    }
  });

  test("errors: 400 for a malformed symbol, 404 for an unknown one", async () => {
    const { server } = await serve();
    expect(await call(server, "/price/E-TH")).toMatchObject({
      status: 400,
      body: { success: false, code: "INVALID_SYMBOL", error: expect.stringContaining("not valid") },
    });
    expect(await call(server, "/price/NOPE")).toMatchObject({
      status: 404,
      body: {
        success: false,
        code: "UNKNOWN_SYMBOL",
        error: "No token with symbol NOPE is priced by the oracle.",
      },
    });
  });
});

describe("a token configured but never pushed", () => {
  test("is listed with price 0 and stale, and /price answers 404 PRICE_NOT_AVAILABLE", async () => {
    const platform = await createPlatform({
      transport: http(devnet.rpcUrl),
      contracts: true,
      oracle: { tokens: { WBTC: { base: 60000 } } },
    });
    cleanups.push(() => platform.close());
    const { server } = await serve({}, platform);
    const { body } = await call(server, "/prices");
    expect((body.prices as Record<string, unknown>).WBTC).toEqual({
      address: symbolAddress("WBTC"),
      price: "0",
      lastUpdated: 0,
      lastUpdatedDate: "1970-01-01T00:00:00.000Z",
      isStale: true,
    });
    expect(await call(server, "/price/WBTC")).toMatchObject({
      status: 404,
      body: { success: false, code: "PRICE_NOT_AVAILABLE" },
    });
    await call(server, "/update", { method: "POST" });
    expect((await call(server, "/price/WBTC")).body).toMatchObject({ success: true, price: "60000" });
  });
});

describe("POST /update and /set-price", () => {
  test("/update pushes now and answers with the tx hash, block and prices", async () => {
    const { platform, server } = await serve();
    const { status, body } = await call(server, "/update", { method: "POST" });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      txHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      blockNumber: expect.any(Number),
      timestamp: expect.any(Number),
    });
    const receipt = await platform.client.getTransactionReceipt({ hash: body.txHash as `0x${string}` });
    expect(Number(receipt.blockNumber)).toBe(body.blockNumber);
    const served = await call(server, "/prices");
    const prices = served.body.prices as Record<string, { price: string }>;
    expect(body.prices).toEqual(
      Object.fromEntries(Object.entries(prices).map(([symbol, entry]) => [symbol, entry.price])),
    );
  });

  test("/set-price stores the price (known or new symbol) and answers with it and its tx hash", async () => {
    const { server } = await serve();
    const eth = await call(server, "/set-price", post({ symbol: "ETH", price: "2345.67" }));
    expect(eth).toMatchObject({
      status: 200,
      body: {
        success: true,
        symbol: "ETH",
        price: "2345.67",
        priceUSD: 2345.67,
        txHash: expect.stringMatching(/^0x/),
      },
    });
    expect((await call(server, "/price/ETH")).body.price).toBe("2345.67");

    const wbtc = await call(server, "/set-price", post({ symbol: "wbtc", price: 65000 }));
    expect(wbtc.body).toMatchObject({ symbol: "WBTC", address: symbolAddress("WBTC"), price: "65000" });
    const link = await call(
      server,
      "/set-price",
      post({ symbol: "LINK", price: "14.5", address: "0x00000000000000000000000000000000000000cc" }),
    );
    expect(link.body).toMatchObject({
      address: getAddress("0x00000000000000000000000000000000000000cc"),
      price: "14.5",
    });
    expect((await call(server, "/price/LINK")).body).toMatchObject({ price: "14.5", priceUSD: 14.5 });
  });

  test("/set-price refuses bad input with 400 and the JSON error shape, writing nothing", async () => {
    const { server } = await serve();
    const before = await call(server, "/prices");
    const cases: [unknown, string][] = [
      [{ symbol: "ETH", price: "0" }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: "-1" }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: -1 }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: "abc" }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: "1.1234567890123456789" }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: true }, "INVALID_PRICE"],
      [{ symbol: "ETH", price: "1", colour: "red" }, "VALIDATION_FAILED"],
      [{ symbol: "", price: "1" }, "INVALID_SYMBOL"],
      [{ symbol: "TOO-LONG-SYMBOL", price: "1" }, "INVALID_SYMBOL"],
      [{ price: "1" }, "VALIDATION_FAILED"],
      [{ symbol: "NEW", price: "1", address: "0x12" }, "INVALID_ADDRESS"],
      ["{not json", "INVALID_JSON"],
    ];
    for (const [body, code] of cases) {
      const answer = await call(server, "/set-price", post(body));
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toEqual({ success: false, error: expect.any(String), code });
    }
    const big = await call(
      server,
      "/set-price",
      post({ symbol: "ETH", price: "1", padding: "x".repeat(20_000) }),
    );
    expect(big).toMatchObject({ status: 413, body: { success: false, code: "BODY_TOO_LARGE" } });
    expect((await call(server, "/prices")).body).toEqual(before.body);
    expect((await call(server, "/price/NEW")).status).toBe(404);
  });
});

describe("GET /health", () => {
  test("reports the loop, the last push (time, age, tx hash), the contract and the chain", async () => {
    const { platform, server } = await serve({ startLoop: true });
    const { status, body } = await call(server, "/health");
    const { addresses } = await platform.contracts.get();
    const last = platform.oracle.status().lastPush;
    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      status: "ok",
      chain: { reachable: true, blockNumber: expect.any(Number) },
      contract: addresses.priceOracle,
      running: true,
      frozen: false,
      interval: 60000,
      lastPush: {
        at: last?.at,
        ageSeconds: expect.any(Number),
        txHash: last?.hash,
        blockNumber: Number(last?.blockNumber),
      },
      lastTxHash: last?.hash,
      lastError: null,
      consecutiveFailures: 0,
    });
    await platform.oracle.freeze();
    expect((await call(server, "/health")).body).toMatchObject({ status: "degraded", frozen: true });
  });

  test("a chain that stopped answering is a 503 with status down", async () => {
    const own = await startDevnet({ port: 0, blockTime: 0 });
    cleanups.push(() => own.stop());
    const platform = await createPlatform({
      transport: http(own.rpcUrl, { retryCount: 0 }),
      contracts: true,
      oracle: { maxAttempts: 1 },
    });
    cleanups.push(() => platform.close());
    const { server } = await serve({}, platform);
    await own.stop();
    const { status, body } = await call(server, "/health");
    expect(status).toBe(503);
    expect(body).toMatchObject({
      success: false,
      status: "down",
      chain: { reachable: false, blockNumber: null },
    });
    const prices = await call(server, "/prices");
    expect(prices).toMatchObject({ status: 503, body: { success: false, code: "CHAIN_UNREACHABLE" } });
    const update = await call(server, "/update", { method: "POST" });
    expect(update).toMatchObject({ status: 503, body: { success: false, code: "ORACLE_PUSH_FAILED" } });
    const health = await call(server, "/health");
    expect(health.body).toMatchObject({ consecutiveFailures: 1, lastError: { message: expect.any(String) } });
    // A new symbol whose price could not be written is not added.
    const set = await call(server, "/set-price", post({ symbol: "NEW", price: "1" }));
    expect(set).toMatchObject({ status: 503, body: { success: false, code: "ORACLE_PUSH_FAILED" } });
    expect(await call(server, "/price/NEW")).toMatchObject({ status: 404, body: { code: "UNKNOWN_SYMBOL" } });
  });
});

/** Follows `GET /prices/stream`: its events in order, read as far as a test needs. */
async function followPriceStream(server: OracleServer) {
  const controller = new AbortController();
  cleanups.push(async () => controller.abort());
  const response = await fetch(`${server.url}/prices/stream`, { signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const readUntil = async (done: () => boolean) => {
    while (!done()) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error("stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
        end = buffer.indexOf("\n\n");
      }
    }
  };
  return { response, events, readUntil };
}

/**
 * The worker's devnet behind a transport that, once `hold()` is called, keeps every call of one
 * JSON-RPC method waiting until `release()`: `held` resolves when the first such call waits.
 */
function holdingTransport(method: string) {
  const inner = http(devnet.rpcUrl)({ chain: devnet.chain, retryCount: 0 });
  let holding = false;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let onHeld = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  return {
    transport: custom({
      async request({ method: called, params }) {
        if (holding && called === method) {
          onHeld();
          await released;
        }
        return inner.request({ method: called, params });
      },
    }),
    hold() {
      holding = true;
    },
    held,
    release() {
      holding = false;
      release();
    },
  };
}

const pricesOf = (snapshot: Record<string, unknown> | undefined) =>
  Object.fromEntries(
    Object.entries((snapshot ?? {}) as Record<string, { price: string }>).map(([symbol, entry]) => [
      symbol,
      entry.price,
    ]),
  );

describe("GET /prices/stream", () => {
  test("sends a snapshot, then one price event per token per push, each named by its transaction and log", async () => {
    const { platform, server } = await serve();
    const stream = await followPriceStream(server);
    expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const { events, readUntil } = stream;
    await readUntil(() => events.length >= 1);
    expect(events[0]?.event).toBe("prices");
    expect(Object.keys(events[0]?.data ?? {}).sort()).toEqual(["DAI", "ETH", "PRIV", "USDC"]);

    const pushed = await call(server, "/update", { method: "POST" });
    await readUntil(() => events.length >= 5);
    const updates = events.slice(1);
    expect(updates.every((event) => event.event === "price")).toBe(true);
    expect(Object.fromEntries(updates.map((event) => [event.data.symbol, event.data.price]))).toEqual(
      pushed.body.prices,
    );
    const receipt = await platform.client.getTransactionReceipt({ hash: pushed.body.txHash as Hash });
    const logs = parseEventLogs({ abi: priceOracleAbi, eventName: "PriceUpdated", logs: receipt.logs });
    expect(updates.map((event) => [event.data.address, event.data.txHash, event.data.logIndex])).toEqual(
      logs.map((log) => [getAddress(log.args.token), pushed.body.txHash, log.logIndex]),
    );
    expect(updates[0]?.data).toMatchObject({ blockNumber: pushed.body.blockNumber });
  });

  test("an update the snapshot already holds is not sent again", async () => {
    // The push is mined, but the platform reports it only once it has read the receipt: held here
    // until the stream has sent a snapshot read after the push.
    const receipts = holdingTransport("eth_getTransactionReceipt");
    const platform = await createPlatform({ transport: receipts.transport, contracts: true });
    cleanups.push(() => platform.close());
    const { server } = await serve({}, platform);
    receipts.hold();
    const first = platform.oracle.push();
    await receipts.held;
    const { events, readUntil } = await followPriceStream(server);
    await readUntil(() => events.length >= 1);
    receipts.release();
    const firstPush = await first;
    expect(events[0]?.event).toBe("prices");
    expect(pricesOf(events[0]?.data)).toEqual(firstPush.prices);

    const second = await platform.oracle.push();
    await readUntil(() => events.length >= 5);
    expect(events.slice(1).map((event) => [event.event, event.data.txHash])).toEqual(
      Object.keys(second.prices).map(() => ["price", second.hash]),
    );
  });

  test("an update mined while the snapshot is read comes after it", async () => {
    // The snapshot's contract reads wait until the push below is mined and reported.
    const reads = holdingTransport("eth_call");
    const platform = await createPlatform({ transport: reads.transport, contracts: true });
    cleanups.push(() => platform.close());
    const { server } = await serve({}, platform);
    const before = pricesOf(
      Object.fromEntries((await platform.oracle.prices()).map((info) => [info.symbol, info])),
    );
    reads.hold();
    const { events, readUntil } = await followPriceStream(server);
    await reads.held;
    const pushed = await platform.oracle.push();
    reads.release();
    await readUntil(() => events.length >= 5);
    expect(events.map((event) => event.event)).toEqual(["prices", "price", "price", "price", "price"]);
    expect(pricesOf(events[0]?.data)).toEqual(before);
    expect(events.slice(1).map((event) => [event.data.symbol, event.data.price, event.data.txHash])).toEqual(
      Object.entries(pushed.prices).map(([symbol, price]) => [symbol, price, pushed.hash]),
    );
  });
  test("after a chain reset, updates of the new chain are sent, whatever their block numbers", async () => {
    const { platform, server } = await serve();
    // A snapshot read far up the old chain: the new one's pushes have lower block numbers.
    await devnet.request("anvil_mine", ["0x40"]);
    const { events, readUntil } = await followPriceStream(server);
    await readUntil(() => events.length >= 1);
    await devnet.reset();
    const pushed = await platform.oracle.push();
    expect(pushed.blockNumber).toBeLessThan(0x40n);
    await readUntil(() => events.length >= 5);
    expect(events.slice(1).map((event) => [event.event, event.data.txHash])).toEqual(
      Object.keys(pushed.prices).map(() => ["price", pushed.hash]),
    );
  });
});

describe("everything else", () => {
  test("/openapi.json documents every route from the zod schemas", async () => {
    const { server } = await serve();
    const { status, body } = await call(server, "/openapi.json");
    expect(status).toBe(200);
    expect(body.openapi).toBe("3.1.0");
    const paths = body.paths as Record<string, Record<string, { operationId: string }>>;
    expect(Object.keys(paths).sort()).toEqual([
      "/health",
      "/price/{symbol}",
      "/prices",
      "/prices/stream",
      "/set-price",
      "/update",
    ]);
    expect(paths["/set-price"]?.post?.operationId).toBe("setPrice");
    // What the panel's types are generated from is this very document, built without a server.
    expect(body).toEqual(JSON.parse(JSON.stringify(buildOracleOpenApi())));
    const schemas = (body.components as { schemas: Record<string, unknown> }).schemas;
    expect(Object.keys(schemas)).toEqual(
      expect.arrayContaining(["Prices", "PriceEntry", "Price", "SetPriceRequest", "Error", "Health"]),
    );
    const operations = paths as unknown as Record<string, Record<string, Record<string, unknown>>>;
    expect(operations["/set-price"]?.post?.requestBody).toMatchObject({ required: true });
    expect(operations["/update"]?.post).not.toHaveProperty("requestBody");
    expect(operations["/health"]?.get?.responses).toMatchObject({
      200: { content: { "application/json": { schema: { $ref: "#/components/schemas/Health" } } } },
      503: { content: { "application/json": { schema: { $ref: "#/components/schemas/Health" } } } },
    });
    expect(operations["/prices/stream"]?.get?.responses).toMatchObject({
      200: { content: { "text/event-stream": {} } },
    });
    // The service description's types: Unix seconds and block numbers are integers, prices text.
    expect(schemas.Price).toMatchObject({
      properties: {
        price: { type: "string" },
        priceUSD: { type: "number" },
        lastUpdated: { type: "integer" },
        lastUpdatedDate: { type: "string", format: "date-time" },
      },
    });
    expect(schemas.PriceEntry).toMatchObject({
      properties: {
        lastUpdated: { type: "integer" },
        lastUpdatedDate: { type: "string", format: "date-time" },
      },
    });
    expect(schemas.Error).toMatchObject({ required: ["success", "error", "code"] });
  });

  test("unknown routes are a JSON 404, wrong methods a JSON 405, never HTML", async () => {
    const { server } = await serve();
    const missing = await call(server, "/nope");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/json/);
    expect(missing.body).toEqual({ success: false, error: "No route for GET /nope.", code: "NOT_FOUND" });
    const wrong = await call(server, "/prices", { method: "DELETE" });
    expect(wrong).toMatchObject({ status: 405, body: { success: false, code: "METHOD_NOT_ALLOWED" } });
    expect(wrong.headers.get("allow")).toBe("GET");
  });

  test("close() stops the loop it started", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    cleanups.push(() => platform.close());
    const server = await createOracleServer(platform, { port: 0, logger: false });
    expect(platform.oracle.status().running).toBe(true);
    await server.close();
    expect(platform.oracle.status().running).toBe(false);
  });

  test("its status is an instance's; closes made at once, and await using, close the port and stop the loop once", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    cleanups.push(() => platform.close());
    const statuses: string[] = [];
    {
      await using server = await createOracleServer(platform, { port: 0, logger: false });
      expect(server).toMatchObject({ name: "the oracle API", status: "started" });
      server.on("status", (state) => statuses.push(state.status));
      const closing = server.close();
      expect(server.stop()).toBe(closing);
      await Promise.all([closing, server.close()]);
      expect(server.server.listening).toBe(false);
    }
    expect(statuses).toEqual(["stopping", "stopped"]);
    expect(platform.oracle.status().running).toBe(false);
  });

  test("the default port is 3004: taken, it is named in the error, and the loop is not left running", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    cleanups.push(() => platform.close());
    // Whether something listens on 3004 already or this test holds it, the port is taken: the
    // default is checked without ever depending on it being free.
    const release = await occupy(3004);
    try {
      await expect(createOracleServer(platform, { logger: false })).rejects.toMatchObject({
        code: "PORT_IN_USE",
        port: 3004,
        host: "127.0.0.1",
      });
    } finally {
      await release();
    }
    expect(platform.oracle.status().running).toBe(false);
  });

  test("serves on an already-listening server and closes it; refuses one that does not listen, starting nothing", async () => {
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    cleanups.push(() => platform.close());
    const notYet = createServer();
    await expect(createOracleServer(platform, { server: notYet, logger: false })).rejects.toMatchObject({
      code: "INVALID_OPTIONS",
      message: "options.server is not listening.",
    });
    expect(platform.oracle.status().running).toBe(false);
    const listening = createServer();
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const { port } = listening.address() as AddressInfo;
    // port and host are ignored once a server is given.
    const server = await createOracleServer(platform, {
      server: listening,
      port: 1,
      startLoop: false,
      logger: false,
    });
    cleanups.push(() => server.close());
    expect(server).toMatchObject({ url: `http://127.0.0.1:${port}`, port, server: listening });
    expect((await call(server, "/prices")).status).toBe(200);
    await server.close();
    expect(listening.listening).toBe(false);
  });

  test("a taken port is PORT_IN_USE naming port and host, and the loop it started is stopped", async () => {
    const { server: first } = await serve();
    const platform = await createPlatform({ transport: http(devnet.rpcUrl), contracts: true });
    cleanups.push(() => platform.close());
    const error = await createOracleServer(platform, { port: first.port, logger: false }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PortInUseError);
    expect(error).toMatchObject({
      code: "PORT_IN_USE",
      port: first.port,
      host: "127.0.0.1",
      message: expect.stringContaining(`Port ${first.port} on 127.0.0.1 is already in use.`),
    });
    expect(platform.oracle.status().running).toBe(false);
  });
});

/** Listens on 127.0.0.1:`port` unless something already does; resolves with a release function. */
async function occupy(port: number): Promise<() => Promise<void>> {
  const holder = createNetServer();
  const held = await new Promise<boolean>((resolve, reject) => {
    holder.once("error", (error: NodeJS.ErrnoException) =>
      error.code === "EADDRINUSE" ? resolve(false) : reject(error),
    );
    holder.listen(port, "127.0.0.1", () => resolve(true));
  });
  return held ? () => new Promise((resolve) => holder.close(() => resolve())) : async () => {};
}
