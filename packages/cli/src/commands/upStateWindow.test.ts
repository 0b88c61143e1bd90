import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `--state-window` reaches the embedded devnet (anvil keeps that many blocks of state) and the
// explorer, which names it on the page of a transaction older than that.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function rpc<T>(
  url: string,
  method: string,
  params: unknown[] = [],
): Promise<{ result?: T; error?: { message: string } }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: T; error?: { message: string } };
}

test("privnet up --state-window 4: the chain keeps 4 blocks of state, and an older transaction's page says so", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "privnet-cli-"));
  dirs.push(cwd);
  const run = runPrivnet(
    [
      "up",
      "--port",
      "0",
      "--chain-port",
      "0",
      "--oracle-port",
      "0",
      "--block-time",
      "0",
      "--state-window",
      "4",
    ],
    { cwd, env: { ORACLE_INTERVAL: "3600000" } },
  );
  await run.waitFor(/^Press Ctrl-C to stop/m);
  const urls = printedUrls(run.output());
  const rpcUrl = urls["Chain RPC"] as string;
  const [from, to] = (await rpc<string[]>(rpcUrl, "eth_accounts")).result as string[];
  const hash = (await rpc<string>(rpcUrl, "eth_sendTransaction", [{ from, to, value: "0x1" }]))
    .result as string;
  const { blockNumber } = (await rpc<{ blockNumber: string }>(rpcUrl, "eth_getTransactionReceipt", [hash]))
    .result as { blockNumber: string };
  for (let mined = 0; mined < 8; mined++) await rpc(rpcUrl, "evm_mine");

  expect((await rpc(rpcUrl, "eth_getBalance", [from, blockNumber])).error?.message).toMatch(
    /BlockOutOfRange/,
  );
  const answer = await fetch(`${urls["Admin API"]}/chain/transactions/${hash}`);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({
    transaction: { hash, status: "success" },
    trace: null,
    traceUnavailable: `block ${Number(blockNumber)} is older than the node's state window (4 blocks): no trace or state changes`,
  });

  run.child.kill("SIGINT");
  expect(await run.exited).toBe(0);
});

test("privnet up --block-window 8: a transaction anvil dropped still answers on the chain port, from the archive in the data directory", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "privnet-cli-"));
  dirs.push(cwd);
  const run = runPrivnet(
    [
      "up",
      "--port",
      "0",
      "--chain-port",
      "0",
      "--oracle-port",
      "0",
      "--block-time",
      "0",
      "--block-window",
      "8",
    ],
    { cwd, env: { ORACLE_INTERVAL: "3600000" } },
  );
  await run.waitFor(/^Press Ctrl-C to stop/m);
  const rpcUrl = printedUrls(run.output())["Chain RPC"] as string;
  const [from, to] = (await rpc<string[]>(rpcUrl, "eth_accounts")).result as string[];
  const hash = (await rpc<string>(rpcUrl, "eth_sendTransaction", [{ from, to, value: "0x1" }]))
    .result as string;
  const receipt = (await rpc(rpcUrl, "eth_getTransactionReceipt", [hash])).result;
  expect(receipt).toMatchObject({ transactionHash: hash, status: "0x1" });

  await rpc(rpcUrl, "anvil_mine", ["0x20"]);
  expect((await rpc(rpcUrl, "eth_getTransactionReceipt", [hash])).result).toEqual(receipt);
  expect(existsSync(join(cwd, ".privnet", "chain-state.archive.db"))).toBe(true);

  run.child.kill("SIGINT");
  expect(await run.exited).toBe(0);
});
