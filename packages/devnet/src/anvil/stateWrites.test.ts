import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { spawnSupervised } from "./spawnSupervised.js";
import { type Devnet, type StartDevnetOptions, startDevnet } from "./startDevnet.js";
import { anvilStateDump, stateExitPath, stateTempPath, writeStateFile } from "./writeStateFile.js";

const started: Devnet[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-state-writes-"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: StartDevnetOptions): Promise<Devnet> {
  const devnet = await startDevnet({ port: 0, blockTime: 0, clock: false, ...options });
  started.push(devnet);
  return devnet;
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

const head = async (devnet: Devnet) => Number(await rpc<string>(devnet.rpcUrl, "eth_blockNumber"));
const mine = (devnet: Devnet, blocks: number) => rpc(devnet.rpcUrl, "anvil_mine", [blocks]);

/** The head of the state file at `path` (anvil's JSON: `block.number`). */
async function headInFile(path: string): Promise<number> {
  const state = JSON.parse(await readFile(path, "utf8")) as { block: { number: string } };
  return Number(state.block.number);
}

describe("periodic state writes", () => {
  test("write the chain every stateInterval; after a kill -9 of anvil the next start loads the last write", async () => {
    const statePath = join(dir, "chain-state.json");
    let wrote: (() => void) | undefined;
    const devnet = await start({ statePath, stateInterval: 0.05, onStateWrite: () => wrote?.() });
    await mine(devnet, 5);
    // The next write to start after the 5 blocks holds them.
    await new Promise<void>((resolve) => {
      wrote = resolve;
    });
    await new Promise<void>((resolve) => {
      wrote = resolve;
    });
    expect(await headInFile(statePath)).toBe(5);

    // No SIGINT, no exit dump: what the file holds is the last periodic write.
    process.kill(devnet.pid, "SIGKILL");
    await devnet.stop();
    expect(existsSync(stateExitPath(statePath))).toBe(false);
    const again = await start({ statePath, stateInterval: 0 });
    expect(await head(again)).toBe(5);
  });

  test("a stop writes the chain as anvil exits, over the last periodic write, leaving no temporary file", async () => {
    const statePath = join(dir, "chain-state.json");
    const devnet = await start({ statePath, stateInterval: 0 });
    await mine(devnet, 3);
    await devnet.stop();
    expect(await headInFile(statePath)).toBe(3);
    expect(existsSync(stateExitPath(statePath))).toBe(false);
    expect(existsSync(stateTempPath(statePath))).toBe(false);
    const again = await start({ statePath, stateInterval: 0 });
    expect(await head(again)).toBe(3);
  });
});

describe("writeStateFile", () => {
  test("a dump cut short (a crash, a broken answer) leaves the previous file byte for byte, and anvil loads it", async () => {
    const statePath = join(dir, "chain-state.json");
    const devnet = await start({});
    await mine(devnet, 2);
    await writeStateFile(anvilStateDump(devnet.rpcUrl, false), statePath);
    const before = await readFile(statePath);

    await mine(devnet, 4);
    const answer = await (
      await fetch(devnet.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_dumpState", params: [false] }),
      })
    ).text();
    const cutAt = [Math.floor(answer.length / 2), answer.length - 3];
    for (const at of cutAt) {
      const cut = () => Promise.resolve(Readable.from([Buffer.from(answer.slice(0, at))]));
      await expect(writeStateFile(cut, statePath)).rejects.toThrow();
      expect(await readFile(statePath)).toEqual(before);
      expect(existsSync(stateTempPath(statePath))).toBe(false);
    }
    const refused = () =>
      Promise.resolve(Readable.from([Buffer.from('{"jsonrpc":"2.0","id":1,"error":{"code":-32601}}')]));
    await expect(writeStateFile(refused, statePath)).rejects.toThrow(/-32601/);
    expect(await readFile(statePath)).toEqual(before);

    await devnet.stop();
    const loaded = await start({ statePath, stateInterval: 0 });
    expect(await head(loaded)).toBe(2);
  });

  test("a temporary file a killed write left is never loaded, and is removed at start", async () => {
    const statePath = join(dir, "chain-state.json");
    await writeFile(stateTempPath(statePath), '{"block":');
    await writeFile(stateExitPath(statePath), '{"block":');
    const devnet = await start({ statePath, stateInterval: 0 });
    expect(await head(devnet)).toBe(0);
    expect(existsSync(stateTempPath(statePath))).toBe(false);
    expect(existsSync(stateExitPath(statePath))).toBe(false);
  });
});

describe("the supervisor's move of anvil's exit dump", () => {
  /** Runs `script` as if it were anvil, with the exit dump's paths, and waits for it to end. */
  async function runAsAnvil(script: string, statePath: string) {
    const exitDump = { from: stateExitPath(statePath), to: statePath };
    const run = spawnSupervised("/bin/sh", ["-c", script, "anvil", exitDump.from], () => {}, { exitDump });
    return run.exited;
  }

  test("moves a complete dump over the state file only once anvil exited cleanly", async () => {
    const statePath = join(dir, "chain-state.json");
    await writeFile(statePath, '{"previous":true}');
    // Killed while writing: the dump stays aside, the state file as it was.
    expect(await runAsAnvil(`printf '{"block":' > "$1"; kill -9 $$`, statePath)).not.toBe(0);
    expect(await readFile(statePath, "utf8")).toBe('{"previous":true}');
    // Exited cleanly, but what it wrote is cut short (no closing brace): not moved either.
    await runAsAnvil(`printf '{"block":' > "$1"`, statePath);
    expect(await readFile(statePath, "utf8")).toBe('{"previous":true}');
    // Exited cleanly with a whole dump: moved.
    expect(await runAsAnvil(`printf '{"block":7}' > "$1"`, statePath)).toBe(0);
    expect(await readFile(statePath, "utf8")).toBe('{"block":7}');
    expect(existsSync(stateExitPath(statePath))).toBe(false);
  });
});
