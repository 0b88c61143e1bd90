import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:https";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TLSSocket } from "node:tls";
import type { ChainFaultEvent } from "@privnet/core";
import { Agent, WebSocket } from "undici";
import { createTestClient, createWalletClient, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import { status } from "../commands/status.js";
import { tlsTrust } from "../commands/tlsTrust.js";
import { traffic } from "../commands/traffic.js";
import { resolveSettings } from "../config/resolveSettings.js";
import { trustCertificate } from "../tls/trustCertificate.js";
import { type Stack, startStack } from "./startStack.js";

// `privnet up --tls self-signed` as startStack runs it: every port HTTPS (and WSS), real clients
// that trust the printed certificate, and clear text answered by nothing.

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-tls-stack-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const settingsIn = (cwd: string, blockTime: string) =>
  resolveSettings({
    config: {},
    env: {},
    flags: { tls: "self-signed", port: "0", "oracle-port": "0", "chain-port": "0", "block-time": blockTime },
    cwd,
  });

async function start(cwd: string, blockTime = "1"): Promise<{ stack: Stack; printed: string }> {
  let printed = "";
  const stack = await startStack(settingsIn(cwd, blockTime), {
    onProgress: ({ step, detail }) => {
      if (step === "tls") printed = detail;
    },
  });
  cleanups.push(() => stack.stop());
  return { stack, printed };
}

const urlOf = (stack: Stack, label: string) => stack.urls.find((entry) => entry.label === label)?.url ?? "";

/** A JSON-RPC call or a GET over HTTPS trusting only `ca`: the body and the certificate the server showed. */
function httpsCall(url: string, ca: string, body?: unknown) {
  return new Promise<{ status: number; body: string; fingerprint: string | undefined }>((resolve, reject) => {
    const call = request(
      url,
      // A connection of its own each time (agent: false): a resumed session shows no certificate.
      {
        ca,
        agent: false,
        method: body ? "POST" : "GET",
        headers: body ? { "content-type": "application/json" } : {},
      },
      (response) => {
        const fingerprint = (response.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256;
        let text = "";
        response.on("data", (chunk) => {
          text += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text, fingerprint }));
      },
    );
    call.on("error", reject);
    call.end(body ? JSON.stringify(body) : undefined);
  });
}

/** What a clear-text HTTP request to `url`'s port gets back before the server closes the connection. */
function clearTextAnswer(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(
        `POST / HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ),
    );
    let text = "";
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
    });
    socket.on("close", () => resolve(text));
    socket.on("error", reject);
  });
}

describe("startStack with tls: self-signed", () => {
  test("every port serves the printed certificate over HTTPS and WSS, and nothing in clear text", async () => {
    const { stack, printed } = await start(tempDir());
    const tls = stack.tls;
    if (!tls) throw new Error("no tls on the stack");
    expect(printed).toContain(`SHA-256 ${tls.fingerprint}`);
    expect(printed).toContain(tls.certPath);
    const admin = urlOf(stack, "Admin API");
    const oracle = urlOf(stack, "Oracle API");
    expect(
      [admin, oracle, stack.rpcUrl, urlOf(stack, "Chain WebSocket")].map((url) => new URL(url).protocol),
    ).toEqual(["https:", "https:", "https:", "wss:"]);

    // The admin API, its panel, the oracle API and the chain: HTTPS with the printed certificate.
    expect(await httpsCall(`${admin}/health`, tls.cert)).toMatchObject({
      status: 200,
      fingerprint: tls.fingerprint,
    });
    expect(await httpsCall(`${admin}/panel/`, tls.cert)).toMatchObject({
      status: 200,
      fingerprint: tls.fingerprint,
    });
    expect(await httpsCall(`${oracle}/health`, tls.cert)).toMatchObject({
      status: 200,
      fingerprint: tls.fingerprint,
    });
    const chainId = await httpsCall(stack.rpcUrl, tls.cert, { jsonrpc: "2.0", id: 1, method: "eth_chainId" });
    expect(chainId).toMatchObject({ status: 200, fingerprint: tls.fingerprint });
    expect(JSON.parse(chainId.body)).toMatchObject({ result: "0x301824" });

    // A clear-text request to each TLS port fails the handshake: no HTTP answer at all.
    for (const url of [admin, oracle, stack.rpcUrl])
      expect(await clearTextAnswer(url)).not.toMatch(/HTTP\/1\.1/);
  });

  test("viem sends a signed transaction over HTTPS, and a WSS newHeads subscription delivers a head", async () => {
    const { stack } = await start(tempDir());
    const tls = stack.tls;
    const devnet = stack.devnet;
    if (!tls || !devnet) throw new Error("no tls or devnet on the stack");
    const { fetchOptions } = trustCertificate(tls.cert);

    const ws = new WebSocket(devnet.wsUrl, { dispatcher: new Agent({ connect: { ca: tls.cert } }) });
    cleanups.push(() => ws.close());
    const head = new Promise<{ number: string; hash: string }>((resolve, reject) => {
      ws.addEventListener("error", () => reject(new Error("the WSS connection failed")));
      ws.addEventListener("message", (event) => {
        const message = JSON.parse(String(event.data)) as { method?: string; params?: { result: never } };
        if (message.method === "eth_subscription" && message.params) resolve(message.params.result);
      });
    });
    await new Promise((resolve) => ws.addEventListener("open", resolve));
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_subscribe", params: ["newHeads"] }));

    const account = privateKeyToAccount(devnet.accounts[11]?.privateKey as `0x${string}`);
    const wallet = createWalletClient({
      account,
      chain: devnet.chain,
      transport: http(stack.rpcUrl, { fetchOptions }),
    });
    const hash = await wallet.sendTransaction({
      to: "0x000000000000000000000000000000000000bEEF",
      value: parseEther("1"),
    });
    const receipt = await stack.platform.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(await head).toMatchObject({
      number: expect.stringMatching(/^0x/),
      hash: expect.stringMatching(/^0x/),
    });

    // privnet's own commands reach the TLS ports trusting the stack's certificate.
    const lines: string[] = [];
    const cwd = join(tls.certPath, "../../.."); // the stack's working directory: <cwd>/.privnet/tls/cert.pem
    const flags = { url: urlOf(stack, "Admin API"), "rpc-url": stack.rpcUrl };
    expect(
      await status({ flags, cwd, env: { PRIVNET_TLS: "self-signed" }, write: (line) => lines.push(line) }),
    ).toBe(0);
    expect(lines.join("\n")).toMatch(
      /admin API +https:\/\/.* up, block \d+\nchain +https:\/\/.* up, chain id 3151908/,
    );
    const exported: string[] = [];
    const exportFlags = { url: urlOf(stack, "Admin API") };
    const env = { PRIVNET_TLS: "self-signed" };
    expect(
      await traffic({
        action: "export",
        file: undefined,
        flags: exportFlags,
        cwd,
        env,
        write: (line) => exported.push(line),
      }),
    ).toBe(0);
    expect(exported.join("\n")).toMatch(/^version: 1$/m);
  });

  test("shared with a token over TLS: an admin method without it is refused over HTTPS and changes nothing; with it in the URL path it works and is audited", async () => {
    const cwd = tempDir();
    const token = "a-team-token-0123456789abcdef";
    const settings = resolveSettings({
      config: {},
      env: { PRIVNET_ADMIN_TOKEN: token },
      flags: { tls: "self-signed", port: "0", "oracle-port": "0", "chain-port": "0", "block-time": "1" },
      cwd,
    });
    const stack = await startStack(settings, {});
    cleanups.push(() => stack.stop());
    const tls = stack.tls;
    if (!tls) throw new Error("no tls on the stack");
    const target = "0x000000000000000000000000000000000000c0De";
    const call = (method: string, params: unknown[]) => ({ jsonrpc: "2.0", id: 1, method, params });
    const balance = async () =>
      JSON.parse((await httpsCall(stack.rpcUrl, tls.cert, call("eth_getBalance", [target, "latest"]))).body)
        .result as string;

    const refused = await httpsCall(stack.rpcUrl, tls.cert, call("anvil_setBalance", [target, "0x64"]));
    expect(refused).toMatchObject({ status: 200, fingerprint: tls.fingerprint });
    expect(JSON.parse(refused.body)).toMatchObject({
      error: { code: 4100, message: expect.stringContaining("anvil_setBalance is an admin method") },
    });
    expect(await balance()).toBe("0x0");

    // The audit trail's event, heard from the platform as it arrives from the relay's thread.
    const audited = new Promise<void>((resolve) => {
      const listener = (event: ChainFaultEvent) => {
        if (event.type !== "adminCall" || event.method !== "anvil_setBalance") return;
        stack.platform.events.off("chain", listener);
        resolve();
      };
      stack.platform.events.on("chain", listener);
    });
    const allowed = await httpsCall(
      `${stack.rpcUrl}/${token}`,
      tls.cert,
      call("anvil_setBalance", [target, "0x64"]),
    );
    expect(JSON.parse(allowed.body)).not.toHaveProperty("error");
    expect(await balance()).toBe("0x64");
    await audited;

    // The admin API serves the audit trail (behind the same token).
    const admin = urlOf(stack, "Admin API");
    const { fetchOptions } = trustCertificate(tls.cert);
    const events = await fetch(`${admin}/chain/faults`, {
      ...fetchOptions,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(events.status).toBe(200);
    const listed = JSON.stringify(await events.json());
    expect(listed).toContain("anvil_setBalance");
    expect(listed).toContain("adminCall");

    // A throwaway fork of this TLS, policed chain (asked over HTTPS with the token) reads it past
    // the policy and answers on its own loopback port, in clear text: the balance set above is there.
    const created = await fetch(`${admin}/forks`, {
      ...fetchOptions,
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(created.status).toBe(201);
    const fork = (await created.json()) as { rpcUrl: string };
    expect(fork.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const onFork = await fetch(fork.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(call("eth_getBalance", [target, "latest"])),
    });
    expect(((await onFork.json()) as { result: string }).result).toBe("0x64");
  });

  test("a restart of the chain (a fault) keeps its pool and its TLS port: the devnet's own calls need no certificate", async () => {
    // A block a minute: the transaction is still in the pool when the node restarts.
    const { stack } = await start(tempDir(), "60");
    const tls = stack.tls;
    const devnet = stack.devnet;
    if (!tls || !devnet) throw new Error("no tls or devnet on the stack");
    const { fetchOptions } = trustCertificate(tls.cert);
    const account = privateKeyToAccount(devnet.accounts[12]?.privateKey as `0x${string}`);
    const wallet = createWalletClient({
      account,
      chain: devnet.chain,
      transport: http(stack.rpcUrl, { fetchOptions }),
    });
    const hash = await wallet.sendTransaction({
      to: "0x000000000000000000000000000000000000bEEF",
      value: 1n,
    });
    const restarted = await stack.platform.faults.restart({ keepPool: true });
    expect(restarted).toMatchObject({ pool: [hash] });
    // Sent again to the new node through the relay: it is in its pool, and mined on demand.
    await createTestClient({ mode: "anvil", transport: http(stack.rpcUrl, { fetchOptions }) }).mine({
      blocks: 1,
    });
    const receipt = await stack.platform.client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    expect(
      await httpsCall(stack.rpcUrl, tls.cert, { jsonrpc: "2.0", id: 1, method: "eth_chainId" }),
    ).toMatchObject({
      status: 200,
      fingerprint: tls.fingerprint,
    });
  });

  test("the certificate is made once and reused after a restart: the same fingerprint", async () => {
    const cwd = tempDir();
    const first = await start(cwd);
    const fingerprint = first.stack.tls?.fingerprint;
    expect(first.printed).toMatch(/^self-signed certificate made \(there was none yet\)/);
    await first.stack.stop();
    const second = await start(cwd);
    expect(second.printed).toMatch(/^self-signed certificate reused/);
    expect(second.stack.tls?.fingerprint).toBe(fingerprint);
    const { status: answered, fingerprint: shown } = await httpsCall(
      `${urlOf(second.stack, "Admin API")}/health`,
      second.stack.tls?.cert ?? "",
    );
    expect({ answered, shown }).toEqual({ answered: 200, shown: fingerprint });

    const lines: string[] = [];
    expect(await tlsTrust({ flags: {}, cwd, env: {}, write: (line) => lines.push(line) })).toBe(0);
    const text = lines.join("\n");
    expect(text).toContain(`Certificate  ${join(cwd, ".privnet/tls/cert.pem")}\nSHA-256      ${fingerprint}`);
    expect(text).toContain(`NODE_EXTRA_CA_CERTS=${join(cwd, ".privnet/tls/cert.pem")}`);
    expect(text).toContain(`curl --cacert ${join(cwd, ".privnet/tls/cert.pem")}`);
    expect(text).toContain("update-ca-certificates");
    expect(text).toContain("security add-trusted-cert");
  });
});
