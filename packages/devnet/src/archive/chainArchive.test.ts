import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JsonRpcProvider } from "ethers";
import { createPublicClient, createWalletClient, type Hash, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type Devnet, startDevnet } from "../anvil/startDevnet.js";

const started: Devnet[] = [];
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "privnet-archive-"));
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((devnet) => devnet.stop()));
  await rm(dir, { recursive: true, force: true });
});

async function start(statePath: string): Promise<Devnet> {
  const devnet = await startDevnet({ port: 0, blockTime: 0, statePath, blockWindow: 8 });
  started.push(devnet);
  return devnet;
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await response.json()) as { result?: unknown; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

// A contract whose every call logs: mstore(0, 42); log1(0, 32, 0x42).
const LOGGER = "0x600d80600b6000396000f3602a600052604260206000a100" as Hex;

/** A deployment, then transfers and calls that log, each mined in its own block; their hashes. */
async function traffic(devnet: Devnet): Promise<{ hashes: Hash[]; logger: Hex }> {
  const account = privateKeyToAccount((devnet.accounts[1] as { privateKey: Hex }).privateKey);
  const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) }).extend(
    publicActions,
  );
  const deployment = await wallet.sendTransaction({ data: LOGGER });
  const { contractAddress } = await wallet.waitForTransactionReceipt({
    hash: deployment,
    pollingInterval: 50,
  });
  const logger = contractAddress as Hex;
  const hashes: Hash[] = [deployment];
  for (let index = 0; index < 6; index++) {
    const hash = await wallet.sendTransaction({ to: index % 2 === 0 ? logger : account.address, value: 1n });
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    hashes.push(hash);
  }
  return { hashes, logger };
}

/** Every read the archive answers, raw (JSON as the chain port answers it), at these blocks and transactions. */
async function rawReads(url: string, blocks: number[], hashes: Hash[]) {
  const reads: Record<string, unknown> = {};
  for (const number of blocks) {
    const at = `0x${number.toString(16)}`;
    const full = (await rpc(url, "eth_getBlockByNumber", [at, true])) as { hash: Hash };
    reads[`block ${number} full`] = full;
    reads[`block ${number} hashes`] = await rpc(url, "eth_getBlockByNumber", [at, false]);
    reads[`block ${number} by hash`] = await rpc(url, "eth_getBlockByHash", [full.hash, true]);
    reads[`block ${number} receipts`] = await rpc(url, "eth_getBlockReceipts", [at]);
    reads[`block ${number} count`] = await rpc(url, "eth_getBlockTransactionCountByNumber", [at]);
    reads[`block ${number} count by hash`] = await rpc(url, "eth_getBlockTransactionCountByHash", [
      full.hash,
    ]);
    reads[`block ${number} first`] = await rpc(url, "eth_getTransactionByBlockNumberAndIndex", [at, "0x0"]);
    reads[`block ${number} first by hash`] = await rpc(url, "eth_getTransactionByBlockHashAndIndex", [
      full.hash,
      "0x0",
    ]);
    reads[`block ${number} logs by hash`] = await rpc(url, "eth_getLogs", [{ blockHash: full.hash }]);
  }
  for (const hash of hashes) {
    reads[`transaction ${hash}`] = await rpc(url, "eth_getTransactionByHash", [hash]);
    reads[`receipt ${hash}`] = await rpc(url, "eth_getTransactionReceipt", [hash]);
  }
  reads["logs from 0 to latest"] = await rpc(url, "eth_getLogs", [{ fromBlock: "0x0" }]);
  reads["logs from earliest to 4"] = await rpc(url, "eth_getLogs", [
    { fromBlock: "earliest", toBlock: "0x4" },
  ]);
  reads["logs of topic 0x42"] = await rpc(url, "eth_getLogs", [
    { fromBlock: "0x1", toBlock: "latest", topics: [`0x${"42".padStart(64, "0")}`] },
  ]);
  return reads;
}

/** The same reads through viem and ethers, as their users get them. */
async function libraryReads(url: string, blocks: number[], hashes: Hash[]) {
  const client = createPublicClient({ transport: http(url) });
  const provider = new JsonRpcProvider(url, undefined, { staticNetwork: true, batchMaxCount: 1 });
  try {
    const reads: Record<string, unknown> = {};
    for (const number of blocks) {
      reads[`viem block ${number}`] = await client.getBlock({
        blockNumber: BigInt(number),
        includeTransactions: true,
      });
      reads[`ethers block ${number}`] = (await provider.getBlock(number, true))?.toJSON();
    }
    for (const hash of hashes) {
      reads[`viem transaction ${hash}`] = await client.getTransaction({ hash });
      reads[`viem receipt ${hash}`] = await client.getTransactionReceipt({ hash });
      reads[`ethers transaction ${hash}`] = (await provider.getTransaction(hash))?.toJSON();
      reads[`ethers receipt ${hash}`] = (await provider.getTransactionReceipt(hash))?.toJSON();
    }
    reads["viem logs"] = await client.getLogs({ fromBlock: 0n, toBlock: "latest" });
    reads["ethers logs"] = (await provider.getLogs({ fromBlock: 0, toBlock: "latest" })).map((log) =>
      log.toJSON(),
    );
    return reads;
  } finally {
    provider.destroy();
  }
}

describe("the chain archive", () => {
  test("blocks, transactions, receipts and logs anvil dropped answer on the chain port as anvil answered them, before and after a restart", async () => {
    const statePath = join(dir, "chain-state.json");
    const devnet = await start(statePath);
    expect(devnet.archive?.path).toBe(join(dir, "chain-state.archive.db"));
    const { hashes } = await traffic(devnet);
    const blocks = [1, 2, 3, 4, 5, 6, 7];
    const rawBefore = await rawReads(devnet.rpcUrl, blocks, hashes);
    const librariesBefore = await libraryReads(devnet.rpcUrl, blocks, hashes);
    expect((rawBefore["block 2 full"] as { transactions: unknown[] }).transactions).toHaveLength(1);
    expect(rawBefore["logs from 0 to latest"]).toHaveLength(3);

    // Deep enough (4 blocks below the head) while anvil still holds them (8 blocks): archived —
    // and the relay had it catch up to the head every few automined blocks meanwhile.
    expect(await devnet.archive?.catchUp()).toBeGreaterThanOrEqual(3);
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x4"]);
    expect(await devnet.archive?.catchUp()).toBe(7);
    // anvil keeps 8 blocks with transactions: blocks 1–7 are gone from it now.
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x10"]);
    await devnet.archive?.catchUp();

    expect(await rawReads(devnet.rpcUrl, blocks, hashes)).toEqual(rawBefore);
    expect(await libraryReads(devnet.rpcUrl, blocks, hashes)).toEqual(librariesBefore);

    await devnet.stop();
    const again = await start(statePath);
    expect(await rawReads(again.rpcUrl, blocks, hashes)).toEqual(rawBefore);
    expect(await libraryReads(again.rpcUrl, blocks, hashes)).toEqual(librariesBefore);
    // The first transaction ever sent still has its receipt.
    expect(await rpc(again.rpcUrl, "eth_getTransactionReceipt", [hashes[0]])).toEqual(
      rawBefore[`receipt ${hashes[0]}`],
    );
  });

  test("blocks a rollback took off the chain are never answered from the archive", async () => {
    const devnet = await start(join(dir, "chain-state.json"));
    const { hashes } = await traffic(devnet);
    expect(await devnet.archive?.catchUp()).toBeGreaterThanOrEqual(3);
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x4"]);
    expect(await devnet.archive?.catchUp()).toBe(7);
    const archived = (await rpc(devnet.rpcUrl, "eth_getBlockByNumber", ["0x7", false])) as { hash: Hash };

    // Back to block 5, and a new block 6 and 7 of other transactions.
    await rpc(devnet.rpcUrl, "anvil_rollback", [6]);
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x2"]);
    const seven = (await rpc(devnet.rpcUrl, "eth_getBlockByNumber", ["0x7", false])) as {
      hash: Hash;
      transactions: Hash[];
    };
    expect(seven.hash).not.toBe(archived.hash);
    expect(seven.transactions).toEqual([]);
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[6]])).toBeNull();
    // Before the archive caught up, what it holds below the rollback still answers (anvil dropped it).
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[0]])).toMatchObject({
      status: "0x1",
      blockNumber: "0x1",
    });

    // The archive drops what the chain no longer has and takes the new blocks once deep enough.
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x4"]);
    expect(await devnet.archive?.catchUp()).toBe(7);
    expect(await rpc(devnet.rpcUrl, "eth_getBlockByNumber", ["0x7", false])).toEqual(seven);
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[6]])).toBeNull();
    // Once anvil dropped them too, the archive answers the new blocks, and the kept ones below.
    const five = await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[4]]);
    expect(five).toMatchObject({ status: "0x1", blockNumber: "0x5" });
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x10"]);
    await devnet.archive?.catchUp();
    expect(await rpc(devnet.rpcUrl, "eth_getBlockByNumber", ["0x7", false])).toEqual(seven);
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[6]])).toBeNull();
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[4]])).toEqual(five);
  });

  test("a call that mines more blocks than anvil keeps has the archive take every block first", async () => {
    const devnet = await start(join(dir, "chain-state.json"));
    const { hashes } = await traffic(devnet);
    const before = await rawReads(devnet.rpcUrl, [4, 5, 6, 7], hashes.slice(3));
    // Blocks 4–7 are not 4 deep yet: only this call's catch-up archives them before anvil drops them.
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x20"]);
    expect(await rawReads(devnet.rpcUrl, [4, 5, 6, 7], hashes.slice(3))).toEqual(before);
  });

  test("transactions sent faster than the archive's pass, a block each, are all archived before anvil drops them", async () => {
    const devnet = await start(join(dir, "chain-state.json"));
    const account = privateKeyToAccount((devnet.accounts[2] as { privateKey: Hex }).privateKey);
    const wallet = createWalletClient({ account, chain: devnet.chain, transport: http(devnet.rpcUrl) });
    // 40 blocks, five times what anvil keeps, sent back to back: no pass of the archive's timer
    // comes between them; the relay has the archive catch up as they go.
    const hashes: Hash[] = [];
    for (let index = 0; index < 40; index++)
      hashes.push(await wallet.sendTransaction({ to: account.address, value: 1n, gas: 21_000n }));
    const receipts = (await Promise.all(
      hashes.map((hash) => rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hash])),
    )) as ({ transactionHash: Hash; status: Hex } | null)[];
    expect(receipts.map((receipt) => receipt?.transactionHash)).toEqual(hashes);
    expect(receipts.every((receipt) => receipt?.status === "0x1")).toBe(true);
  });

  test("without a state file there is no archive, and anvil keeps every block", async () => {
    const devnet = await startDevnet({ port: 0, blockTime: 0 });
    started.push(devnet);
    expect(devnet.archive).toBeUndefined();
    const { hashes } = await traffic(devnet);
    await rpc(devnet.rpcUrl, "anvil_mine", ["0x100"]);
    expect(await rpc(devnet.rpcUrl, "eth_getTransactionReceipt", [hashes[0]])).toMatchObject({
      status: "0x1",
    });
    expect(existsSync(join(dir, "chain-state.archive.db"))).toBe(false);
  });
});
