import { NATIVE_ETH_ADDRESS, type Platform } from "@privnet/core";
import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hash } from "viem";
import { beforeAll, describe, expect, test } from "vitest";
// The platform contracts' build with storage layouts and source maps, compiled by core's fixture
// (core has solc and the Hardhat project's settings): tests only, never shipped.
import {
  compilePlatformBuild,
  type PlatformBuild,
} from "../../../../core/src/explorer/simulate/fixtures/compilePlatformBuild.js";
import { call, callJson, serveAdmin, startPlatform } from "../../testing/adminTestServer.js";

const devnet = useDevnet();
const owner = getAddress("0x00000000000000000000000000000000000a11ce");
const spender = getAddress("0x0000000000000000000000000000000000000b0b");
const receiver = getAddress("0x0000000000000000000000000000000000000ca1");
const liquidator = getAddress("0x000000000000000000000000000000000000d00d");

let build: PlatformBuild;
beforeAll(async () => {
  build = await compilePlatformBuild();
}, 180_000);

type Body = {
  id: string | null;
  calls: {
    transaction: { status: string; from: string; blockNumber: number };
    logs: { event: { name: string } | null }[];
    revertReason: string | null;
    revertLocation: { file: string; line: number } | null;
    stateChanges: {
      storage: { variables: { name: string; before: string; after: string }[] }[];
      tokens: { holder: string; delta: string }[];
    };
  }[];
};
type SimulatedBody = Body["calls"][number];
const variables = (simulated: SimulatedBody | undefined) =>
  (simulated?.stateChanges.storage ?? []).flatMap((change) => change.variables);
const events = (simulated: SimulatedBody | undefined) => simulated?.logs.map((log) => log.event?.name);

async function start() {
  const platform = await startPlatform(devnet.rpcUrl, {
    contracts: true,
    pollingInterval: 50,
    bots: { env: {} },
  });
  await platform.contracts.loadArtifacts({ source: "platform", files: build.files });
  const { addresses } = await platform.contracts.get();
  const { url } = await serveAdmin(platform);
  return { platform, url, usdc: addresses.usdc, pool: addresses.lendingPool };
}

/** A USDC debt of 1,000 against 1 ETH (health factor 1.5) for devnet account 5. */
async function borrow(platform: Platform) {
  const borrower = devnet.accounts[5] as { address: Address; privateKey: `0x${string}` };
  await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
  await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
  return borrower;
}

describe("POST /chain/simulate", () => {
  test("approve then transferFrom by another address, from keyless addresses: both calls' events and the allowance and balance changes by name", async () => {
    const { url, usdc } = await start();
    const answer = await callJson(`${url}/chain/simulate`, {
      overrides: { [usdc]: { storage: { [`_balances[${owner}]`]: "1000000" } } },
      calls: [
        { from: owner, to: usdc, function: "approve", args: [spender, "500"] },
        { from: spender, to: usdc, function: "transferFrom", args: [owner, receiver, "300"] },
      ],
      save: true,
    });
    expect(answer.status).toBe(200);
    const body = answer.body as Body;
    const [approve, transfer] = body.calls;
    expect(events(approve)).toEqual(["Approval"]);
    expect(variables(approve)).toEqual([
      { name: `_allowances[${owner}][${spender}]`, type: "uint256", before: "0", after: "500" },
    ]);
    expect(transfer?.transaction).toMatchObject({ status: "success", from: spender });
    expect(events(transfer)).toEqual(["Transfer"]);
    expect(variables(transfer)).toEqual(
      expect.arrayContaining([
        { name: `_allowances[${owner}][${spender}]`, type: "uint256", before: "500", after: "200" },
        { name: `_balances[${owner}]`, type: "uint256", before: "1000000", after: "999700" },
        { name: `_balances[${receiver}]`, type: "uint256", before: "0", after: "300" },
      ]),
    );
    expect(transfer?.stateChanges.tokens).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ holder: owner, delta: "-300" }),
        expect.objectContaining({ holder: receiver, delta: "300" }),
      ]),
    );

    // Saved: opened again by its id, as it was answered.
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    const saved = await call(`${url}/chain/simulations/${body.id}`);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(body);
    const missing = await call(`${url}/chain/simulations/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      error: expect.stringContaining("not found"),
      code: "SIMULATION_NOT_FOUND",
    });
  });

  test("a liquidation that fails on a healthy position (with its source line) succeeds once the position's debt is overridden", async () => {
    const { platform, url, usdc, pool } = await start();
    const borrower = await borrow(platform);
    const funds = {
      [`_balances[${liquidator}]`]: "500000000",
      [`_allowances[${liquidator}][${pool}]`]: "500000000",
    };
    const liquidate = {
      from: liquidator,
      to: pool,
      function: "liquidate",
      args: [borrower.address, usdc, "500000000", NATIVE_ETH_ADDRESS],
    };

    const healthy = await callJson(`${url}/chain/simulate`, {
      overrides: { [usdc]: { storage: funds } },
      calls: [liquidate],
    });
    const [failed] = (healthy.body as Body).calls;
    expect(failed).toMatchObject({
      transaction: { status: "reverted" },
      revertReason: "Health factor not below 1",
      revertLocation: {
        file: "contracts/LendingPool.sol",
        line: build.lineOf("LendingPool.sol", '"Health factor not below 1"'),
      },
    });

    const debt = `_debt[${borrower.address}][${usdc}]`;
    const underwater = await callJson(`${url}/chain/simulate`, {
      overrides: { [usdc]: { storage: funds }, [pool]: { storage: { [debt]: "2000000000" } } },
      calls: [liquidate],
    });
    const [liquidated] = (underwater.body as Body).calls;
    expect(liquidated?.transaction.status).toBe("success");
    expect(events(liquidated)).toContain("Liquidation");
    expect(variables(liquidated)).toContainEqual({
      name: debt,
      type: "uint256",
      before: "2000000000",
      after: "1500000000",
    });
  });

  test("the head, the pool, balances and nonces are unchanged after simulations", async () => {
    const { platform, url, usdc } = await start();
    const borrower = await borrow(platform);
    const client = platform.client;
    const read = async () => ({
      head: await client.getBlockNumber({ cacheTime: 0 }),
      pool: await devnet.request("txpool_content"),
      balances: await Promise.all([owner, borrower.address].map((address) => client.getBalance({ address }))),
      nonces: await Promise.all(
        [owner, borrower.address].map((address) => client.getTransactionCount({ address })),
      ),
      tokens: await Promise.all(
        [owner, borrower.address].map((address) =>
          client.readContract({ address: usdc, abi: erc20Abi, functionName: "balanceOf", args: [address] }),
        ),
      ),
    });
    const before = await read();
    const answer = await callJson(`${url}/chain/simulate`, {
      overrides: { [owner]: { balance: "2" } },
      calls: [
        { from: owner, to: borrower.address, value: "1.5" },
        { from: borrower.address, to: usdc, function: "transfer", args: [owner, "1000000"] },
        { from: borrower.address, to: receiver, value: "0.25" },
      ],
    });
    expect((answer.body as Body).calls.map((simulated) => simulated.transaction.status)).toEqual([
      "success",
      "success",
      "success",
    ]);
    expect(await read()).toEqual(before);
  });

  test("bad input is a 400 naming what is wrong", async () => {
    const { url, pool } = await start();
    const unresolved = await callJson(`${url}/chain/simulate`, {
      overrides: { [pool]: { storage: { "_debt[0x0000000000000000000000000000000000000001].amount": "1" } } },
      calls: [{ from: owner, to: pool, data: "0x" }],
    });
    expect(unresolved.status).toBe(400);
    expect(unresolved.body).toMatchObject({
      code: "INVALID_SIMULATION",
      error: expect.stringContaining(
        '"_debt[0x0000000000000000000000000000000000000001].amount" does not resolve',
      ),
    });
    const unknown = await callJson(`${url}/chain/simulate`, {
      calls: [{ from: owner, to: pool, function: "steal" }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: "INVALID_SIMULATION",
      error: expect.stringContaining('"steal"'),
    });
    const empty = await callJson(`${url}/chain/simulate`, { calls: [] });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: expect.stringContaining("at least one call") });
  });
});

describe("POST /chain/transactions/:hash/rerun", () => {
  test("a failed mined transaction re-run with a different argument succeeds, answered beside the original", async () => {
    const { platform, url, usdc } = await start();
    const borrower = await borrow(platform);
    const hash = await devnet.request<Hash>("eth_sendTransaction", [
      {
        from: borrower.address,
        to: usdc,
        gas: "0x186a0",
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: "transfer",
          args: [receiver, 2_000_000_000n],
        }),
      },
    ]);
    const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("reverted");
    await platform.explorer.waitForBlock(receipt.blockNumber);

    const answer = await callJson(`${url}/chain/transactions/${hash}/rerun`, {
      function: "transfer",
      args: [receiver, "400000000"],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      original: {
        transaction: { hash, status: "reverted" },
        revertReason: expect.stringMatching(/^ERC20InsufficientBalance/),
      },
      rerun: {
        transaction: { status: "success", from: borrower.address, blockNumber: Number(receipt.blockNumber) },
      },
      changed: {
        status: true,
        revertReason: true,
        returnData: true,
        storage: expect.arrayContaining([
          expect.objectContaining({ name: `_balances[${receiver}]`, original: null, rerun: "400000000" }),
        ]),
      },
    });
    const pending = await callJson(`${url}/chain/transactions/0x${"ab".repeat(32)}/rerun`, {});
    expect(pending.status).toBe(404);
  });
});
