import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ChainFaultEvent } from "@privnet/core";
import { createPublicClient, createWalletClient, type Hash, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, describe, expect, test } from "vitest";
import { defineMemoryCeiling, residentMb } from "./memoryCeiling.js";
import { startDevnet } from "./startDevnet.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** Resolves with the first line `lines` receives that matches `pattern`. */
function lineMatching(lines: string[], pattern: RegExp) {
  let found!: (line: string) => void;
  const promise = new Promise<string>((resolve) => {
    found = resolve;
  });
  return {
    promise,
    onLog(line: string) {
      lines.push(line);
      if (pattern.test(line)) found(line);
    },
  };
}

describe.runIf(process.platform === "linux")("the node memory limit", () => {
  test("a devnet whose anvil is above its limit restarts it once, and says when the limit is below its need", async () => {
    const dir = await mkdtemp(join(tmpdir(), "privnet-ceiling-"));
    dirs.push(dir);
    const lines: string[] = [];
    const belowNeed = lineMatching(lines, /below what anvil needs after a restart/);
    await using devnet = await startDevnet({
      port: 0,
      statePath: join(dir, "chain-state.json"),
      nodeMemoryLimit: 1,
      nodeMemoryCheckMs: 100,
      onLog: belowNeed.onLog,
    });
    const events: ChainFaultEvent[] = [];
    devnet.faults.subscribe((event) => events.push(event));
    const pid = devnet.pid;
    await belowNeed.promise;
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^privnet-devnet: anvil held \d+ MB \(limit 1 MB\): restarted it to give the memory back; the chain and its pool are kept$/,
      ),
    );
    expect(devnet.pid).not.toBe(pid);
    // Checking stopped: no second restart by the time the devnet stops.
    await devnet.stop();
    expect(events.filter((event) => event.type === "restarted")).toHaveLength(1);
  });

  test("the restart keeps the chain and the pool: a mined transaction keeps its receipt, a pending one is mined after", async () => {
    const dir = await mkdtemp(join(tmpdir(), "privnet-ceiling-"));
    dirs.push(dir);
    // An hour between blocks: a transaction sent stays in the pool. The devnet's own ceiling is
    // off; one is started below once the transactions are in, so that its first check comes after.
    await using devnet = await startDevnet({
      port: 0,
      blockTime: 3600,
      statePath: join(dir, "chain-state.json"),
      nodeMemoryLimit: 0,
    });
    const events: ChainFaultEvent[] = [];
    devnet.faults.subscribe((event) => events.push(event));
    const client = createPublicClient({ transport: http(devnet.rpcUrl) });
    const mine = () => client.request({ method: "evm_mine" as "eth_chainId" });
    const wallet = createWalletClient({
      account: privateKeyToAccount(devnet.accounts[1]?.privateKey as Hash),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    });
    const mined = await wallet.sendTransaction({ to: devnet.accounts[2]?.address, value: 1n });
    await mine();
    const pending = await wallet.sendTransaction({ to: devnet.accounts[2]?.address, value: 2n });
    const before = await client.getBlock({ blockTag: "latest" });
    const pid = devnet.pid;
    expect(residentMb(pid)).toBeGreaterThan(1);

    const lines: string[] = [];
    const belowNeed = lineMatching(lines, /below what anvil needs after a restart/);
    const ceiling = defineMemoryCeiling({
      limitMb: 1,
      checkMs: 10,
      pid: () => devnet.pid,
      restart: () => devnet.faults.restart({ keepPool: true }),
      onLog: belowNeed.onLog,
    });
    await ceiling.start();
    await belowNeed.promise;
    await ceiling.stop();
    const restarts = events.filter((event) => event.type === "restarted");
    expect(restarts).toHaveLength(1);
    expect(restarts[0]).toMatchObject({ pool: [pending] });
    expect(devnet.pid).not.toBe(pid);
    expect((await client.getBlock({ blockTag: "latest" })).number).toBeGreaterThanOrEqual(before.number);
    expect((await client.getTransactionReceipt({ hash: mined })).status).toBe("success");
    const pool = await client.request({ method: "txpool_content" as "eth_chainId" });
    expect(JSON.stringify(pool)).toContain(pending);
    // Mined after the restart: the pool was sent again.
    await mine();
    expect((await client.getTransactionReceipt({ hash: pending })).status).toBe("success");
  });
});
