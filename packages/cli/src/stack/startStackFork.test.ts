import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ForkInfo, privnet, type TransactionRecord } from "@privnet/core";
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect, test } from "vitest";
import { resolveSettings, type UpFlags } from "../config/resolveSettings.js";
import { type Stack, startStack } from "./startStack.js";

// `privnet up --fork-url` of a running privnet, end to end on real anvils: a parent stack (its
// contracts deployed, a payment made), then a stack forked from its chain at that payment's block.
// One parent and one fork for the file; a block per transaction on both.

const dirs: string[] = [];
let parent: Stack;
let forkBlock: bigint;
let answer: Address;
const payee = "0x00000000000000000000000000000000000fa1e5";
// A contract whose runtime answers 42 to any call, and its Hardhat 3 artifact.
const initCode: Hex = "0x600a600c600039600a6000f3602a60005260206000f3";
const artifact = {
  _format: "hh3-artifact-1",
  contractName: "Answer",
  sourceName: "contracts/Answer.sol",
  abi: [
    { type: "function", name: "answer", inputs: [], outputs: [{ type: "uint256" }], stateMutability: "view" },
  ],
  deployedBytecode: "0x602a60005260206000f3",
};

function settings(flags: Record<string, string | string[]>) {
  const cwd = mkdtempSync(join(tmpdir(), "privnet-fork-stack-"));
  dirs.push(cwd);
  const base = { port: "0", "oracle-port": "0", "chain-port": "0", "block-time": "0", storage: "memory" };
  return resolveSettings({ config: {}, env: {}, flags: { ...base, ...flags } as UpFlags, cwd });
}

beforeAll(async () => {
  parent = await startStack(settings({}));
  const key = parent.devnet!.accounts[6]!.privateKey;
  const wallet = createWalletClient({
    account: privateKeyToAccount(key),
    chain: privnet,
    transport: http(parent.rpcUrl),
  });
  const client = createPublicClient({ chain: privnet, transport: http(parent.rpcUrl) });
  const deployed = await wallet.deployContract({ abi: [], bytecode: initCode });
  answer = (await client.waitForTransactionReceipt({ hash: deployed })).contractAddress as Address;
  const hash = await wallet.sendTransaction({ to: payee, value: parseEther("2") });
  forkBlock = (await client.waitForTransactionReceipt({ hash })).blockNumber;
  // After the fork block: not on the fork.
  await client.waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: payee, value: 1n }) });
}, 60_000);
afterAll(async () => {
  await parent?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("a stack forked from a running privnet starts with its contracts and balances at the fork block, runs the bots, and serves throwaway forks that stop with it", async () => {
  const steps: string[] = [];
  const artifacts = join(dirs[0]!, "artifacts/contracts/Answer.sol");
  mkdirSync(artifacts, { recursive: true });
  writeFileSync(join(artifacts, "Answer.json"), JSON.stringify(artifact));
  const flags = {
    "fork-url": parent.rpcUrl,
    "fork-block": String(forkBlock),
    artifacts: [join(dirs[0]!, "artifacts")],
  };
  const fork = await startStack(settings(flags), {
    onProgress: ({ step, detail }) => steps.push(`${step}: ${detail}`),
  });
  let throwaway: ForkInfo | undefined;
  try {
    expect(fork.devnet!.fork).toEqual({ url: parent.rpcUrl, block: forkBlock });
    expect(steps.find((step) => step.startsWith("chain:"))).toMatch(
      /a fork of http:\/\/127\.0\.0\.1:\d+ at block \d+/,
    );
    // The parent's contracts are the platform's on the fork: found, not deployed again.
    expect(fork.contracts).toEqual(parent.contracts);
    expect(steps.find((step) => step.startsWith("contracts:"))).toMatch(/found on the fork/);
    const client = createPublicClient({ chain: privnet, transport: http(fork.rpcUrl) });
    expect(await client.getBalance({ address: payee })).toBe(parseEther("2"));
    // The explorer names a contract of the parent's from the given artifacts.
    expect((await fork.platform.explorer.address(answer)).contract).toMatchObject({ name: "Answer" });

    // A bot's transaction confirms on the fork.
    const confirmed = new Promise<TransactionRecord>((resolve) =>
      fork.platform.events.on("transaction", (record) => {
        if (record.source === "transfer" && record.status === "confirmed") resolve(record);
      }),
    );
    await fork.platform.bots.start("transfer", { interval: 100 });
    expect((await confirmed).status).toBe("confirmed");

    // A throwaway fork of the forked chain, over the admin API.
    const admin = fork.urls.find((url) => url.label === "Admin API")!.url;
    const created = await fetch(`${admin}/forks`, { method: "POST" });
    expect(created.status).toBe(201);
    throwaway = (await created.json()) as ForkInfo;
    const child = createPublicClient({ transport: http(throwaway.rpcUrl) });
    expect(await child.getBalance({ address: payee })).toBe(parseEther("2"));
  } finally {
    await fork.stop();
  }
  expect(isRunning(throwaway!.pid)).toBe(false);
  expect(isRunning(fork.devnet!.pid)).toBe(false);
}, 90_000);
