import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `privnet up --rpc-url` on Hardhat 3's own node, end to end: the node as the Hardhat example
// starts it (examples/hardhat/hardhat.node.config.ts: privnet's chain id and prefunded accounts).
const example = fileURLToPath(new URL("../../../../examples/hardhat/", import.meta.url));

let node: ChildProcess;
let rpcUrl: string;
let cwd: string;
beforeAll(async () => {
  cwd = mkdtempSync(join(tmpdir(), "privnet-cli-hardhat-"));
  node = spawn(
    join(example, "node_modules", ".bin", "hardhat"),
    ["--config", "hardhat.node.config.ts", "node", "--hostname", "127.0.0.1", "--port", "0"],
    { cwd: example, stdio: ["ignore", "pipe", "pipe"] },
  );
  rpcUrl = await new Promise<string>((resolve, reject) => {
    let output = "";
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const started = /JSON-RPC server at (http:\/\/[\d.]+:\d+)\//.exec(output);
      if (started) resolve(started[1] as string);
    };
    node.stdout?.on("data", read);
    node.stderr?.on("data", read);
    node.once("exit", (code) => reject(new Error(`hardhat node exited (${code}): ${output}`)));
  });
}, 60_000);
afterAll(async () => {
  rmSync(cwd, { recursive: true, force: true });
  if (!node || node.exitCode !== null) return;
  const exited = new Promise((resolve) => node.once("exit", resolve));
  node.kill("SIGINT");
  await exited;
});

test("privnet up --rpc-url on Hardhat 3's node deploys the contracts, serves a send, and stops cleanly", async () => {
  const run = runPrivnet(
    ["up", "--port", "0", "--oracle-port", "0", "--rpc-url", rpcUrl, "--storage", "memory"],
    { cwd },
  );
  await run.waitFor(/^Press Ctrl-C to stop/m);
  expect(run.output()).toContain(`✓ chain      using ${rpcUrl}`);
  expect(run.output()).toMatch(/✓ contracts +deployed/);
  const admin = printedUrls(run.output())["Admin API"] as string;
  const sent = await fetch(`${admin}/send`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fromWalletId: 2,
      toAddress: "0x00000000000000000000000000000000000000aa",
      amount: "1",
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  run.child.kill("SIGINT");
  expect(await run.exited).toBe(0);
  expect(run.output()).toContain("privnet: stopped.");
}, 120_000);
