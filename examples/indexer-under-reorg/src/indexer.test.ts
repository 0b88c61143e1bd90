import { useDevnet } from "@privnet/devnet/vitest";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  type Hash,
  http,
  type PublicClient,
  parseUnits,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { expect, test } from "vitest";
import { startNaiveIndexer } from "./naiveIndexer.js";
import { startReorgAwareIndexer } from "./reorgAwareIndexer.js";
import { tinyTokenAbi, tinyTokenBytecode } from "./tinyToken.js";
import type { TransferIndexer } from "./transferEvent.js";

const devnet = useDevnet();
const alice = getAddress("0x00000000000000000000000000000000000a11ce");
const bob = getAddress("0x0000000000000000000000000000000000000b0b");

/**
 * The story both tests tell: a token, an indexer following it, a transfer to alice, two more
 * blocks, then a reorganisation of the last three blocks whose new branch leaves alice's transfer
 * out. A transfer to bob comes after it; the test waits until the indexer has taken in bob's
 * block and compares its balances with the token's own.
 */
async function transferDroppedByReorg(
  start: (client: PublicClient, token: Address, fromBlock: bigint) => TransferIndexer,
) {
  const [deployer] = devnet.accounts;
  if (!deployer) throw new Error("no prefunded account");
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployer.privateKey),
    chain: devnet.chain,
    transport: http(devnet.rpcUrl),
  }).extend(publicActions);
  const client: PublicClient = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });

  const deployment = await wallet.deployContract({
    abi: tinyTokenAbi,
    bytecode: tinyTokenBytecode,
    args: [parseUnits("1000", 18)],
  });
  const { contractAddress: token, blockNumber: deployedIn } = await wallet.waitForTransactionReceipt({
    hash: deployment,
  });
  if (!token) throw new Error("the token was not deployed");
  const indexer = start(client, token, deployedIn);
  const send = async (to: Address, amount: string): Promise<{ hash: Hash; blockNumber: bigint }> => {
    const hash = await wallet.writeContract({
      address: token,
      abi: tinyTokenAbi,
      functionName: "transfer",
      args: [to, parseUnits(amount, 18)],
    });
    const { blockNumber } = await wallet.waitForTransactionReceipt({ hash });
    return { hash, blockNumber };
  };
  try {
    const toAlice = await send(alice, "25");
    await indexer.waitFor(toAlice.blockNumber);
    expect(indexer.balanceOf(alice)).toBe(parseUnits("25", 18));
    await devnet.request("evm_mine");
    await devnet.request("evm_mine");

    const reorg = await devnet.faults.reorg({ depth: 3, drop: [toAlice.hash] });
    expect(reorg.dropped).toEqual([toAlice.hash]);
    const toBob = await send(bob, "10");
    await indexer.waitFor(toBob.blockNumber);

    const balanceOf = (owner: Address) =>
      client.readContract({ address: token, abi: tinyTokenAbi, functionName: "balanceOf", args: [owner] });
    return {
      indexed: { alice: indexer.balanceOf(alice), bob: indexer.balanceOf(bob) },
      chain: { alice: await balanceOf(alice), bob: await balanceOf(bob) },
    };
  } finally {
    indexer.stop();
  }
}

test("the naive indexer still counts the transfer the reorganisation dropped (the bug it has)", async () => {
  const result = await transferDroppedByReorg((client, token, fromBlock) =>
    startNaiveIndexer(client, token, { fromBlock, pollingInterval: 50 }),
  );
  // The token says alice never got anything; the naive indexer says she has 25.
  expect(result.chain).toEqual({ alice: 0n, bob: parseUnits("10", 18) });
  expect(result.indexed).toEqual({ alice: parseUnits("25", 18), bob: parseUnits("10", 18) });
});

test("the reorg-aware indexer takes the dropped transfer back: its balances are the token's", async () => {
  const errors: unknown[] = [];
  const result = await transferDroppedByReorg((client, token, fromBlock) =>
    startReorgAwareIndexer(client, token, { fromBlock, pollingInterval: 50, onError: (e) => errors.push(e) }),
  );
  expect(result.indexed).toEqual(result.chain);
  expect(result.chain).toEqual({ alice: 0n, bob: parseUnits("10", 18) });
  expect(errors).toEqual([]);
});
