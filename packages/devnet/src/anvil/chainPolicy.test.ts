import { request } from "node:http";
import { connect } from "node:net";
import type { ChainFaultEvent } from "@privnet/core";
import { JsonRpcProvider, Wallet } from "ethers";
import { createPublicClient, createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "./startDevnet.js";

// The chain port with a method policy, through the devnet's real port: a real anvil behind the
// relay, clients with fetch, viem, ethers and node's own HTTP and WebSocket.

const TOKEN = "team-admin-token";
let devnet: Devnet;
const events: ChainFaultEvent[] = [];
let stopListening: () => void;

beforeAll(async () => {
  devnet = await startDevnet({
    port: 0,
    blockTime: 0,
    chainPolicy: { adminToken: TOKEN, limits: { ratePerSecond: 5, rateBurst: 200 } },
  });
  stopListening = devnet.faults.subscribe((event) => events.push(event));
});
afterAll(async () => {
  stopListening?.();
  await devnet?.stop();
});

type RpcAnswer = { id?: unknown; result?: unknown; error?: { code: number; message: string } };

/** A JSON-RPC POST from `localAddress` (127.0.0.1 unless said), with these headers. */
function post(
  body: unknown,
  options: { path?: string; headers?: Record<string, string>; localAddress?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: JSON answers of many shapes, each read field by field in its assertions
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: "127.0.0.1",
        port: devnet.port,
        path: options.path ?? "/",
        method: "POST",
        localAddress: options.localAddress ?? "127.0.0.1",
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
          ...options.headers,
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "null"),
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(text);
  });
}

const call = (method: string, params: unknown[] = []) => ({ jsonrpc: "2.0", id: 1, method, params });
const bearer = { authorization: `Bearer ${TOKEN}` };
const someone = "0x00000000000000000000000000000000000c0ffe";

async function read<T>(method: string, params: unknown[] = []): Promise<T> {
  const answer = await post(call(method, params));
  return (answer.body as RpcAnswer).result as T;
}

describe("the chain port with an admin token", () => {
  test("admin methods without the token are refused, change nothing, and name the method and the way in", async () => {
    const headBefore = await read<string>("eth_blockNumber");
    const nonceBefore = await read<string>("eth_getTransactionCount", [
      devnet.accounts[0]?.address,
      "latest",
    ]);
    const refused = [
      call("anvil_setBalance", [someone, "0xde0b6b3a7640000"]),
      call("evm_snapshot"),
      call("anvil_dumpState"),
      call("debug_traceTransaction", [`0x${"11".repeat(32)}`]),
      call("eth_sendTransaction", [{ from: devnet.accounts[0]?.address, to: someone, value: "0x1" }]),
      call("anvil_reset"),
      call("evm_mine"),
    ];
    for (const body of refused) {
      const answer = await post(body);
      expect(answer.status).toBe(200);
      expect(answer.body.error.code, body.method).toBe(4100);
      expect(answer.body.error.message).toContain(`${body.method} is an admin method`);
      expect(answer.body.error.message).toContain("Authorization: Bearer <token>");
    }
    // A wrong token in the path is no better.
    expect((await post(call("evm_mine"), { path: "/not-the-token" })).body.error.code).toBe(4100);
    expect(await read("eth_getBalance", [someone, "latest"])).toBe("0x0");
    expect(await read("eth_blockNumber")).toBe(headBefore);
    expect(await read("eth_getTransactionCount", [devnet.accounts[0]?.address, "latest"])).toBe(nonceBefore);
    expect(events.filter((event) => event.type === "adminCall")).toEqual([]);
  });

  test("with the token as a bearer header or as the URL's last path segment they work, and each is on the audit trail", async () => {
    const set = await post(call("anvil_setBalance", [someone, "0xde0b6b3a7640000"]), { headers: bearer });
    expect(set.body.error).toBeUndefined();
    expect(await read("eth_getBalance", [someone, "latest"])).toBe("0xde0b6b3a7640000");
    const snapshot = await post(call("evm_snapshot"), { path: `/${TOKEN}` });
    expect(snapshot.body.result).toMatch(/^0x/);
    const dumped = await post(call("anvil_dumpState"), { headers: bearer });
    expect(dumped.body.result).toMatch(/^0x/);
    // viem with the token in the URL, as a wallet's network settings hold it.
    const admin = createWalletClient({
      chain: devnet.chain,
      transport: http(`${devnet.rpcUrl}/${TOKEN}`),
      account: devnet.accounts[0]?.address as `0x${string}`,
    });
    const hash = await admin.sendTransaction({ to: someone, value: 1n });
    const trace = await post(call("debug_traceTransaction", [hash, { tracer: "callTracer" }]), {
      headers: bearer,
    });
    expect(trace.body.result.to).toBe(someone);
    const reverted = await post(call("evm_revert", [snapshot.body.result]), { headers: bearer });
    expect(reverted.body.result).toBe(true);
    await expect
      .poll(() => events.filter((event) => event.type === "adminCall").length)
      .toBeGreaterThanOrEqual(6);
    const audited = events.flatMap((event) => (event.type === "adminCall" ? [event] : []));
    expect(audited.map((event) => event.method)).toEqual([
      "anvil_setBalance",
      "evm_snapshot",
      "anvil_dumpState",
      "eth_sendTransaction",
      "debug_traceTransaction",
      "evm_revert",
    ]);
    expect(audited[0]).toMatchObject({ client: "127.0.0.1", token: "admin" });
    expect(typeof audited[0]?.block).toBe("bigint");
    expect(JSON.stringify(audited.map((event) => ({ ...event, block: String(event.block) })))).not.toContain(
      TOKEN,
    );
    const reset = await post(call("anvil_reset"), { headers: bearer });
    expect(reset.body.error).toBeUndefined();
  });

  test("a signed transaction goes through without a token, with ethers and with viem", async () => {
    const funder = devnet.accounts[5];
    if (!funder) throw new Error("no account 5");
    const wallet = new Wallet(
      funder.privateKey,
      new JsonRpcProvider(devnet.rpcUrl, 3151908, { staticNetwork: true }),
    );
    const sent = await wallet.sendTransaction({ to: someone, value: parseEther("0.5") });
    expect((await sent.wait())?.status).toBe(1);
    const client = createWalletClient({
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
      account: privateKeyToAccount(devnet.accounts[6]?.privateKey as `0x${string}`),
    });
    const hash = await client.sendTransaction({ to: someone, value: 1n });
    const receipt = await createPublicClient({
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    }).waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  });

  test("a 5,000-request batch is refused", async () => {
    const batch = Array.from({ length: 5_000 }, (_, index) => ({ ...call("eth_chainId"), id: index }));
    const answer = await post(batch, { localAddress: "127.0.0.3" });
    expect(answer.body.error.code).toBe(-32005);
    expect(answer.body.error.message).toMatch(/batch of 5000 calls is over the limit of 100/);
  });

  test("a body over the limit is answered 413 from its head, before its bytes are sent", async () => {
    const socket = connect({ host: "127.0.0.1", port: devnet.port, localAddress: "127.0.0.5" });
    const received: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => received.push(chunk));
    const closed = new Promise((resolve) => socket.on("close", resolve));
    socket.write(
      `POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${64 * 1024 * 1024}\r\n\r\n{"jsonrpc":`,
    );
    await closed;
    const answer = Buffer.concat(received).toString("utf8");
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":-32005');
    expect(answer).toContain("over the limit of 5242880");
  });

  test("one loopback address flooding is limited (429, Retry-After, -32005) while another is served", async () => {
    const flood = await Promise.all(
      Array.from({ length: 250 }, () => post(call("eth_blockNumber"), { localAddress: "127.0.0.2" })),
    );
    const limited = flood.filter((answer) => answer.status === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(limited[0]?.headers["retry-after"]).toMatch(/^\d+$/);
    expect(limited[0]?.body.error.code).toBe(-32005);
    const other = await post(call("eth_blockNumber"), { localAddress: "127.0.0.1" });
    expect(other.status).toBe(200);
    expect(other.body.result).toMatch(/^0x/);
    // privnet's own clients are never limited.
    const service = await post(call("eth_blockNumber"), {
      localAddress: "127.0.0.2",
      headers: { ...devnet.serviceHeaders },
    });
    expect(service.status).toBe(200);
  });

  test("a foreign Host is refused with 403", async () => {
    const answer = await post(call("eth_chainId"), {
      headers: { host: "attacker.example:8545" },
      localAddress: "127.0.0.4",
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error.message).toMatch(/Host "attacker.example:8545"/);
  });

  test("a WebSocket newHeads subscription delivers heads; admin calls on it take the handshake's token", async () => {
    const open = async (url: string) => {
      const socket = new WebSocket(url);
      const messages: (RpcAnswer & { params?: { result?: { number?: string } } })[] = [];
      const waiting = new Set<() => void>();
      socket.addEventListener("message", (event) => {
        messages.push(JSON.parse(String(event.data)));
        for (const wake of waiting) wake();
      });
      await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
      const find = async (matches: (message: (typeof messages)[number]) => boolean) => {
        for (;;) {
          const found = messages.find(matches);
          if (found) return found;
          await new Promise<void>((resolve) => {
            const wake = () => {
              waiting.delete(wake);
              resolve();
            };
            waiting.add(wake);
          });
        }
      };
      const send = (id: number, method: string, params: unknown[] = []) =>
        socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
      return { socket, find, send };
    };
    const admin = await open(`${devnet.wsUrl}/${TOKEN}`);
    admin.send(1, "eth_subscribe", ["newHeads"]);
    expect((await admin.find((message) => message.id === 1)).result).toMatch(/^0x/);
    admin.send(2, "evm_mine");
    expect((await admin.find((message) => message.id === 2)).error).toBeUndefined();
    const head = await admin.find((message) => message.params?.result?.number !== undefined);
    expect(head.params?.result?.number).toMatch(/^0x/);
    admin.socket.close();
    const plain = await open(devnet.wsUrl);
    plain.send(3, "evm_mine");
    expect((await plain.find((message) => message.id === 3)).error?.code).toBe(4100);
    plain.socket.close();
  });
});
