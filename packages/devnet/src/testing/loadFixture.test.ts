import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { useDevnet } from "../exports/vitest.js";
import { loadFixture } from "./loadFixture.js";

const devnet = useDevnet({ isolateTests: false });
let runs = 0;

async function mined() {
  runs++;
  await devnet.request("evm_mine");
  return { devnet, block: await devnet.request<string>("eth_blockNumber") };
}

test("runs the fixture once, then reverts to the snapshot taken after it", async () => {
  const first = await loadFixture(mined);
  expect(first.block).toBe("0x1");
  await devnet.request("evm_mine");
  await devnet.request("evm_mine");
  const again = await loadFixture(mined);
  expect(again).toBe(first);
  expect(runs).toBe(1);
  expect(await devnet.request("eth_blockNumber")).toBe("0x1");
  // Reusable: evm_revert consumed the first snapshot, a new one was taken.
  await devnet.request("evm_mine");
  await loadFixture(mined);
  expect(await devnet.request("eth_blockNumber")).toBe("0x1");
});

test("refuses an inline function, whose snapshot could never be found again", async () => {
  await expect(loadFixture(async () => ({ devnet }))).rejects.toThrow(/named function/);
});

test("refuses a result that names no chain", async () => {
  async function nothing() {
    return { answer: 42 } as unknown as { devnet: { rpcUrl: string } };
  }
  await expect(loadFixture(nothing)).rejects.toThrow(/platform.*devnet/);
});

test("under node:test, with `await using` (a child node process)", async () => {
  const tsx = createRequire(import.meta.url).resolve("tsx");
  const file = fileURLToPath(new URL("./loadFixture.node-test.ts", import.meta.url));
  const run = promisify(execFile)(
    process.execPath,
    ["--import", tsx, "--conditions=source", "--test", "--test-reporter=spec", file],
    { env: { ...process.env, NODE_OPTIONS: "" } },
  );
  const { stdout } = await run;
  expect(stdout).toMatch(/pass 3/);
  expect(stdout).toMatch(/fail 0/);
}, 120_000);
