import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createPublicClient, http } from "viem";
import { afterEach, describe, expect, test } from "vitest";
import { ENVIRONMENT_VARIABLES } from "../config/resolveSettings.js";
import { groupEnded, processGroupOf } from "../testing/processGroups.js";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// Ctrl-C from outside: the real command, the signal the way a terminal sends it.

const repo = fileURLToPath(new URL("../../../..", import.meta.url));
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "privnet-signals-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * `npm start` in a process group of its own, as a terminal runs it in the foreground: a Ctrl-C
 * there is SIGINT to every process of the group (npm, pnpm, privnet). On free ports, its data in
 * `dataDir`. The environment of the run that started this test (npm's and pnpm's own variables,
 * privnet's settings) is left out, as a person's shell does not have it.
 */
function npmStart(dataDir: string) {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(npm_|pnpm_)/i.test(name) && !(name in ENVIRONMENT_VARIABLES)) env[name] = value;
  }
  Object.assign(env, { PORT: "0", ORACLE_PORT: "0", PRIVNET_CHAIN_PORT: "0", PRIVNET_DATA_DIR: dataDir });
  const child = spawn("npm", ["start"], {
    cwd: repo,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => killGroup(child, "SIGKILL"));
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const up = new Promise<void>((resolve, reject) => {
    const check = () => /^Press Ctrl-C to stop/m.test(stdout) && resolve();
    child.stdout.on("data", check);
    void exited.then(({ code }) =>
      reject(new Error(`npm start exited (${code}) before it was up:\n${stdout}${stderr}`)),
    );
  });
  return { child, up, exited, output: () => ({ stdout, stderr }) };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}

describe("Ctrl-C", () => {
  test("under npm start, one Ctrl-C stops everything and every process of the chain exits 0, with no failure printed", async () => {
    const dataDir = tempDir();
    const run = npmStart(dataDir);
    await run.up;
    killGroup(run.child, "SIGINT");
    expect(await run.exited).toEqual({ code: 0, signal: null });
    const { stdout, stderr } = run.output();
    expect(stdout).toContain("privnet: SIGINT, stopping…");
    expect(stdout).toContain("privnet: stopped.");
    // npm, pnpm and privnet each got the terminal's SIGINT, and npm and pnpm passed theirs on:
    // that is one Ctrl-C, not a second one.
    expect(stdout).not.toContain("again, exiting without waiting");
    for (const failure of ["ELIFECYCLE", "Command failed", "npm error", "npm ERR!"]) {
      expect(stdout).not.toContain(failure);
      expect(stderr).not.toContain(failure);
    }
    // The devnet stopped in order: anvil wrote its state.
    expect(statSync(join(dataDir, "chain-state.json")).size).toBeGreaterThan(0);
  }, 180_000);

  test("a second Ctrl-C while it stops exits at once, with 130", async () => {
    const cwd = tempDir();
    const args = ["up", "--port", "0", "--chain-port", "0", "--oracle-port", "0", "--block-time", "1"];
    const run = runPrivnet([...args, "--storage", "memory"], { cwd });
    await run.waitFor(/^Press Ctrl-C to stop/m);
    const urls = printedUrls(run.output());
    // anvil and its supervisor: they end on their own after privnet exits (anvil writes its state).
    const chainGroup = processGroupOf(Number((await run.waitFor(/anvil pid (\d+)/))[1]));
    // A request whose body never comes holds the admin API's close: the stop waits for it.
    const held = await holdRequest(urls["Admin API"] as string);
    cleanups.push(() => held.destroy());
    run.child.kill("SIGINT");
    await run.waitFor(/privnet: SIGINT, stopping…/);
    // Two blocks at one a second: the first Ctrl-C is more than a second old, and the chain still
    // runs (the servers stop first, the devnet last).
    const client = createPublicClient({ transport: http(urls["Chain RPC"] as string) });
    const stoppingAt = await client.getBlockNumber({ cacheTime: 0 });
    await new Promise<void>((resolve, reject) => {
      const unwatch = client.watchBlockNumber({
        poll: true,
        pollingInterval: 100,
        onBlockNumber: (number) => {
          if (number < stoppingAt + 2n) return;
          unwatch();
          resolve();
        },
        onError: reject,
      });
    });
    expect(run.output()).not.toContain("privnet: stopped.");
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(130);
    expect(run.output()).toContain("privnet: SIGINT again, exiting without waiting.");
    expect(run.output()).not.toContain("privnet: stopped.");
    // The chain's processes still end, writing into the data directory until they do.
    await groupEnded(chainGroup);
  }, 120_000);
});

/**
 * Sends a request's headers to `url` and not its body: the server waits for the rest. Resolves
 * once the server has taken the request in (its `100 Continue`): a stop asked after that waits for
 * it, where one asked while the headers were still on their way would find an idle connection.
 */
async function holdRequest(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = await new Promise<Socket>((resolve, reject) => {
    const opened = connect(Number(port), hostname, () => resolve(opened));
    opened.once("error", reject);
  });
  const continued = new Promise<void>((resolve, reject) => {
    let received = "";
    socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (received.startsWith("HTTP/1.1 100")) resolve();
      else if (/\r\n\r\n/.test(received)) reject(new Error(`the server answered: ${received}`));
    });
    socket.once("error", reject);
  });
  socket.write(
    `POST /wallets HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n{`,
  );
  await continued;
  return socket;
}
