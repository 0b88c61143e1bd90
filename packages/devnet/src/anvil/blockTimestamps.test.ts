import { type Chain, createPublicClient, createWalletClient, type Hex, http, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect } from "vitest";
import { test } from "../exports/vitest.js";

/**
 * A contract that does more work when time moved, the way Uniswap V2's pair writes its price
 * accumulators only when `block.timestamp` changed. Hand-assembled (23 bytes of runtime):
 *
 *   TIMESTAMP PUSH0 SLOAD DUP2 EQ PUSH1 0x14 JUMPI   ; same second as the last call: skip
 *   DUP1 PUSH0 SSTORE                                ; slot 0 = block.timestamp
 *   PUSH1 1 SLOAD PUSH1 1 ADD PUSH1 1 SSTORE         ; slot 1 += 1: the calls that saw time move
 *   JUMPDEST POP STOP
 *
 * behind an init code that returns it (PUSH1 0x17 DUP1 PUSH1 9 PUSH0 CODECOPY PUSH0 RETURN).
 */
const accumulator = "0x60178060095f395ff3425f548114601457805f556001546001016001555b5000" as const;

function walletOn(devnet: { rpcUrl: string; chain: Chain }, key: Hex) {
  return createWalletClient({
    account: privateKeyToAccount(key),
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
    pollingInterval: 10,
  }).extend(publicActions);
}

test("a raw gas estimate holds for a contract that works more when time moved, block after block", async ({
  devnet,
  testClient,
}) => {
  const wallet = walletOn(devnet, devnet.accounts[4]!.privateKey);
  const deployment = await wallet.sendTransaction({ data: accumulator });
  const { contractAddress } = await wallet.waitForTransactionReceipt({ hash: deployment });
  const to = contractAddress!;
  const calls = 200;
  const blocks: bigint[] = [];
  for (let call = 0; call < calls; call++) {
    // viem's own estimate, unpadded, and exactly that much gas: what a dApp's wallet does.
    const gas = await wallet.estimateGas({ to, data: "0x" });
    const hash = await wallet.sendTransaction({ to, data: "0x", gas });
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    expect(receipt.status, `call ${call}: estimated ${gas}, used ${receipt.gasUsed}`).toBe("success");
    blocks.push(receipt.blockNumber);
  }
  // Each call in a block of its own, each block later than its parent: time moved for every one.
  expect(await testClient.getStorageAt({ address: to, slot: "0x1" })).toBe(
    `0x${calls.toString(16).padStart(64, "0")}`,
  );
  expect(new Set(blocks).size).toBe(calls);
});

test("automined blocks in a tight loop: each later than its parent, and never behind the wall clock", async ({
  testClient,
}) => {
  const start = Math.floor(Date.now() / 1000);
  const first = await testClient.getBlock();
  for (let block = 0; block < 200; block++) await testClient.mine({ blocks: 1 });
  const end = Math.floor(Date.now() / 1000);
  const mined = await Promise.all(
    Array.from({ length: 200 }, (_, at) =>
      testClient.getBlock({ blockNumber: first.number + BigInt(at + 1) }),
    ),
  );
  let parent = first.timestamp;
  for (const block of mined) {
    expect(block.timestamp).toBeGreaterThan(parent);
    parent = block.timestamp;
  }
  // A block per second of its own at most ahead (Hardhat's rule), and caught up with the clock.
  expect(Number(mined[0]!.timestamp)).toBeGreaterThanOrEqual(start - 1);
  expect(Number(parent)).toBeLessThanOrEqual(Math.max(end, Number(first.timestamp)) + 200);
});

test("evm_increaseTime and evm_setNextBlockTimestamp still set the clock", async ({ testClient }) => {
  const before = await testClient.getBlock();
  await testClient.increaseTime({ seconds: 3600 });
  await testClient.mine({ blocks: 1 });
  const later = await testClient.getBlock();
  expect(later.timestamp).toBeGreaterThanOrEqual(before.timestamp + 3600n);
  await testClient.setNextBlockTimestamp({ timestamp: later.timestamp + 100n });
  await testClient.mine({ blocks: 1 });
  expect((await testClient.getBlock()).timestamp).toBe(later.timestamp + 100n);
  await testClient.mine({ blocks: 1 });
  expect((await testClient.getBlock()).timestamp).toBe(later.timestamp + 101n);
});

test("devnet.chain describes an automining devnet: a client made from it reads each new block", async ({
  devnet,
  testClient,
}) => {
  const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
  const before = await client.getBlockNumber();
  await testClient.mine({ blocks: 1 });
  expect(await client.getBlockNumber()).toBe(before + 1n);
  expect(devnet.chain.blockTime).toBe(0);
});
