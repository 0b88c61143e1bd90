import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isPrivnetError } from "@privnet/core";
import { createWalletClient, type Hash, http, parseEther, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "./startDevnet.js";

const started: Devnet[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-window-"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(options: Parameters<typeof startDevnet>[0]): Promise<Devnet> {
  const devnet = await startDevnet({ port: 0, blockTime: 0, ...options });
  started.push(devnet);
  return devnet;
}

async function rpc(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { message: string } };
}

/** A transfer from the first account, mined at once; its block number. */
async function transfer(devnet: Devnet): Promise<{ hash: Hash; block: bigint; from: `0x${string}` }> {
  const account = privateKeyToAccount((devnet.accounts[1] as { privateKey: `0x${string}` }).privateKey);
  const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) }).extend(
    publicActions,
  );
  const hash = await wallet.sendTransaction({ to: account.address, value: parseEther("1") });
  const receipt = await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return { hash, block: receipt.blockNumber, from: account.address };
}

describe("the state window", () => {
  test("beyond it state reads fail while blocks, transactions, receipts and logs still answer, before and after a restart", async () => {
    const statePath = join(dir, "chain.json");
    const devnet = await start({ stateWindow: 4, statePath });
    const sent = await transfer(devnet);
    const at = `0x${sent.block.toString(16)}`;
    expect((await rpc(devnet.rpcUrl, "eth_getBalance", [sent.from, at])).result).toMatch(/^0x/);

    for (let mined = 0; mined < 8; mined++) await rpc(devnet.rpcUrl, "evm_mine");
    const reads = async (url: string) => ({
      balance: (await rpc(url, "eth_getBalance", [sent.from, at])).error?.message,
      block: (
        (await rpc(url, "eth_getBlockByNumber", [at, true])).result as { transactions: { hash: Hash }[] }
      ).transactions[0]?.hash,
      transaction: ((await rpc(url, "eth_getTransactionByHash", [sent.hash])).result as { hash: Hash }).hash,
      receipt: ((await rpc(url, "eth_getTransactionReceipt", [sent.hash])).result as { status: string })
        .status,
      logs: (await rpc(url, "eth_getLogs", [{ fromBlock: at, toBlock: at }])).result,
    });
    const expected = {
      balance: expect.stringMatching(/BlockOutOfRange/),
      block: sent.hash,
      transaction: sent.hash,
      receipt: "0x1",
      logs: [],
    };
    expect(await reads(devnet.rpcUrl)).toEqual(expected);
    const head = (await rpc(devnet.rpcUrl, "eth_blockNumber")).result;

    await devnet.stop();
    const again = await start({ stateWindow: 4, statePath });
    expect((await rpc(again.rpcUrl, "eth_blockNumber")).result).toBe(head);
    expect(await reads(again.rpcUrl)).toEqual(expected);
  });

  test("preserveHistoricalStates: state reads within the window still answer after a restart; without it they do not", async () => {
    for (const preserveHistoricalStates of [true, false]) {
      const statePath = join(dir, `chain-${preserveHistoricalStates}.json`);
      const devnet = await start({ stateWindow: 8, statePath, preserveHistoricalStates });
      const sent = await transfer(devnet);
      await rpc(devnet.rpcUrl, "evm_mine");
      const at = `0x${sent.block.toString(16)}`;
      const before = await rpc(devnet.rpcUrl, "eth_getBalance", [sent.from, at]);
      expect(before.result).toMatch(/^0x/);
      await devnet.stop();

      const again = await start({ stateWindow: 8, statePath, preserveHistoricalStates });
      const after = await rpc(again.rpcUrl, "eth_getBalance", [sent.from, at]);
      if (preserveHistoricalStates) expect(after.result).toBe(before.result);
      else expect(after.error?.message).toMatch(/BlockOutOfRange/);
      await again.stop();
    }
  });

  test("a window that is not a whole number of blocks, 1 or more, is refused before anvil starts", async () => {
    for (const stateWindow of [0, 2.5, -4]) {
      const failure = await startDevnet({ port: 0, stateWindow }).catch((error: unknown) => error);
      expect(isPrivnetError(failure) && failure.code).toBe("DEVNET_START_FAILED");
      expect((failure as Error).message).toContain(
        `stateWindow must be a whole number of blocks, 1 or more, got ${stateWindow}`,
      );
    }
  });
});
