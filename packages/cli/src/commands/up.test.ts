import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevnet } from "@privnet/devnet";
import { rawRequest } from "@privnet/http/testing";
import { afterEach, describe, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `privnet up` for real: a child process per run, free ports, a temp working directory.

const dirs: string[] = [];
const holders: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  await Promise.all(holders.splice(0).map((holder) => new Promise((resolve) => holder.close(resolve))));
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-cli-"));
  dirs.push(dir);
  return dir;
}

const freePorts = ["--port", "0", "--chain-port", "0", "--oracle-port", "0", "--block-time", "0"];

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: string }).result;
}

function post(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function startUp(cwd: string, args: string[] = freePorts, env: NodeJS.ProcessEnv = {}) {
  const run = runPrivnet(["up", ...args], { cwd, env });
  await run.waitFor(/^Press Ctrl-C to stop/m);
  return { run, urls: printedUrls(run.output()) };
}

/** Something else listening on 127.0.0.1: resolves with its port. */
async function takenPort(): Promise<number> {
  const holder = createServer();
  holders.push(holder);
  await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
  return (holder.address() as AddressInfo).port;
}

/** Running anvil processes whose command line names `dir` (their --state file is in it). */
function anvilsIn(dir: string): string[] {
  return execFileSync("ps", ["-A", "-o", "args="], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes("anvil") && line.includes(dir));
}

async function stop(run: ReturnType<typeof runPrivnet>) {
  run.child.kill("SIGINT");
  expect(await run.exited).toBe(0);
  expect(run.output()).toContain("privnet: stopped.");
}

describe("privnet up", () => {
  test("starts chain, storage, contracts, admin and oracle APIs, prints the URLs, and stops cleanly on SIGINT", async () => {
    const cwd = tempDir();
    const { run, urls } = await startUp(cwd);
    expect(run.output()).toMatch(/✓ chain +embedded devnet/);
    expect(run.output()).toMatch(/✓ storage +sqlite .*\.privnet\/privnet\.db/);
    expect(run.output()).toMatch(/✓ contracts +deployed in block \d+/);
    expect(Object.keys(urls)).toEqual([
      "Admin API",
      "Admin panel",
      "API reference",
      "OpenAPI",
      "Metrics",
      "Oracle API",
      "Oracle prices",
      "Chain RPC",
      "Chain WebSocket",
    ]);
    // The oracle serves the prices the platform deployed and pushed, read back from the chain.
    const prices = (await (await fetch(urls["Oracle prices"] as string)).json()) as {
      success: boolean;
      prices: Record<string, { price: string }>;
    };
    expect(prices.success).toBe(true);
    expect(Object.keys(prices.prices)).toEqual(expect.arrayContaining(["ETH", "PRIV", "USDC", "DAI"]));
    const admin = urls["Admin API"] as string;
    expect(admin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await (await fetch(`${admin}/health`)).json()).toMatchObject({ status: "ok" });
    expect(((await (await fetch(`${admin}/wallets`)).json()) as unknown[]).length).toBe(21);
    expect((await fetch(urls["API reference"] as string)).status).toBe(200);
    // The panel loads (a deep link too), and reaches the oracle on the admin server's origin.
    expect(urls["Admin panel"]).toBe(`${admin}/panel/`);
    for (const page of [urls["Admin panel"] as string, `${admin}/panel/wallets/3`]) {
      const response = await fetch(page);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toMatch(/<script type="module"[^>]* src="\/panel\/assets\/index-[\w-]+\.js"/);
    }
    const mountedPrices = (await (await fetch(`${admin}/oracle/prices`)).json()) as typeof prices;
    expect(Object.keys(mountedPrices.prices)).toEqual(Object.keys(prices.prices));
    expect(await rpc(urls["Chain RPC"] as string, "eth_chainId")).toBe("0x301824");
    const created = (await (await post(`${admin}/wallets`, { name: "kept" })).json()) as {
      id: number;
      address: string;
    };
    const funded = await post(`${admin}/send`, { fromWalletId: 2, toAddress: created.address, amount: "3" });
    expect(funded.status).toBe(200);
    // The embedded devnet's faults are the stack's: a lost pool, over HTTP, with no body (as curl sends it).
    expect(await (await fetch(`${admin}/chain/faults`)).json()).toEqual({ available: true, events: [] });
    const dropped = await fetch(`${admin}/chain/faults/drop-pool`, { method: "POST" });
    expect(dropped.status).toBe(200);
    expect(await dropped.json()).toEqual({ dropped: [] });

    await stop(run);
    // Piped output: one pino JSON object per request.
    expect(run.output()).toMatch(
      /^\{"level":30,.*"method":"GET","path":"\/health","status":200,.*"msg":"request"\}$/m,
    );
    expect(statSync(join(cwd, ".privnet/chain-state.json")).size).toBeGreaterThan(0);
    expect(existsSync(join(cwd, ".privnet/privnet.db"))).toBe(true);

    // A restart continues: same contracts, same wallets, same chain.
    const again = await startUp(cwd);
    expect(again.run.output()).toMatch(/✓ contracts +reused, deployed in block \d+/);
    const admin2 = again.urls["Admin API"] as string;
    const wallets = (await (await fetch(`${admin2}/wallets`)).json()) as { name: string; balance: string }[];
    expect(wallets.at(-1)).toMatchObject({ name: "kept", balance: "3" });
    await stop(again.run);
  });

  test("a Ctrl-C during start-up stops what was started, cleanly", async () => {
    const cwd = tempDir();
    const run = runPrivnet(["up", ...freePorts], { cwd });
    await run.waitFor(/✓ storage/);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("privnet: stopped.");
    expect(run.output()).not.toContain("privnet is up:");
    expect(existsSync(join(cwd, ".privnet/chain-state.json"))).toBe(true);
  });

  test("reads privnet.config.ts; environment variables override it; oracle and bots sections reach the platform", async () => {
    const cwd = tempDir();
    writeFileSync(
      join(cwd, "privnet.config.ts"),
      `type Config = { admin: { token: string }; contracts: { deploy: boolean }; oracle: unknown; bots: unknown };
const config: Config = {
  admin: { token: "from-config" },
  contracts: { deploy: false },
  oracle: { port: 0, interval: 30000, model: "gbm" },
  bots: { transfer: { interval: 5 } },
};
export default config;
`,
    );
    const { run, urls } = await startUp(cwd, [...freePorts, "--storage", "memory"], {
      PRIVNET_ADMIN_TOKEN: "from-env",
    });
    expect(run.output()).toContain("(config ");
    expect(run.output()).toMatch(/✓ storage +in memory/);
    expect(run.output()).not.toContain("✓ contracts");
    const admin = urls["Admin API"] as string;
    const withEnv = await fetch(`${admin}/network`, { headers: { authorization: "Bearer from-env" } });
    expect(withEnv.status).toBe(200);
    const withConfig = await fetch(`${admin}/network`, { headers: { authorization: "Bearer from-config" } });
    expect(withConfig.status).toBe(401);
    // The panel's page loads without the token (it asks for it); without contracts there is no
    // oracle to mount.
    expect((await fetch(`${admin}/panel/`)).status).toBe(200);
    const oracle = await fetch(`${admin}/oracle/prices`, { headers: { authorization: "Bearer from-env" } });
    expect(await oracle.json()).toMatchObject({ code: "NOT_FOUND" });
    await stop(run);
  });

  test("the oracle token guards the oracle's port and its /oracle mount; --allowed-hosts and --cors-origins reach both servers", async () => {
    const cwd = tempDir();
    const { run, urls } = await startUp(
      cwd,
      [
        ...freePorts,
        "--storage",
        "memory",
        "--allowed-hosts",
        "devbox.lan",
        "--cors-origins",
        "http://dash.lan",
      ],
      { PRIVNET_ORACLE_TOKEN: "oracle-secret" },
    );
    const admin = urls["Admin API"] as string;
    const oracle = urls["Oracle API"] as string;
    for (const prices of [`${oracle}/prices`, `${admin}/oracle/prices`]) {
      expect((await fetch(prices)).status, prices).toBe(401);
      const authorized = await fetch(prices, { headers: { authorization: "Bearer oracle-secret" } });
      expect(authorized.status, prices).toBe(200);
    }
    expect((await fetch(`${oracle}/health`)).status).toBe(200);
    // No admin token: the admin API itself stays open, as configured.
    expect((await fetch(`${admin}/network`)).status).toBe(200);
    for (const url of [admin, oracle]) {
      const named = await rawRequest(url, "GET /health HTTP/1.1\r\nHost: devbox.lan\r\n\r\n");
      expect(named.status, url).toBe(200);
      const foreign = await rawRequest(url, "GET /health HTTP/1.1\r\nHost: evil.example\r\n\r\n");
      expect(foreign.body, url).toMatchObject({ code: "HOST_NOT_ALLOWED" });
    }
    const listed = await fetch(`${admin}/wallets`, {
      method: "POST",
      headers: { origin: "http://dash.lan" },
    });
    expect(listed.status).toBe(201);
    const foreign = await fetch(`${oracle}/update`, {
      method: "POST",
      headers: { origin: "http://evil.lan", authorization: "Bearer oracle-secret" },
    });
    expect(await foreign.json()).toMatchObject({ code: "ORIGIN_NOT_ALLOWED" });
    await stop(run);
  });

  test("with an admin token the chain port refuses admin methods without it, serves them with it, and the audit shows them; the stack's own calls go on", async () => {
    const cwd = tempDir();
    const token = "team-admin-token";
    const { run, urls } = await startUp(cwd, [...freePorts, "--allowed-hosts", "devbox.lan"], {
      PRIVNET_ADMIN_TOKEN: token,
    });
    const chain = urls["Chain RPC"] as string;
    const admin = urls["Admin API"] as string;
    const auth = { authorization: `Bearer ${token}` };
    const setBalance = {
      jsonrpc: "2.0",
      id: 1,
      method: "anvil_setBalance",
      params: ["0x000000000000000000000000000000000000dEaD", "0x1"],
    };
    const refused = (await (await post(chain, setBalance)).json()) as {
      error: { code: number; message: string };
    };
    expect(refused.error.code).toBe(4100);
    expect(refused.error.message).toContain("anvil_setBalance is an admin method");
    expect(await rpc(chain, "eth_getBalance", ["0x000000000000000000000000000000000000dEaD", "latest"])).toBe(
      "0x0",
    );
    const allowed = (await (await post(`${chain}/${token}`, setBalance)).json()) as { result: unknown };
    expect(allowed.result).toBeNull();
    // The allowed Host names reach the chain's port too.
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] });
    const head = `POST / HTTP/1.1\r\nHost: devbox.lan:${new URL(chain).port}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}`;
    expect((await rawRequest(chain, `${head}\r\n\r\n${body}`)).status).toBe(200);
    // The platform's own work (sends, the watcher's pool reads) passes with the stack's service token.
    const created = (await (
      await fetch(`${admin}/wallets`, {
        method: "POST",
        headers: { ...auth, "content-type": "application/json" },
        body: "{}",
      })
    ).json()) as { address: string };
    const funded = await fetch(`${admin}/send`, {
      method: "POST",
      headers: { ...auth, "content-type": "application/json" },
      body: JSON.stringify({ fromWalletId: 2, toAddress: created.address, amount: "1" }),
    });
    expect(funded.status).toBe(200);
    const history = (await (await fetch(`${admin}/chain/faults`, { headers: auth })).json()) as {
      events: { type: string; method?: string; token?: string }[];
    };
    const audited = history.events.filter((event) => event.type === "adminCall");
    expect(audited).toEqual([
      expect.objectContaining({ method: "anvil_setBalance", token: "admin", client: "127.0.0.1" }),
    ]);
    await stop(run);
    // The trail is kept in the storage: a restart on the same database still shows it.
    const again = await startUp(cwd, freePorts, { PRIVNET_ADMIN_TOKEN: token });
    const kept = (await (
      await fetch(`${again.urls["Admin API"]}/chain/faults`, { headers: auth })
    ).json()) as {
      events: { type: string }[];
    };
    expect(kept.events.filter((event) => event.type === "adminCall")).toEqual(audited);
    await stop(again.run);
  });

  test("a config with a wrong field is refused before anything starts, naming the field", async () => {
    const cwd = tempDir();
    writeFileSync(join(cwd, "privnet.config.ts"), `export default { admin: { port: "three thousand" } };\n`);
    const run = runPrivnet(["up"], { cwd });
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(/is not valid:\n {2}admin\.port: /);
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
  });

  test("a bad flag or environment value is a usage error", async () => {
    const cwd = tempDir();
    const badPort = runPrivnet(["up"], { cwd, env: { PORT: "http" } });
    expect(await badPort.exited).toBe(2);
    expect(badPort.output()).toContain('PORT must be an integer from 0 to 65535, got "http".');
    const unknown = runPrivnet(["up", "--prot", "1"], { cwd });
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain("--prot");
  });

  test("--host 0.0.0.0 without an admin token refuses to start (exit 2) before binding anything", async () => {
    const cwd = tempDir();
    const run = runPrivnet(["up", "--host", "0.0.0.0", "--port", "0"], { cwd });
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain("without an admin token");
    expect(run.output()).toContain("PRIVNET_ADMIN_TOKEN");
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
  });

  test("--rpc-url uses an existing chain and leaves it running on stop", async () => {
    const chain = await startDevnet({ port: 0, blockTime: 0 });
    try {
      const cwd = tempDir();
      const { run, urls } = await startUp(cwd, [
        "--port",
        "0",
        "--oracle-port",
        "0",
        "--rpc-url",
        chain.rpcUrl,
        "--storage",
        "memory",
      ]);
      expect(run.output()).toContain(`✓ chain      using ${chain.rpcUrl}`);
      expect(run.output()).toMatch(/✓ contracts +deployed/);
      expect(urls["Chain RPC"]).toBe(chain.rpcUrl);
      expect(urls["Chain WebSocket"]).toBeUndefined();
      // A chain privnet does not run is not privnet's to break: no faults.
      const admin = urls["Admin API"] as string;
      const reorg = await post(`${admin}/chain/faults/reorg`, { depth: 1 });
      expect(reorg.status).toBe(409);
      expect(await reorg.json()).toMatchObject({
        code: "FAULTS_UNAVAILABLE",
        error: expect.stringMatching(/embedded devnet/),
      });
      expect(await (await fetch(`${admin}/chain/faults`)).json()).toEqual({ available: false, events: [] });
      await stop(run);
      expect(existsSync(join(cwd, ".privnet/chain-state.json"))).toBe(false);
      expect(await rpc(chain.rpcUrl, "eth_chainId")).toBe("0x301824");
    } finally {
      await chain.stop();
    }
  });

  test("a chain that does not answer fails the start with a clear message and exit code 1", async () => {
    const cwd = tempDir();
    const run = runPrivnet(
      ["up", "--port", "0", "--oracle-port", "0", "--rpc-url", "http://127.0.0.1:9", "--storage", "memory"],
      { cwd },
    );
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain("privnet: could not start: The chain's JSON-RPC endpoint did not answer.");
  });
});

describe("a taken port stops privnet up at once, naming the port and how to change it", () => {
  test.each([
    ["--port", "admin API", "--port (or PORT)"],
    ["--oracle-port", "oracle API", "--oracle-port (or ORACLE_PORT)"],
    ["--chain-port", "embedded chain", "--chain-port (or PRIVNET_CHAIN_PORT)"],
  ])("%s: the %s's port", async (flag, service, changeWith) => {
    const cwd = tempDir();
    const port = await takenPort();
    const args = ["--port", "0", "--oracle-port", "0", "--chain-port", "0", "--block-time", "0"];
    args[args.indexOf(flag) + 1] = String(port);
    const run = runPrivnet(["up", ...args], { cwd });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain(
      `privnet: could not start: port ${port} on 127.0.0.1 is in use (${service}); stop what listens there or choose another with ${changeWith}.\n`,
    );
    // Nothing slow started, nothing written, nothing left running.
    expect(run.output()).not.toMatch(/✓ (chain|storage|platform|contracts)/);
    expect(existsSync(join(cwd, ".privnet"))).toBe(false);
    expect(anvilsIn(cwd)).toEqual([]);
  });
});

describe("request logs", () => {
  test("--log-format pretty prints one readable line per request, with no key or mnemonic in it", async () => {
    const cwd = tempDir();
    const { run, urls } = await startUp(cwd, [...freePorts, "--storage", "memory", "--log-format", "pretty"]);
    const admin = urls["Admin API"] as string;
    const created = (await (await post(`${admin}/wallets`, { name: "logged" })).json()) as {
      private_key: string;
      mnemonic: string;
    };
    expect((await fetch(`${admin}/wallets/999`)).status).toBe(404);
    // The oracle API mounted in the admin server: one line, the admin API's, with the full path.
    expect((await fetch(`${admin}/oracle/prices`)).status).toBe(200);
    await stop(run);
    const logLines = run
      .output()
      .split("\n")
      .filter((line) => /^\[\d\d:\d\d:\d\d\.\d{3}\] /.test(line));
    expect(logLines).toEqual([
      expect.stringMatching(/^\[[\d:.]+\] INFO: POST \/wallets 201 [\d.]+ ms$/),
      expect.stringMatching(/^\[[\d:.]+\] INFO: GET \/wallets\/999 404 [\d.]+ ms$/),
      expect.stringMatching(/^\[[\d:.]+\] INFO: GET \/oracle\/prices 200 [\d.]+ ms$/),
    ]);
    // No other logger wrote a line of its own (pino's JSON, say) for any of them.
    expect(run.output()).not.toContain('"msg":"request"');
    expect(run.output()).not.toContain(created.private_key.slice(2));
    expect(run.output()).not.toContain(created.mnemonic);
  });
});

describe("privnet status and --help", () => {
  test("status reports a running stack, and a stopped one as down", async () => {
    const cwd = tempDir();
    const { run, urls } = await startUp(cwd, [...freePorts, "--storage", "memory"]);
    const admin = urls["Admin API"] as string;
    const chain = urls["Chain RPC"] as string;
    const up = runPrivnet(["status", "--url", admin, "--rpc-url", chain], { cwd });
    expect(await up.exited).toBe(0);
    expect(up.output()).toMatch(/admin API {2}.* {2}up, block \d+/);
    expect(up.output()).toMatch(/chain {6}.* {2}up, chain id 3151908, block \d+/);
    await stop(run);
    const down = runPrivnet(["status", "--url", admin, "--rpc-url", chain], { cwd });
    expect(await down.exited).toBe(1);
    expect(down.output()).toMatch(/admin API .* down/);
  });

  test("--help lists the commands, options and environment variables", async () => {
    const run = runPrivnet(["--help"], { cwd: tempDir() });
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain("privnet up [options]");
    expect(run.output()).toContain("privnet status [options]");
    expect(run.output()).toContain("PRIVNET_ADMIN_TOKEN");
    expect(run.output()).toContain("--log-format");
    expect(run.output()).toContain("PRIVNET_LOG_FORMAT");
  });
});
