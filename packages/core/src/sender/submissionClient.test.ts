import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { useDevnet } from "@privnet/devnet/vitest";
import { getAddress, http } from "viem";
import { afterEach, expect, test } from "vitest";
import { createPlatform } from "../platform/createPlatform.js";

const devnet = useDevnet();
const recipient = getAddress("0x00000000000000000000000000000000000000ab");

type RpcCall = { jsonrpc: "2.0"; id: number; method: string; params?: unknown[] };

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A JSON-RPC proxy in front of the node that notes the size of every batch of raw transactions,
 * and answers the `refuse`-th raw transaction itself with the node's "insufficient funds" words
 * (not forwarding it), as a node would refuse one transaction of a batch.
 */
async function startProxy(refuse: number) {
  const batches: number[] = [];
  let raws = 0;
  const server = createServer((request, response) => {
    void (async () => {
      const parsed = JSON.parse(await readBody(request)) as RpcCall | RpcCall[];
      const calls = Array.isArray(parsed) ? parsed : [parsed];
      const sending = calls.filter((call) => call.method === "eth_sendRawTransaction").length;
      if (sending > 0) batches.push(sending);
      const answers = await Promise.all(
        calls.map(async (call) => {
          if (call.method === "eth_sendRawTransaction" && ++raws === refuse) {
            return {
              jsonrpc: "2.0",
              id: call.id,
              error: { code: -32003, message: "insufficient funds for gas * price + value" },
            };
          }
          const forwarded = await fetch(devnet.rpcUrl, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(call),
          });
          return forwarded.json();
        }),
      );
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, batches };
}

test("over HTTP, transactions signed together are submitted as one JSON-RPC batch; a refusal inside it is classified as alone", async () => {
  const proxy = await startProxy(3);
  const platform = await createPlatform({ transport: http(proxy.url), pollingInterval: 100 });
  try {
    const from = devnet.accounts[1]?.address ?? recipient;
    const start = await platform.client.getTransactionCount({ address: from });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        platform.sender.sendFromWallet({ fromWalletId: 2, to: recipient, amount: "1" }),
      ),
    );
    // One batch carried several raw transactions.
    expect(Math.max(...proxy.batches)).toBeGreaterThan(1);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    const sent = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    const settled = await Promise.all(sent.map((entry) => platform.transactions.wait(entry.id)));
    expect(settled.every((entry) => entry.status === "confirmed")).toBe(true);
    // The refused nonce was filled (a zero-value transfer to self), so nothing behind it stalled.
    const records = await platform.storage.transactions.list({ limit: 100 });
    expect(records.map((record) => record.nonce).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, index) => start + index),
    );
    expect(records.filter((record) => record.source === "nonce-gap-filler")).toHaveLength(1);
  } finally {
    await platform.close();
  }
});
