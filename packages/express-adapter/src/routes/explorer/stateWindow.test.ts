import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deriveAccounts, KEY_INDEXES, privnet, SYSTEM_MNEMONIC } from "@privnet/core";
import { startDevnet } from "@privnet/devnet";
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseEther, parseGwei } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, test } from "vitest";
import { call, onCleanup, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

const STATE_WINDOW = 4;
const accounts = deriveAccounts(SYSTEM_MNEMONIC, [1, KEY_INDEXES.contractsOwner]);
const holder = accounts[0] as { address: Address };
const owner = accounts[1] as { privateKey: Hex };

describe("an old transaction on a node with a small state window", () => {
  test("GET /chain/transactions/:hash keeps its decoded input and logs, and says plainly why it has no trace", async () => {
    const devnet = await startDevnet({ port: 0, blockTime: 0, stateWindow: STATE_WINDOW });
    onCleanup(() => devnet.stop());
    const platform = await startPlatform(devnet.rpcUrl, {
      pollingInterval: 50,
      contracts: true,
      bots: { env: {} },
      explorer: { stateWindow: STATE_WINDOW },
    });
    const { url } = await serveAdmin(platform);
    const { addresses } = await platform.contracts.get();
    const sender = privateKeyToAccount(owner.privateKey);
    const hash = await platform.client.sendRawTransaction({
      serializedTransaction: await sender.signTransaction({
        chainId: privnet.id,
        to: addresses.platformToken,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [holder.address, parseEther("2")],
        }),
        nonce: await platform.client.getTransactionCount({ address: sender.address, blockTag: "pending" }),
        gas: 100_000n,
        maxFeePerGas: parseGwei("50"),
        maxPriorityFeePerGas: parseGwei("1"),
      }),
    });
    const { blockNumber } = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await platform.explorer.waitForBlock(blockNumber);

    // Inside the window: traced.
    const fresh = await call(`${url}/chain/transactions/${hash}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ trace: { type: "CALL" }, traceUnavailable: null });

    // Mined past the window: anvil dropped the state the transaction ran on.
    const rpc = (method: string) =>
      fetch(devnet.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: [] }),
      });
    for (let mined = 0; mined < STATE_WINDOW * 2; mined++) await rpc("evm_mine");
    await platform.explorer.waitForBlock(blockNumber + BigInt(STATE_WINDOW * 2));

    const old = await call(`${url}/chain/transactions/${hash}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({
      transaction: { hash, status: "success", method: { name: "transfer" } },
      logs: [{ address: addresses.platformToken, event: { name: "Transfer" } }],
      trace: null,
      stateChanges: null,
      traceUnavailable: `block ${blockNumber} is older than the node's state window (${STATE_WINDOW} blocks): no trace or state changes`,
    });
  });

  test("past the node's block window the page still has them: the chain port answers the transaction from the chain archive", async () => {
    const dir = await mkdtemp(join(tmpdir(), "privnet-explorer-archive-"));
    onCleanup(() => rm(dir, { recursive: true, force: true }));
    const devnet = await startDevnet({
      port: 0,
      blockTime: 0,
      statePath: join(dir, "chain-state.json"),
      blockWindow: 8,
    });
    onCleanup(() => devnet.stop());
    const platform = await startPlatform(devnet.rpcUrl, {
      pollingInterval: 50,
      contracts: true,
      bots: { env: {} },
    });
    const { url } = await serveAdmin(platform);
    const { addresses } = await platform.contracts.get();
    const sender = privateKeyToAccount(owner.privateKey);
    const hash = await platform.client.sendRawTransaction({
      serializedTransaction: await sender.signTransaction({
        chainId: privnet.id,
        to: addresses.platformToken,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [holder.address, parseEther("2")],
        }),
        nonce: await platform.client.getTransactionCount({ address: sender.address, blockTag: "pending" }),
        gas: 100_000n,
        maxFeePerGas: parseGwei("50"),
        maxPriorityFeePerGas: parseGwei("1"),
      }),
    });
    const { blockNumber } = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    await platform.explorer.waitForBlock(blockNumber);

    // 32 blocks at once, 4 times the node's block window: anvil drops the transaction.
    await fetch(devnet.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "anvil_mine", params: ["0x20"] }),
    });
    await platform.explorer.waitForBlock(blockNumber + 32n);
    expect(await platform.client.getTransactionReceipt({ hash })).toMatchObject({
      blockNumber,
      status: "success",
    });

    const old = await call(`${url}/chain/transactions/${hash}`);
    expect(old.status).toBe(200);
    expect(old.body).toMatchObject({
      transaction: { hash, status: "success", method: { name: "transfer" } },
      logs: [{ address: addresses.platformToken, event: { name: "Transfer" } }],
    });
  });
});
