import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "../startDevnet.js";

let devnet: Devnet;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 0 });
});
afterAll(async () => {
  await devnet.stop();
});

const post = (body: string, headers: Record<string, string> = {}) =>
  fetch(devnet.rpcUrl, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("the clock relay on the devnet's port", () => {
  test("answers a browser as anvil does: CORS headers on the preflight and on the call", async () => {
    const origin = "http://localhost:5173";
    const preflight = await fetch(devnet.rpcUrl, {
      method: "OPTIONS",
      headers: {
        origin,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(preflight.ok).toBe(true);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    const call = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }), {
      origin,
    });
    expect(call.headers.get("access-control-allow-origin")).toBe("*");
    expect(await call.json()).toMatchObject({ result: "0x301824" });
  });

  test("a batch stays a batch, however large, with every answer in order", async () => {
    const calls = Array.from({ length: 400 }, (_, index) => ({
      jsonrpc: "2.0",
      id: index,
      method: index % 2 === 0 ? "eth_chainId" : "eth_call",
      params:
        index % 2 === 0
          ? []
          : [{ to: "0x000000000000000000000000000000000000bE0c", data: `0x${"ab".repeat(200)}` }, "latest"],
    }));
    const answers = (await (await post(JSON.stringify(calls))).json()) as { id: number; result?: string }[];
    expect(answers.map((answer) => answer.id)).toEqual(calls.map((call) => call.id));
    expect(answers[0]?.result).toBe("0x301824");
  });

  test("what is not JSON-RPC gets anvil's own answer, and the relay goes on serving", async () => {
    const broken = await post("{ not json");
    expect(broken.status).toBeLessThan(500);
    const again = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 7, method: "evm_increaseTime", params: ["nope"] }),
    );
    expect(((await again.json()) as { error?: unknown }).error).toBeDefined();
    const fine = await post(JSON.stringify({ jsonrpc: "2.0", id: 8, method: "eth_blockNumber", params: [] }));
    expect(await fine.json()).toMatchObject({ id: 8 });
  });

  test("a call that mines with parameters anvil refuses gets anvil's error, and the relay goes on serving", async () => {
    const refused = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 9, method: "anvil_mine", params: ["nope"] }),
    );
    expect(((await refused.json()) as { error?: unknown }).error).toBeDefined();
    const fine = await post(
      JSON.stringify({ jsonrpc: "2.0", id: 10, method: "eth_blockNumber", params: [] }),
    );
    expect(await fine.json()).toMatchObject({ id: 10 });
  });

  test("requests pipelined on one connection, split at any byte, each get their answer in order", async () => {
    const requests = [1, 2, 3].map((id) => {
      const body = JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: id === 2 ? "evm_mine" : "eth_chainId",
        params: [],
      });
      return `POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    });
    const bytes = Buffer.from(requests.join(""));
    const socket = connect({ host: "127.0.0.1", port: devnet.port });
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.setNoDelay(true);
    for (let at = 0; at < bytes.length; at += 7) socket.write(bytes.subarray(at, at + 7));
    const text = await new Promise<string>((resolve) => {
      const check = () => {
        const all = Buffer.concat(received).toString();
        if ((all.match(/"jsonrpc"/g) ?? []).length === 3) resolve(all);
      };
      socket.on("data", check);
    });
    socket.destroy();
    const ids = [...text.matchAll(/"id":(\d+)/g)].map((match) => Number(match[1]));
    expect(ids).toEqual([1, 2, 3]);
  });
});
