import { createPlatform, type Platform } from "@privnet/core";
import { type Devnet, startDevnet } from "@privnet/devnet";
import { httpRequest } from "@privnet/http/testing";
import { http } from "viem";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AdminServer, createAdminServer } from "../../server/createAdminServer.js";

// The audit trail end to end: a devnet whose port has the method policy, the platform calling it
// with the devnet's service headers, and the admin server's GET /chain/events and /chain/faults.

const token = "team-token";
const auth = { authorization: `Bearer ${token}` };
let devnet: Devnet;
let platform: Platform;
let server: AdminServer;

beforeAll(async () => {
  devnet = await startDevnet({ port: 0, blockTime: 0, chainPolicy: { adminToken: token } });
  platform = await createPlatform({
    transport: http(devnet.rpcUrl, { fetchOptions: { headers: { ...devnet.serviceHeaders } } }),
    faults: devnet.faults,
    explorer: false,
  });
  server = await createAdminServer(platform, { port: 0, logger: false, token });
});
afterAll(async () => {
  await server?.close();
  await platform?.close();
  await devnet?.stop();
});

/** GET /chain/events, open (its listener is on once the headers came); `adminCall()` reads the first `chain.adminCall`. */
async function openChainEvents(signal: AbortSignal) {
  const response = await fetch(`${server.url}/chain/events`, { headers: auth, signal });
  expect(response.status).toBe(200);
  return {
    async adminCall(): Promise<Record<string, unknown>> {
      const decoder = new TextDecoder();
      let text = "";
      for await (const chunk of response.body as ReadableStream<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        const block = text.split("\n\n").find((entry) => entry.includes("event: chain.adminCall"));
        const data = block && /^data: (.+)$/m.exec(block)?.[1];
        if (data) return JSON.parse(data);
      }
      throw new Error("the stream ended");
    },
  };
}

describe("the chain port's audit trail", () => {
  test("an admin call with the token shows on GET /chain/events as chain.adminCall and on GET /chain/faults; the platform's own do not", async () => {
    // The platform's own admin calls (funding, pool reads) pass the policy unaudited.
    await platform.network.info();
    const controller = new AbortController();
    const stream = await openChainEvents(controller.signal);
    const refused = await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "anvil_setBalance",
        params: [devnet.accounts[3]?.address, "0x1"],
      }),
    });
    expect(((await refused.json()) as { error: { code: number } }).error.code).toBe(4100);
    const answer = await fetch(`${devnet.rpcUrl}/${token}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "evm_mine", params: [] }),
    });
    expect(((await answer.json()) as { result: unknown }).result).toBe("0x0");
    const event = await stream.adminCall();
    controller.abort();
    expect(event).toEqual({
      type: "adminCall",
      at: expect.any(String),
      method: "evm_mine",
      client: "127.0.0.1",
      token: "admin",
      block: expect.any(Number),
    });
    const history = await httpRequest(`${server.url}/chain/faults`, { method: "GET", headers: auth });
    expect(history.body).toEqual({ available: true, events: [event] });
  });
});
