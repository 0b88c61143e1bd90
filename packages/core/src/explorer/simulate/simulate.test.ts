import { useDevnet } from "@privnet/devnet/vitest";
import { type Address, createWalletClient, encodeFunctionData, erc20Abi, getAddress, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { NATIVE_ETH_ADDRESS } from "../../contracts/platformContracts.js";
import { createPlatform, type Platform } from "../../platform/createPlatform.js";
import { compilePlatformBuild, type PlatformBuild } from "./fixtures/compilePlatformBuild.js";

const devnet = useDevnet();
const owner = getAddress("0x00000000000000000000000000000000000a11ce");
const spender = getAddress("0x0000000000000000000000000000000000000b0b");
const receiver = getAddress("0x0000000000000000000000000000000000000ca1");
const liquidator = getAddress("0x000000000000000000000000000000000000d00d");

let build: PlatformBuild;
beforeAll(async () => {
  build = await compilePlatformBuild();
}, 180_000);

const platforms: Platform[] = [];
afterEach(async () => {
  await Promise.all(platforms.splice(0).map((platform) => platform.close()));
});

async function start() {
  const platform = await createPlatform({
    transport: http(devnet.rpcUrl),
    contracts: true,
    pollingInterval: 50,
  });
  platforms.push(platform);
  await platform.contracts.loadArtifacts({ source: "platform", files: build.files });
  const { addresses } = await platform.contracts.get();
  return { platform, usdc: addresses.usdc, pool: addresses.lendingPool };
}

const variables = (call: {
  stateChanges: { storage: { variables: { name: string; before: string; after: string }[] }[] } | null;
}) => (call.stateChanges?.storage ?? []).flatMap((change) => change.variables);

describe("simulate", () => {
  test("a bundle of approve and transferFrom by another address, from addresses with no key, explained by variable", async () => {
    const { platform, usdc } = await start();
    const simulation = await platform.explorer.simulate({
      overrides: { [usdc]: { storage: { [`_balances[${owner}]`]: "1000000" } } },
      calls: [
        { from: owner, to: usdc, function: "approve", args: [spender, "500"] },
        { from: spender, to: usdc, function: "transferFrom", args: [owner, receiver, "300"] },
      ],
    });
    const [approve, transfer] = simulation.calls;
    expect(approve?.transaction).toMatchObject({ status: "success", from: owner, to: usdc });
    expect(approve?.returned).toEqual([{ name: "arg0", type: "bool", value: true }]);
    expect(approve?.logs.map((log) => log.event?.name)).toEqual(["Approval"]);
    expect(variables(approve as never)).toEqual([
      { name: `_allowances[${owner}][${spender}]`, type: "uint256", before: "0", after: "500" },
    ]);
    expect(transfer?.transaction.status).toBe("success");
    expect(transfer?.logs.map((log) => log.event?.name)).toEqual(["Transfer"]);
    expect(variables(transfer as never)).toEqual(
      expect.arrayContaining([
        { name: `_balances[${owner}]`, type: "uint256", before: "1000000", after: "999700" },
        { name: `_balances[${receiver}]`, type: "uint256", before: "0", after: "300" },
        { name: `_allowances[${owner}][${spender}]`, type: "uint256", before: "500", after: "200" },
      ]),
    );
    expect(transfer?.stateChanges?.tokens.map((change) => [change.holder, change.delta])).toEqual(
      expect.arrayContaining([
        [owner, -300n],
        [receiver, 300n],
      ]),
    );
  });

  test("an override of a position's debt makes a liquidation succeed that fails without it, with the revert's line", async () => {
    const { platform, usdc, pool } = await start();
    const borrower = devnet.accounts[5] as { address: Address; privateKey: `0x${string}` };
    await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
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

    const healthy = await platform.explorer.simulate({
      overrides: { [usdc]: { storage: funds } },
      calls: [liquidate],
    });
    const [failed] = healthy.calls;
    expect(failed?.transaction.status).toBe("reverted");
    expect(failed?.revertReason).toBe("Health factor not below 1");
    expect(failed?.revertLocation).toMatchObject({
      file: "contracts/LendingPool.sol",
      line: build.lineOf("LendingPool.sol", '"Health factor not below 1"'),
    });

    const debt = `_debt[${borrower.address}][${usdc}]`;
    const underwater = await platform.explorer.simulate({
      overrides: { [usdc]: { storage: funds }, [pool]: { storage: { [debt]: "2000000000" } } },
      calls: [liquidate],
    });
    const [liquidated] = underwater.calls;
    expect(liquidated?.revertReason).toBeNull();
    expect(liquidated?.transaction.status).toBe("success");
    expect(liquidated?.logs.map((log) => log.event?.name)).toContain("Liquidation");
    expect(variables(liquidated as never)).toContainEqual({
      name: debt,
      type: "uint256",
      before: "2000000000",
      after: "1500000000",
    });
    expect(liquidated?.stateChanges?.balances).toContainEqual(
      expect.objectContaining({ address: liquidator, delta: 262_500_000_000_000_000n }),
    );
  });

  test("nothing on the chain changes: head, pool, balances and nonces", async () => {
    const { platform, usdc } = await start();
    const client = platform.client;
    const read = async () => ({
      head: await client.getBlockNumber({ cacheTime: 0 }),
      pool: await devnet.request("txpool_content"),
      balances: await Promise.all([owner, spender].map((address) => client.getBalance({ address }))),
      nonces: await Promise.all([owner, spender].map((address) => client.getTransactionCount({ address }))),
      token: await client.readContract({
        address: usdc,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [owner],
      }),
    });
    const before = await read();
    await platform.explorer.simulate({
      overrides: { [owner]: { balance: 10n ** 18n }, [usdc]: { storage: { [`_balances[${owner}]`]: "7" } } },
      calls: [
        { from: owner, to: spender, value: 10n ** 17n },
        { from: owner, to: usdc, function: "transfer", args: [spender, "7"] },
      ],
    });
    expect(await read()).toEqual(before);
  });

  test("at an earlier block, the calls see that block's state; a block past the head is refused", async () => {
    const { platform, usdc } = await start();
    const before = await platform.client.getBlockNumber({ cacheTime: 0 });
    const borrower = devnet.accounts[5] as { address: Address; privateKey: `0x${string}` };
    await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
    const balanceAt = async (block: bigint | "latest") => {
      const { calls, blockNumber } = await platform.explorer.simulate({
        block,
        calls: [{ from: owner, to: usdc, function: "balanceOf", args: [borrower.address] }],
      });
      return { value: calls[0]?.returned?.[0]?.value, blockNumber };
    };
    expect(await balanceAt(before)).toEqual({ value: 0n, blockNumber: before });
    expect((await balanceAt("latest")).value).toBe(1_000_000_000n);
    await expect(balanceAt(before + 1_000n)).rejects.toMatchObject({
      code: "INVALID_SIMULATION",
      message: expect.stringContaining(`Block ${before + 1_000n} is not on the chain`),
    });
  });

  test("a storage path that does not resolve is refused, naming the path", async () => {
    const { platform, pool } = await start();
    await expect(
      platform.explorer.simulate({
        overrides: {
          [pool]: { storage: { "_debt[0x0000000000000000000000000000000000000001].amount": "1" } },
        },
        calls: [{ from: owner, to: pool, data: "0x" }],
      }),
    ).rejects.toMatchObject({
      code: "INVALID_SIMULATION",
      message: expect.stringContaining(
        '"_debt[0x0000000000000000000000000000000000000001].amount" does not resolve',
      ),
    });
  });

  test("a failed mined transaction re-run with another argument succeeds, beside the original", async () => {
    const { platform, usdc } = await start();
    const borrower = devnet.accounts[5] as { address: Address; privateKey: `0x${string}` };
    await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
    const wallet = createWalletClient({
      account: privateKeyToAccount(borrower.privateKey),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    });
    const hash = await wallet.sendTransaction({
      to: usdc,
      gas: 100_000n,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, 2_000_000_000n] }),
    });
    const receipt = await platform.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(receipt.status).toBe("reverted");
    await platform.explorer.waitForBlock(receipt.blockNumber);

    // Arguments alone: the function the original called.
    const { original, rerun, changed } = await platform.explorer.rerun(hash, {
      args: [receiver, "400000000"],
    });
    expect(original.transaction.status).toBe("reverted");
    expect(original.revertReason).toMatch(/^ERC20InsufficientBalance/);
    expect(rerun.transaction).toMatchObject({
      status: "success",
      from: borrower.address,
      timestamp: expect.any(Number),
    });
    expect(rerun.transaction.blockNumber).toBe(receipt.blockNumber);
    expect(changed.status).toBe(true);
    expect(changed.storage).toContainEqual(
      expect.objectContaining({ name: `_balances[${receiver}]`, original: null, rerun: "400000000" }),
    );
  });

  test("a re-run runs where the transaction ran: after the earlier transactions of its block", async () => {
    const { platform, usdc } = await start();
    const borrower = devnet.accounts[5] as { address: Address; privateKey: `0x${string}` };
    await platform.lending.deposit({ privateKey: borrower.privateKey, token: "ETH", amount: "1" });
    await platform.lending.borrow({ privateKey: borrower.privateKey, token: "USDC", amount: "1000" });
    const wallet = createWalletClient({
      account: privateKeyToAccount(borrower.privateKey),
      chain: devnet.chain,
      transport: http(devnet.rpcUrl),
    });
    const transfer = (amount: bigint) =>
      wallet.sendTransaction({
        to: usdc,
        gas: 100_000n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [receiver, amount] }),
      });
    // One block: all 1,000 USDC out, then 500 more, which the first left nothing for.
    await devnet.request("evm_setAutomine", [false]);
    let second: `0x${string}`;
    try {
      await transfer(1_000_000_000n);
      second = await transfer(500_000_000n);
      await devnet.request("evm_mine");
    } finally {
      await devnet.request("evm_setAutomine", [true]);
    }
    const receipt = await platform.client.waitForTransactionReceipt({ hash: second, pollingInterval: 50 });
    expect(receipt.transactionIndex).toBe(1);
    await platform.explorer.waitForBlock(receipt.blockNumber);

    // On the parent block alone the borrower still holds 1,000 and the transfer would go through.
    const { rerun, changed } = await platform.explorer.rerun(second);
    expect(rerun.transaction.status).toBe("reverted");
    expect(rerun.revertReason).toMatch(
      /^ERC20InsufficientBalance\(sender: 0x[0-9a-fA-F]{40}, balance: 0, needed: 500000000\)$/,
    );
    expect(changed.status).toBe(false);
  });
});
