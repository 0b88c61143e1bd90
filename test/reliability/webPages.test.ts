import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { useDevnet } from "@privnet/devnet/vitest";
import { rawRequest } from "@privnet/http/testing";
import { createPublicClient, http } from "viem";
import { expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../../packages/cli/src/testing/runPrivnet.js";

// Web pages on the same machine against `privnet up` as a user runs it (no token, the defaults),
// in raw HTTP as a browser writes it: a cross-origin "simple" POST /send and a DNS-rebound Host.

const devnet = useDevnet();
const client = createPublicClient({ transport: http(devnet.rpcUrl) });
const sendBody = JSON.stringify({
  fromWalletId: 2,
  toAddress: "0x000000000000000000000000000000000000bEEF",
  amount: "1",
});

test("privnet up refuses a foreign page's POST /send and a rebound Host, on both servers", async () => {
  const cwd = await mkdtemp(join(tmpdir(), "privnet-web-"));
  const run = runPrivnet(
    ["up", "--port", "0", "--oracle-port", "0", "--rpc-url", devnet.rpcUrl, "--storage", "memory"],
    {
      cwd,
    },
  );
  try {
    await run.waitFor(/^Press Ctrl-C to stop/m);
    const urls = printedUrls(run.output());
    const admin = urls["Admin API"] as string;
    const oracle = urls["Oracle API"] as string;
    const host = new URL(admin).host;
    const wallet = (await (await fetch(`${admin}/wallets/2`)).json()) as {
      address: `0x${string}`;
      private_key: string;
    };
    const nonce = () => client.getTransactionCount({ address: wallet.address, blockTag: "pending" });
    const history = async () => ((await (await fetch(`${admin}/transactions`)).json()) as unknown[]).length;
    const before = { nonce: await nonce(), history: await history() };

    // A page on https://evil.example posts a form-like text body: no preflight in a browser.
    const simple = await rawRequest(
      admin,
      `POST /send HTTP/1.1\r\nHost: ${host}\r\nOrigin: https://evil.example\r\nSec-Fetch-Site: cross-site\r\nSec-Fetch-Mode: no-cors\r\nContent-Type: text/plain;charset=UTF-8\r\nContent-Length: ${sendBody.length}\r\n\r\n${sendBody}`,
    );
    expect(simple).toMatchObject({ status: 403, body: { code: "ORIGIN_NOT_ALLOWED" } });
    // The same page at the oracle, on its port and at the admin server's /oracle mount.
    const oracleHost = new URL(oracle).host;
    for (const [url, path, target] of [
      [oracle, "/update", oracleHost],
      [admin, "/oracle/update", host],
    ] as const) {
      const pushed = await rawRequest(
        url,
        `POST ${path} HTTP/1.1\r\nHost: ${target}\r\nOrigin: https://evil.example\r\nContent-Length: 0\r\n\r\n`,
      );
      expect(pushed, path).toMatchObject({ status: 403, body: { code: "ORIGIN_NOT_ALLOWED" } });
    }

    // DNS rebinding: evil.example now resolves to 127.0.0.1, and the page reads what it likes.
    const rebound = await rawRequest(admin, "GET /wallets/2 HTTP/1.1\r\nHost: evil.example\r\n\r\n");
    expect(rebound).toMatchObject({ status: 403, body: { code: "HOST_NOT_ALLOWED" } });
    expect(rebound.text).not.toContain(wallet.private_key);
    const reboundOracle = await rawRequest(
      oracle,
      `GET /prices HTTP/1.1\r\nHost: evil.example:${new URL(oracle).port}\r\n\r\n`,
    );
    expect(reboundOracle).toMatchObject({ status: 403, body: { success: false, code: "HOST_NOT_ALLOWED" } });

    expect({ nonce: await nonce(), history: await history() }).toEqual(before);

    // The panel, served by the admin server itself, is same-origin: its sends go through.
    const fromPanel = await rawRequest(
      admin,
      `POST /send HTTP/1.1\r\nHost: ${host}\r\nOrigin: ${admin}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nContent-Length: ${sendBody.length}\r\n\r\n${sendBody}`,
    );
    expect(fromPanel.status, fromPanel.text).toBe(200);
    expect(await nonce()).toBe(before.nonce + 1);
  } finally {
    run.child.kill("SIGINT");
    await run.exited;
    await rm(cwd, { recursive: true, force: true });
  }
});
