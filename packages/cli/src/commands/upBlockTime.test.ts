import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPlatform } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { type Address, createPublicClient, type Hex, http } from "viem";
import { afterEach, expect, test } from "vitest";
import { printedUrls, runPrivnet } from "../testing/runPrivnet.js";

// `privnet up` mines its set-up (deployment, funding, the oracle's first push) at once, then
// switches the devnet to its block time. Not timed (that is `pnpm bench:startup`): what users rely
// on is that the chain then mines every 2 s, and that the deployment is the one interval mining
// gives.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: T }).result;
}

type Listed = { contracts: { name: string; address: Address }[] };

test("privnet up mines its set-up at once, then a block every 2 s; the deployment is the one interval mining gives", async () => {
  const cwd = mkdtempSync(join(tmpdir(), "privnet-cli-"));
  dirs.push(cwd);
  const run = runPrivnet(
    ["up", "--port", "0", "--chain-port", "0", "--oracle-port", "0", "--block-time", "2"],
    {
      cwd,
    },
  );
  await run.waitFor(/^Press Ctrl-C to stop/m);
  expect(run.output()).toMatch(/✓ blocks +set-up mined at once; now a block every 2 s/);
  const urls = printedUrls(run.output());
  const rpcUrl = urls["Chain RPC"] as string;

  // anvil left automine for interval mining, every 2 s…
  expect(await rpc(rpcUrl, "anvil_getAutomine")).toBe(false);
  expect(await rpc(rpcUrl, "anvil_getIntervalMining")).toBe(2);
  // …and the blocks it now mines are 2 s apart: the next two after the head.
  const client = createPublicClient({ transport: http(rpcUrl) });
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const [first, second] = await new Promise<bigint[]>((resolve) => {
    const unwatch = client.watchBlockNumber({
      poll: true,
      pollingInterval: 100,
      onBlockNumber: (number) => {
        if (number < head + 2n) return;
        unwatch();
        resolve([head + 1n, head + 2n]);
      },
    });
  });
  const [a, b] = await Promise.all([
    client.getBlock({ blockNumber: first as bigint }),
    client.getBlock({ blockNumber: second as bigint }),
  ]);
  expect(b.timestamp - a.timestamp).toBe(2n);

  // The same deployment as on a devnet that mines on its interval from the start (as before).
  const listed = (await (await fetch(`${urls["Admin API"]}/contracts`)).json()) as Listed;
  const reference = await startDevnet({ port: 0, blockTime: 1 });
  try {
    const platform = await createPlatform({
      transport: http(reference.rpcUrl),
      contracts: true,
      pollingInterval: 100,
    });
    try {
      const expected = await platform.contracts.list();
      expect(listed.contracts.map(({ name, address }) => ({ name, address }))).toEqual(
        expected.map(({ name, address }) => ({ name, address })),
      );
      expect(listed.contracts).toHaveLength(10);
      for (const { address } of listed.contracts) {
        const [ours, theirs] = await Promise.all([
          rpc<Hex>(rpcUrl, "eth_getCode", [address, "latest"]),
          rpc<Hex>(reference.rpcUrl, "eth_getCode", [address, "latest"]),
        ]);
        expect(ours.length).toBeGreaterThan(2);
        expect(ours).toBe(theirs);
      }
    } finally {
      await platform.close();
    }
  } finally {
    await reference.stop();
  }

  run.child.kill("SIGINT");
  expect(await run.exited).toBe(0);
});
