import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isPrivnetError, privnet, SYSTEM_ACCOUNT_BALANCE } from "@privnet/core";
import { createPublicClient, createWalletClient, http, parseEther, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "./startDevnet.js";

const started: Devnet[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-devnet-"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startDevnet>[0] = {}): Promise<Devnet> {
  const devnet = await startDevnet({ port: 0, ...options });
  started.push(devnet);
  return devnet;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result: T };
  return body.result;
}

describe("startDevnet", () => {
  test("runs the privnet chain: id 3151908, 60M gas, 21 Kurtosis accounts with 1e9 ETH each", async () => {
    const devnet = await start({ blockTime: 0 });
    expect(await rpc(devnet.rpcUrl, "eth_chainId")).toBe("0x301824");
    expect(devnet.chain.id).toBe(privnet.id);
    expect(devnet.chain.rpcUrls.default.http).toEqual([devnet.rpcUrl]);

    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const block = await client.getBlock();
    expect(block.gasLimit).toBe(60_000_000n);

    const nodeAccounts = await rpc<string[]>(devnet.rpcUrl, "eth_accounts");
    expect(nodeAccounts).toHaveLength(21);
    expect(devnet.accounts).toHaveLength(21);
    // The first Kurtosis prefunded account, as every Kurtosis devnet has it.
    expect(devnet.accounts[0]?.address).toBe("0x8943545177806ED17B9F23F0a21ee5948eCaa776");
    expect(devnet.accounts.map((account) => account.address.toLowerCase())).toEqual(nodeAccounts);
    for (const account of devnet.accounts) {
      expect(await client.getBalance({ address: account.address })).toBe(SYSTEM_ACCOUNT_BALANCE);
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address);
    }
  });

  test("mines a block every 2 s by default", async () => {
    const devnet = await start();
    const client = createPublicClient({
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
      pollingInterval: 100,
    });
    const timestamps: bigint[] = [];
    await new Promise<void>((resolve, reject) => {
      const unwatch = client.watchBlocks({
        emitMissed: true,
        onBlock: (block) => {
          timestamps.push(block.timestamp);
          if (timestamps.length === 3) {
            unwatch();
            resolve();
          }
        },
        onError: reject,
      });
    });
    expect(timestamps[2]! - timestamps[1]!).toBe(2n);
  });

  test("mines one block per transaction with blockTime 0", async () => {
    const devnet = await start({ blockTime: 0 });
    const [sender] = devnet.accounts;
    const wallet = createWalletClient({
      account: privateKeyToAccount(sender!.privateKey),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    }).extend(publicActions);
    const hash = await wallet.sendTransaction({ to: devnet.accounts[1]!.address, value: 1n });
    const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("success");
    expect(receipt.blockNumber).toBe(1n);
  });

  test("keeps the chain in the state file across stop and start", async () => {
    const statePath = join(dir, "state.json");
    const first = await start({ blockTime: 0, statePath });
    const recipient = "0x000000000000000000000000000000000000bEEF";
    const wallet = createWalletClient({
      account: privateKeyToAccount(first.accounts[2]!.privateKey),
      chain: first.chain,
      transport: http(first.rpcUrl),
    }).extend(publicActions);
    const hash = await wallet.sendTransaction({ to: recipient, value: parseEther("1.5") });
    const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await first.stop();
    expect(isRunning(first.pid)).toBe(false);

    const second = await start({ blockTime: 0, statePath });
    const client = createPublicClient({ chain: second.chain, transport: http(second.rpcUrl) });
    expect(await client.getBalance({ address: recipient })).toBe(parseEther("1.5"));
    expect(await client.getBlockNumber()).toBe(receipt.blockNumber);
    const again = await client.getTransactionReceipt({ hash });
    expect(again.blockNumber).toBe(receipt.blockNumber);
  });

  test("a taken port is a clear DEVNET_PORT_IN_USE error, and nothing is left running", async () => {
    const first = await start({ blockTime: 0 });
    await expect(startDevnet({ port: first.port, blockTime: 0 })).rejects.toMatchObject({
      code: "DEVNET_PORT_IN_USE",
      host: "127.0.0.1",
      port: first.port,
      shortMessage: `Port ${first.port} on 127.0.0.1 is already in use.`,
    });
    // The first devnet still answers: the failed start did not disturb it.
    expect(await rpc(first.rpcUrl, "eth_chainId")).toBe("0x301824");
  });

  test("a port taken by anything is found before anvil starts or the state folder is made", async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const { port } = holder.address() as AddressInfo;
    const statePath = join(dir, "not-yet", "state.json");
    const anvilSaid: string[] = [];
    try {
      await expect(
        startDevnet({ port, statePath, onLog: (line) => anvilSaid.push(line) }),
      ).rejects.toMatchObject({ code: "DEVNET_PORT_IN_USE", host: "127.0.0.1", port });
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
    expect(anvilSaid).toEqual([]);
    expect(existsSync(join(dir, "not-yet"))).toBe(false);
  });

  test("a corrupt state file is a clear DEVNET_STATE_INVALID error naming the file", async () => {
    const statePath = join(dir, "broken.json");
    await writeFile(statePath, "{ this is not a state file");
    const error = await startDevnet({ port: 0, statePath }).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "DEVNET_STATE_INVALID")).toBe(true);
    expect((error as Error).message).toContain(statePath);
  });

  test("a state path that is a directory is refused before anvil starts", async () => {
    const error = await startDevnet({ port: 0, statePath: dir }).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "DEVNET_STATE_INVALID")).toBe(true);
  });

  test("a missing binary is a clear DEVNET_BINARY_NOT_FOUND error naming the path", async () => {
    const binary = join(dir, "no-such-anvil");
    const error = await startDevnet({ port: 0, binary }).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "DEVNET_BINARY_NOT_FOUND")).toBe(true);
    expect((error as Error).message).toContain(binary);
  });

  test("stop() ends anvil and its supervisor, and is idempotent", async () => {
    const devnet = await start({ blockTime: 0 });
    expect(isRunning(devnet.pid)).toBe(true);
    await Promise.all([devnet.stop(), devnet.stop()]);
    expect(isRunning(devnet.pid)).toBe(false);
    await expect(fetch(devnet.rpcUrl, { method: "POST" })).rejects.toThrow();
  });

  test("its status is an instance's: started, then stopping and stopped, told to listeners; await using stops it", async () => {
    const statuses: string[] = [];
    let pid: number;
    {
      await using devnet = await startDevnet({ port: 0, blockTime: 0 });
      expect(devnet).toMatchObject({ name: "the devnet", status: "started", state: { status: "started" } });
      devnet.on("status", (state) => statuses.push(state.status));
      pid = devnet.pid;
    }
    expect(statuses).toEqual(["stopping", "stopped"]);
    expect(isRunning(pid)).toBe(false);
  });

  test("a stop while a restart fault runs waits for the fault, then stops: the fault answers, no anvil is left", async () => {
    const pids: number[] = [];
    let secondAnvil: () => void = () => {};
    const restarting = new Promise<void>((resolve) => {
      secondAnvil = resolve;
    });
    const devnet = await startDevnet({
      port: 0,
      blockTime: 0,
      onLog: (line) => {
        const told = /anvil pid (\d+)$/.exec(line);
        if (!told) return;
        pids.push(Number(told[1]));
        if (pids.length === 2) secondAnvil();
      },
    });
    const restart = devnet.faults.restart();
    await restarting; // the new anvil runs; the relay has yet to turn to it
    const stopped = devnet.stop();
    await expect(restart).resolves.toMatchObject({ keepPool: false, pool: [] });
    await stopped;
    expect(devnet.status).toBe("stopped");
    expect(pids.map(isRunning)).toEqual([false, false]);
  });

  test.skipIf(process.platform === "win32")(
    "anvil does not outlive a parent that is killed with SIGKILL",
    async () => {
      const script = fileURLToPath(new URL("./fixtures/startAndWait.ts", import.meta.url));
      const parent = spawn(process.execPath, ["--import", "tsx", "--conditions=source", script], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      const anvilPid = await new Promise<number>((resolve, reject) => {
        let text = "";
        parent.stdout.setEncoding("utf8");
        parent.stdout.on("data", (chunk: string) => {
          text += chunk;
          const match = /anvil-pid (\d+)/.exec(text);
          if (match) resolve(Number(match[1]));
        });
        parent.once("exit", (code) => reject(new Error(`fixture exited early with ${code}`)));
      });
      expect(isRunning(anvilPid)).toBe(true);
      const parentExited = new Promise((resolve) => parent.once("exit", resolve));
      parent.kill("SIGKILL");
      await parentExited;
      // anvil gets SIGINT from its supervisor once our pipe closes; wait for it to be gone.
      const deadline = Date.now() + 10_000;
      while (isRunning(anvilPid) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(isRunning(anvilPid)).toBe(false);
    },
  );
});

describe("automineFirst", () => {
  test("mines each transaction at once until useBlockTime(), then a block every blockTime seconds", async () => {
    const devnet = await start({ blockTime: 2, automineFirst: true });
    expect(devnet.blockTime).toBe(2);
    const client = createWalletClient({
      account: privateKeyToAccount(devnet.accounts[1]?.privateKey ?? "0x"),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    }).extend(publicActions);
    expect(await rpc(devnet.rpcUrl, "anvil_getAutomine")).toBe(true);
    // Set-up: each transaction is mined as it is sent, in a block of its own, no block time
    // waited for. (anvil answers a send once the transaction is in its pool; its miner takes it a
    // moment later, so the receipt is waited for.)
    const before = await client.getBlockNumber({ cacheTime: 0 });
    for (let index = 1; index <= 3; index++) {
      const hash = await client.sendTransaction({ to: devnet.accounts[2]?.address, value: 1n });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      expect(receipt).toMatchObject({ status: "success", blockNumber: before + BigInt(index) });
    }
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(before + 3n);

    await devnet.useBlockTime();
    await devnet.useBlockTime(); // harmless when repeated
    expect(await rpc(devnet.rpcUrl, "anvil_getAutomine")).toBe(false);
    expect(await rpc(devnet.rpcUrl, "anvil_getIntervalMining")).toBe(2);
    // A transaction now waits for the next block, and blocks come on their own, every 2 s.
    const hash = await client.sendTransaction({ to: devnet.accounts[2]?.address, value: 1n });
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    const next = await new Promise<bigint>((resolve) => {
      const unwatch = client.watchBlockNumber({
        poll: true,
        pollingInterval: 100,
        onBlockNumber: (number) => {
          if (number <= receipt.blockNumber) return;
          unwatch();
          resolve(number);
        },
      });
    });
    const [first, second] = await Promise.all([
      client.getBlock({ blockNumber: receipt.blockNumber }),
      client.getBlock({ blockNumber: next }),
    ]);
    expect(second.number).toBe(first.number + 1n);
    // A block with no transaction in it: mined by the interval, not by a send. (Its timestamp is
    // anvil's wall clock at mining time, so the gap to the one before is not asserted: a loaded
    // machine fires the timer late or early by a second.)
    expect(second.transactions).toEqual([]);
    expect(second.timestamp).toBeGreaterThan(first.timestamp);
  });

  test("a devnet started without it already runs at its block time: useBlockTime() changes nothing", async () => {
    const devnet = await start({ blockTime: 1 });
    await devnet.useBlockTime();
    expect(await rpc(devnet.rpcUrl, "anvil_getAutomine")).toBe(false);
    expect(await rpc(devnet.rpcUrl, "anvil_getIntervalMining")).toBe(1);
  });

  test("needs whole seconds: a fractional block time is refused before anything starts", async () => {
    await expect(start({ blockTime: 0.5, automineFirst: true })).rejects.toMatchObject({
      code: "DEVNET_START_FAILED",
      message: expect.stringMatching(/whole number of seconds/),
    });
  });
});
