import { watch, writeFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { resolveAnvilBinary } from "@privnet/devnet";
import { afterEach, expect, test } from "vitest";
import { processGroupOf } from "../testing/processGroups.js";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";
import { status } from "./status.js";

// A crash of everything — `privnet up`, anvil and its supervisor, all with SIGKILL — while bots
// send, at the moment a periodic state write begins; then `privnet up` again on the same data dir.

let cwd: string;
let anvilGroup: number | undefined;
afterEach(async () => {
  // A test that failed midway leaves no frozen anvil behind.
  if (anvilGroup !== undefined) process.kill(anvilGroup, "SIGKILL");
  anvilGroup = undefined;
  await rm(cwd, { recursive: true, force: true });
});

type Row = { id: number; hash: string; status: string; block_number: string | null };

/** The history as the sqlite file holds it (read-only, beside the process that writes it). */
function history(dataDir: string): Row[] {
  const db = new DatabaseSync(join(dataDir, "privnet.db"), { readOnly: true });
  try {
    return db.prepare("SELECT id, hash, status, block_number FROM transactions ORDER BY id").all() as Row[];
  } finally {
    db.close();
  }
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

/** A port free a moment ago (the chain's must be known before it listens, for `privnet status`). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Resolves once a file named `name` appears in `dir`. */
function appears(dir: string, name: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = watch(dir, (_event, file) => {
      if (file !== name) return;
      watcher.close();
      resolve();
    });
  });
}

test("kill -9 of everything mid-traffic: the next start sends what the chain lost again before it answers, and every confirmed record has its receipt", async () => {
  cwd = await mkdtemp(join(tmpdir(), "privnet-crash-"));
  const dataDir = join(cwd, ".privnet");
  const statePath = join(dataDir, "chain-state.json");
  writeFileSync(
    join(cwd, "traffic.yaml"),
    "version: 1\nbots:\n  - scenario: transfer\n    config: { txPerBlock: 20, amount: '0.001' }\n",
  );
  const ports = ["--port", "0", "--oracle-port", "0", "--block-time", "1", "--state-interval", "1"];
  const first = runPrivnet(["up", ...ports, "--chain-port", "0", "--traffic", "traffic.yaml"], { cwd });
  const anvilPid = Number((await first.waitFor(/anvil pid (\d+)/))[1]);
  await first.waitFor(/^Press Ctrl-C to stop/m);
  // At the start of a state write, everything is frozen (SIGSTOP: the file cannot change) and
  // killed once the history holds confirmed records beyond the state file's head; else it thaws
  // and the next write is waited for.
  const group = -processGroupOf(anvilPid);
  anvilGroup = group;
  let stateHead: number;
  let before: Row[];
  for (;;) {
    await appears(dataDir, "chain-state.json.writing");
    process.kill(group, "SIGSTOP");
    first.child.kill("SIGSTOP");
    before = history(dataDir);
    // The first write has no finished file before it: the loss is measured against a written one.
    const written = await readFile(statePath, "utf8").catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    stateHead =
      written === undefined
        ? Number.POSITIVE_INFINITY
        : Number((JSON.parse(written) as { block: { number: string } }).block.number);
    if (before.some((row) => row.status === "confirmed" && Number(row.block_number) > stateHead)) break;
    process.kill(group, "SIGCONT");
    first.child.kill("SIGCONT");
  }
  process.kill(group, "SIGKILL");
  anvilGroup = undefined;
  first.child.kill("SIGKILL");
  await first.exited;
  const lost = before.filter((row) => row.status === "confirmed" && Number(row.block_number) > stateHead);
  expect(lost.length).toBeGreaterThan(0);

  // The second start loads the state behind a gate, so that status can be asked while it loads.
  const gate = join(cwd, "loaded");
  const slowAnvil = join(cwd, "slow-anvil.sh");
  writeFileSync(
    slowAnvil,
    `#!/bin/sh\nwhile [ ! -e "${gate}" ]; do sleep 0.05; done\nexec "${resolveAnvilBinary()}" "$@"\n`,
    { mode: 0o755 },
  );
  const chainPort = await freePort();
  const second = runPrivnet(["up", ...ports, "--chain-port", String(chainPort)], {
    cwd,
    env: { PRIVNET_ANVIL_BINARY: slowAnvil },
  });
  const adminPort = (await second.waitFor(/admin API on 127\.0\.0\.1:(\d+)/))[1];
  await second.waitFor(/loading the chain state \(\d+ MB\) from /);
  const said: string[] = [];
  const code = await status({
    flags: { url: `http://127.0.0.1:${adminPort}`, "rpc-url": `http://127.0.0.1:${chainPort}` },
    cwd,
    env: {},
    write: (line) => said.push(line),
  });
  expect(code).toBe(1);
  expect(said[0]).toMatch(/^admin API .* starting: loading the chain state \(\d+ MB, \d+ s\)$/);
  expect(said[1]).toMatch(/^chain .* starting: loading the chain state \(\d+ MB, \d+ s\)$/);
  writeFileSync(gate, "");

  await second.waitFor(/^Press Ctrl-C to stop/m);
  const urls = printedUrls(second.output());
  const chainUrl = urls["Chain RPC"] as string;
  // Before the servers answered, every lost transaction was on the node again, with its hash.
  for (const row of lost) expect(await rpc(chainUrl, "eth_getTransactionByHash", [row.hash])).not.toBeNull();
  // Each is confirmed again once mined, in its new block.
  for (;;) {
    const now = new Map(history(dataDir).map((row) => [row.id, row]));
    if (lost.every((row) => now.get(row.id)?.status === "confirmed")) break;
    await rpc(chainUrl, "evm_mine");
  }
  const after = history(dataDir);
  const head = Number(await rpc<string>(chainUrl, "eth_blockNumber"));
  for (const row of after.filter((entry) => entry.status === "confirmed")) {
    const receipt = await rpc<{ blockNumber: string } | null>(chainUrl, "eth_getTransactionReceipt", [
      row.hash,
    ]);
    expect(receipt && Number(receipt.blockNumber)).toBe(Number(row.block_number));
    expect(head).toBeGreaterThanOrEqual(Number(row.block_number));
  }
  const verified = (await (await fetch(`${urls["Admin API"]}/transactions/verify?limit=5000`)).json()) as {
    mismatches: unknown[];
  };
  expect(verified.mismatches).toEqual([]);

  second.child.kill("SIGINT");
  expect(await second.exited).toBe(0);
});
