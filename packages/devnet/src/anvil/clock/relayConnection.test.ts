import { connect, createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "../startDevnet.js";
import { composeRelay } from "./composeRelay.js";
import { relayConnection } from "./relayConnection.js";
import type { RelayLink } from "./relayTypes.js";

/** A link as a limit would be: it answers `eth_chainId` itself, with a 429, and passes the rest. */
const refusesChainId: RelayLink = {
  name: "refuses eth_chainId",
  reads: ["eth_chainId"],
  async handle(request, next) {
    if (request.calls[0]?.method !== "eth_chainId") return next(request);
    return {
      from: "relay",
      status: 429,
      body: { jsonrpc: "2.0", id: request.calls[0].id, error: "slow down" },
    };
  },
};

/** A link with a bug: it throws on `eth_gasPrice`. */
const failsOnGasPrice: RelayLink = {
  name: "fails on eth_gasPrice",
  reads: ["eth_gasPrice"],
  handle(request, next) {
    if (request.calls[0]?.method === "eth_gasPrice") throw new Error("out of order");
    return next(request);
  },
};

let anvil: Devnet;
let server: Server;
let port: number;
beforeAll(async () => {
  anvil = await startDevnet({ port: 0, blockTime: 0, clock: false });
  const chain = composeRelay([refusesChainId, failsOnGasPrice]);
  server = createServer((client) =>
    relayConnection(client, connect({ host: "127.0.0.1", port: anvil.port }), chain),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await anvil.stop();
});

const httpRequest = (method: string, id: number) => {
  const body = JSON.stringify({ jsonrpc: "2.0", id, method, params: [] });
  return `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
};

describe("the relay's framing", () => {
  test("a link's own answer goes out in its request's place, with its HTTP status, between anvil's", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    const answers = new Promise<string>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        received.push(chunk);
        const text = Buffer.concat(received).toString();
        if ((text.match(/"jsonrpc"/g) ?? []).length === 3) resolve(text);
      });
    });
    socket.write(
      httpRequest("eth_blockNumber", 1) + httpRequest("eth_chainId", 2) + httpRequest("eth_blockNumber", 3),
    );
    const text = await answers;
    socket.destroy();
    expect([...text.matchAll(/HTTP\/1\.1 (\d+)/g)].map((match) => match[1])).toEqual(["200", "429", "200"]);
    expect([...text.matchAll(/"id":(\d+)/g)].map((match) => Number(match[1]))).toEqual([1, 2, 3]);
    expect(text).toContain('"error":"slow down"');
  });

  test("over fetch, anvil's headers stay anvil's and the link's answer is JSON", async () => {
    const url = `http://127.0.0.1:${port}`;
    const post = (method: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:5173" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
      });
    const passed = await post("eth_blockNumber");
    expect(passed.headers.get("access-control-allow-origin")).toBe("*");
    const refused = await post("eth_chainId");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/json");
    expect(await refused.json()).toEqual({ jsonrpc: "2.0", id: 1, error: "slow down" });
  });

  test("a request it cannot frame (a chunked body) goes to anvil as it came, all of it at once", async () => {
    const body = JSON.stringify({ jsonrpc: "2.0", id: 5, method: "eth_blockNumber", params: [] });
    const chunked = `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`;
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    const answer = new Promise<string>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        received.push(chunk);
        const text = Buffer.concat(received).toString();
        if (text.includes('"id":5')) resolve(text);
      });
    });
    socket.write(chunked);
    const text = await answer;
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 200/);
    expect(text).toContain('"result":"0x');
  });

  test("a link that fails: the client gets a JSON-RPC error naming the method, and the connection goes on", async () => {
    const socket = connect({ host: "127.0.0.1", port });
    const received: Buffer[] = [];
    const answers = new Promise<string>((resolve) => {
      socket.on("data", (chunk: Buffer) => {
        received.push(chunk);
        const text = Buffer.concat(received).toString();
        if ((text.match(/"jsonrpc"/g) ?? []).length === 2) resolve(text);
      });
    });
    socket.write(httpRequest("eth_gasPrice", 1) + httpRequest("eth_blockNumber", 2));
    const text = await answers;
    socket.destroy();
    expect(text).toContain(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"the relay could not pass eth_gasPrice on: out of order"}}',
    );
    expect(text).toMatch(/"id":2,"result":"0x/);
  });
});
