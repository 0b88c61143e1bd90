import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ForkInfo, privnet, SYSTEM_ACCOUNT_BALANCE } from "@privnet/core";
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "../anvil/startDevnet.js";
import { createForkPool } from "./createForkPool.js";

// One parent chain for the file, mining a block per transaction: block `forkAt` holds a contract
// and a payment to `payee`; the block after it a second payment, which a fork at `forkAt` lacks.
let parent: Devnet;
let forkAt: bigint;
let contract: Address;
let dir: string;
const payee: Address = "0x00000000000000000000000000000000000f0acc";
// Init code returning a runtime that answers 42 to any call.
const initCode: Hex = "0x600a600c600039600a6000f3602a60005260206000f3";

const clientOf = (url: string) => createPublicClient({ chain: privnet, transport: http(url) });
const walletOf = (url: string, key: Hex) =>
  createWalletClient({ account: privateKeyToAccount(key), chain: privnet, transport: http(url) });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-forks-"));
  parent = await startDevnet({ port: 0, blockTime: 0 });
  const key = parent.accounts[1]!.privateKey;
  const wallet = walletOf(parent.rpcUrl, key);
  const client = clientOf(parent.rpcUrl);
  const deploy = await client.waitForTransactionReceipt({
    hash: await wallet.deployContract({ abi: [], bytecode: initCode }),
  });
  contract = deploy.contractAddress!;
  const paid = await wallet.sendTransaction({ to: payee, value: parseEther("1") });
  forkAt = (await client.waitForTransactionReceipt({ hash: paid })).blockNumber;
  const later = await wallet.sendTransaction({ to: payee, value: parseEther("2") });
  await client.waitForTransactionReceipt({ hash: later });
});
afterAll(async () => {
  await parent?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("startDevnet({ forkUrl })", () => {
  test("starts with the parent's contracts and balances at the fork block, privnet's chain id and funded system accounts; its sends stay on the fork", async () => {
    await using fork = await startDevnet({
      port: 0,
      blockTime: 0,
      forkUrl: parent.rpcUrl,
      forkBlock: forkAt,
    });
    const client = clientOf(fork.rpcUrl);
    expect(fork.fork).toEqual({ url: parent.rpcUrl, block: forkAt });
    expect(await client.getChainId()).toBe(3151908);
    expect(await client.getBlockNumber({ cacheTime: 0 })).toBe(forkAt);
    expect(await client.getBalance({ address: payee })).toBe(parseEther("1"));
    expect(await client.getCode({ address: contract })).toBe("0x602a60005260206000f3");
    // The sender spent on the parent; on the fork it holds the system balance again.
    expect(await client.getBalance({ address: parent.accounts[1]!.address })).toBe(SYSTEM_ACCOUNT_BALANCE);

    const hash = await walletOf(fork.rpcUrl, fork.accounts[2]!.privateKey).sendTransaction({
      to: payee,
      value: parseEther("5"),
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
    expect(await client.getBalance({ address: payee })).toBe(parseEther("6"));
    expect(await clientOf(parent.rpcUrl).getBalance({ address: payee })).toBe(parseEther("3"));
  });

  test("an unreachable fork URL and a block beyond the parent's head are refused in a sentence, the URL's secret path unsaid", async () => {
    const unreachable = startDevnet({ port: 0, forkUrl: "http://127.0.0.1:9/v2/secret-key" });
    await expect(unreachable).rejects.toMatchObject({ code: "DEVNET_START_FAILED" });
    const message = await unreachable.catch((error: Error) => error.message);
    expect(message).toMatch(
      /the fork URL cannot be used: http:\/\/127\.0\.0\.1:9 did not answer eth_blockNumber/,
    );
    expect(message).not.toContain("secret-key");
    await expect(startDevnet({ port: 0, forkUrl: parent.rpcUrl, forkBlock: 10_000 })).rejects.toThrow(
      /forkBlock 10000 is beyond the head of http:\/\/127\.0\.0\.1:\d+ \(block \d+\)/,
    );
  });

  test("a restart with its state file forks the same block again and keeps what the fork did; another block is refused", async () => {
    const statePath = join(dir, "fork-state.json");
    const first = await startDevnet({ port: 0, blockTime: 0, forkUrl: parent.rpcUrl, statePath });
    const head = first.fork!.block;
    const hash = await walletOf(first.rpcUrl, first.accounts[3]!.privateKey).sendTransaction({
      to: payee,
      value: 7n,
    });
    await clientOf(first.rpcUrl).waitForTransactionReceipt({ hash });
    const balance = await clientOf(first.rpcUrl).getBalance({ address: payee });
    await first.stop();
    // The parent moves on; the restarted fork stands where it stood.
    await walletOf(parent.rpcUrl, parent.accounts[4]!.privateKey).sendTransaction({ to: payee, value: 1n });

    await using again = await startDevnet({ port: 0, blockTime: 0, forkUrl: parent.rpcUrl, statePath });
    expect(again.fork!.block).toBe(head);
    expect(await clientOf(again.rpcUrl).getBalance({ address: payee })).toBe(balance);
    await again.stop();
    await expect(startDevnet({ port: 0, forkUrl: parent.rpcUrl, forkBlock: 1, statePath })).rejects.toThrow(
      /holds a fork of http:\/\/127\.0\.0\.1:\d+ at block \d+, not of this URL and block/,
    );
    await expect(startDevnet({ port: 0, statePath })).rejects.toThrow(/holds a fork of/);
  });
});

describe("throwaway forks", () => {
  test("a fork answers on its own URL at the head, its sends never reach the parent, and it stops with its devnet", async () => {
    const devnet = await startDevnet({ port: 0, blockTime: 0, forkUrl: parent.rpcUrl });
    const fork = await devnet.forks.create({ name: "try it", ttlSeconds: 600 });
    expect(fork).toMatchObject({ name: "try it", chainId: 3151908, block: devnet.fork!.block });
    expect(fork.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(devnet.forks.list()).toEqual([fork]);
    const hash = await walletOf(fork.rpcUrl, devnet.accounts[5]!.privateKey).sendTransaction({
      to: payee,
      value: 9n,
    });
    await clientOf(fork.rpcUrl).waitForTransactionReceipt({ hash });
    expect(await clientOf(devnet.rpcUrl).getTransactionCount({ address: devnet.accounts[5]!.address })).toBe(
      0,
    );
    expect(isRunning(fork.pid)).toBe(true);

    await devnet.stop();
    expect(isRunning(fork.pid)).toBe(false);
    await expect(devnet.forks.create()).rejects.toMatchObject({ code: "FORKS_UNAVAILABLE" });
  });

  test("a fork expires at its time to live: stopped, its process gone, out of the list", async () => {
    await using pool = createForkPool({ parentUrl: parent.rpcUrl });
    await pool.start();
    const stopped = new Promise<[ForkInfo, string]>((resolve) =>
      pool.on("stopped", (info, why) => resolve([info, why])),
    );
    const fork = await pool.create({ ttlSeconds: 1, block: Number(forkAt) });
    expect(fork.block).toBe(forkAt);
    const [ended, reason] = await stopped;
    expect([ended.id, reason]).toEqual([fork.id, "expired"]);
    expect(pool.list()).toEqual([]);
    expect(isRunning(fork.pid)).toBe(false);
    await expect(pool.remove(fork.id)).rejects.toMatchObject({ code: "FORK_NOT_FOUND" });
  });

  test("settings out of range, a block above the head and one fork too many are refused; a delete stops it", async () => {
    await using pool = createForkPool({ parentUrl: parent.rpcUrl, limit: 1 });
    await expect(pool.create()).rejects.toMatchObject({ code: "FORKS_UNAVAILABLE" });
    await pool.start();
    await expect(pool.create({ block: 10_000 })).rejects.toMatchObject({
      code: "FORK_INVALID",
      field: "block",
    });
    await expect(pool.create({ ttlSeconds: 0 })).rejects.toMatchObject({
      code: "FORK_INVALID",
      field: "ttlSeconds",
    });
    await expect(pool.create({ block: "1" } as never)).rejects.toMatchObject({
      code: "FORK_INVALID",
      field: "block",
    });
    await expect(pool.create({ colour: "red" } as never)).rejects.toMatchObject({ field: "colour" });
    const fork = await pool.create();
    await expect(pool.create()).rejects.toMatchObject({ code: "FORK_LIMIT_REACHED" });
    expect(await pool.remove(fork.id)).toEqual(fork);
    expect(isRunning(fork.pid)).toBe(false);
    expect(pool.list()).toEqual([]);
  });
});
