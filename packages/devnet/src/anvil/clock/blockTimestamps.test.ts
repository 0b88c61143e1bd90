import { createRequire } from "node:module";
import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  publicActions,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, describe, expect, test } from "vitest";
import { type Devnet, type StartDevnetOptions, startDevnet } from "../startDevnet.js";
import { createDevnetClock } from "./createDevnetClock.js";
import { startClockRelay } from "./startClockRelay.js";

// Uniswap V2 as published on npm: the pair writes its price accumulators only when the block's
// timestamp moved since its last update, so a swap estimated "in the same second" needs less gas.
const require = createRequire(import.meta.url);
type Artifact = { abi: Abi; bytecode: Hex };
const load = (name: string): Artifact => {
  const artifact = require(`@uniswap/v2-core/build/${name}.json`) as { abi: Abi; bytecode: string };
  return { abi: artifact.abi, bytecode: `0x${artifact.bytecode.replace(/^0x/, "")}` };
};
const factoryArtifact = load("UniswapV2Factory");
const pairArtifact = load("UniswapV2Pair");
const tokenArtifact = load("ERC20");

const devnets: Devnet[] = [];
afterAll(async () => {
  await Promise.all(devnets.splice(0).map((devnet) => devnet.stop()));
});
async function start(options: StartDevnetOptions = {}): Promise<Devnet> {
  const devnet = await startDevnet({ port: 0, blockTime: 0, ...options });
  devnets.push(devnet);
  return devnet;
}

function clients(devnet: { rpcUrl: string; chain: Devnet["chain"] }, privateKey: Hex) {
  const account = privateKeyToAccount(privateKey);
  const transport = http(devnet.rpcUrl);
  return {
    account,
    wallet: createWalletClient({ account, chain: devnet.chain, transport }).extend(publicActions),
    test: createTestClient({ mode: "anvil", chain: devnet.chain, transport, cacheTime: 0 }).extend(
      publicActions,
    ),
  };
}

/** Two tokens, their pair, and liquidity in it: what a Uniswap V2 suite's fixture deploys. */
async function deployPair(devnet: Devnet, privateKey: Hex) {
  const { account, wallet } = clients(devnet, privateKey);
  const deploy = async (artifact: Artifact, args: unknown[]) => {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args });
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    return receipt.contractAddress as Address;
  };
  const tokenA = await deploy(tokenArtifact, [10n ** 30n]);
  const tokenB = await deploy(tokenArtifact, [10n ** 30n]);
  const factory = await deploy(factoryArtifact, [account.address]);
  const write = async (address: Address, abi: Abi, functionName: string, args: unknown[]) => {
    const hash = await wallet.writeContract({ address, abi, functionName, args } as never);
    const receipt = await wallet.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
  };
  await write(factory, factoryArtifact.abi, "createPair", [tokenA, tokenB]);
  const pair = (await wallet.readContract({
    address: factory,
    abi: factoryArtifact.abi,
    functionName: "getPair",
    args: [tokenA, tokenB],
  })) as Address;
  const token0 = (await wallet.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: "token0",
  })) as Address;
  const liquidity = 10n ** 24n;
  await write(tokenA, tokenArtifact.abi, "transfer", [pair, liquidity]);
  await write(tokenB, tokenArtifact.abi, "transfer", [pair, liquidity]);
  await write(pair, pairArtifact.abi, "mint", [account.address]);
  return { account, wallet, pair, token0, write };
}

/**
 * One swap as a script written against viem does it: the input sent to the pair, then `swap`
 * estimated with `eth_estimateGas` and sent with exactly that estimate as its gas limit.
 */
async function swapWithRawEstimate(setup: Awaited<ReturnType<typeof deployPair>>) {
  const { wallet, pair, token0, write, account } = setup;
  const amountIn = 10n ** 18n;
  const [reserve0, reserve1] = (await wallet.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: "getReserves",
  })) as [bigint, bigint, number];
  const amountOut = (amountIn * 997n * reserve1) / (reserve0 * 1000n + amountIn * 997n);
  await write(token0, tokenArtifact.abi, "transfer", [pair, amountIn]);
  const data = encodeFunctionData({
    abi: pairArtifact.abi,
    functionName: "swap",
    args: [0n, amountOut, account.address, "0x"],
  });
  const gas = await wallet.estimateGas({ account, to: pair, data });
  const hash = await wallet.sendTransaction({ to: pair, data, gas });
  const receipt = await wallet.waitForTransactionReceipt({ hash });
  const accumulator = (await wallet.readContract({
    address: pair,
    abi: pairArtifact.abi,
    functionName: "price0CumulativeLast",
    blockNumber: receipt.blockNumber,
  })) as bigint;
  return { receipt, gas, accumulator };
}

const key = (devnet: Devnet, index: number) => devnet.accounts[index]?.privateKey as Hex;

describe("block timestamps", () => {
  test("a Uniswap V2 swap sent with its raw gas estimate succeeds swap after swap, each a new second for the pair", async () => {
    const devnet = await start();
    const setup = await deployPair(devnet, key(devnet, 1));
    let accumulator = 0n;
    let parent = (await setup.wallet.getBlock()).timestamp;
    for (let swap = 0; swap < 30; swap++) {
      const result = await swapWithRawEstimate(setup);
      expect(result.receipt.status).toBe("success");
      // The pair saw time move: its price accumulator was written, as on a real chain.
      expect(result.accumulator).toBeGreaterThan(accumulator);
      accumulator = result.accumulator;
      const block = await setup.wallet.getBlock({ blockNumber: result.receipt.blockNumber });
      expect(block.timestamp).toBeGreaterThan(parent);
      parent = block.timestamp;
    }
  });

  test("at a block time, a swap estimated between blocks holds in the block that mines it", async () => {
    const devnet = await start({ blockTime: 1, automineFirst: true });
    const setup = await deployPair(devnet, key(devnet, 1));
    await devnet.useBlockTime();
    for (let swap = 0; swap < 3; swap++) {
      const result = await swapWithRawEstimate(setup);
      expect(result.receipt.status).toBe("success");
      expect(result.receipt.gasUsed).toBeLessThanOrEqual(result.gas);
    }
  });

  test("a burst of blocks gets strictly increasing timestamps, and the first is not behind the wall clock", async () => {
    const devnet = await start();
    const { test: client, account, wallet } = clients(devnet, key(devnet, 2));
    const before = BigInt(Math.floor(Date.now() / 1000));
    const head = await client.getBlockNumber();
    const nonce = await client.getTransactionCount({ address: account.address });
    const sends = Array.from({ length: 40 }, (_, index) =>
      wallet.sendTransaction({ to: account.address, value: 1n, nonce: nonce + index, gas: 21_000n }),
    );
    await Promise.all(sends);
    await client.mine({ blocks: 20 });
    const last = await client.getBlockNumber();
    // Sends that reach anvil ahead of their nonce wait in its pool and share a later block.
    expect(last).toBeGreaterThanOrEqual(head + 21n);
    const stamps: bigint[] = [];
    for (let number = head + 1n; number <= last; number++) {
      stamps.push((await client.getBlock({ blockNumber: number })).timestamp);
    }
    expect(stamps[0]).toBeGreaterThanOrEqual(before);
    for (let index = 1; index < stamps.length; index++) {
      expect(stamps[index]).toBeGreaterThan(stamps[index - 1] as bigint);
    }
  });

  test("evm_increaseTime after a revert moves the chain by the travelled amount", async () => {
    const devnet = await start();
    const { test: client } = clients(devnet, key(devnet, 3));
    await client.mine({ blocks: 30 }); // ahead of the wall clock by a second a block
    const snapshot = await client.snapshot();
    await client.increaseTime({ seconds: 600 });
    await client.mine({ blocks: 1 });
    await client.revert({ id: snapshot });
    const restored = (await client.getBlock()).timestamp;
    await client.increaseTime({ seconds: 3600 });
    await client.mine({ blocks: 1 });
    const travelled = (await client.getBlock()).timestamp - restored;
    expect(travelled).toBeGreaterThanOrEqual(3600n);
    expect(travelled).toBeLessThanOrEqual(3601n);
  });

  test("a timestamp the user sets for the next block is the one it gets, and the chain goes on from it", async () => {
    const devnet = await start();
    const { test: client, wallet, account } = clients(devnet, key(devnet, 4));
    const latest = (await client.getBlock()).timestamp;
    await client.setNextBlockTimestamp({ timestamp: latest + 1000n });
    // Calls that read the next block in between leave it alone.
    await wallet.estimateGas({ account, to: account.address, value: 1n });
    await wallet.call({ account, to: account.address });
    await client.mine({ blocks: 1 });
    expect((await client.getBlock()).timestamp).toBe(latest + 1000n);
    await client.mine({ blocks: 1 });
    const next = (await client.getBlock()).timestamp;
    expect(next).toBeGreaterThan(latest + 1000n);
    expect(next).toBeLessThanOrEqual(latest + 1002n);
  });

  test("anvil_mine's interval spaces the blocks it mines", async () => {
    const devnet = await start();
    const { test: client } = clients(devnet, key(devnet, 5));
    const before = await client.getBlock();
    await client.mine({ blocks: 10, interval: 12 });
    const last = await client.getBlock();
    expect(last.number).toBe(before.number + 10n);
    expect(last.timestamp - before.timestamp).toBe(120n);
    await client.mine({ blocks: 1 });
    expect((await client.getBlock()).timestamp).toBe(last.timestamp + 1n);
  });

  test("devnet.chain says the mode it mines in: 0 automining, the block time once at it", async () => {
    const automining = await start();
    expect(automining.chain.blockTime).toBe(0);
    const client = createPublicClient({ chain: automining.chain, transport: http(automining.rpcUrl) });
    expect(client.cacheTime).toBe(0);
    const switching = await start({ blockTime: 2, automineFirst: true });
    expect(switching.chain.blockTime).toBe(0);
    await switching.useBlockTime();
    expect(switching.chain.blockTime).toBe(2_000);
  });

  test("over WebSocket, evm_increaseTime moves the chain and blocks stay strictly increasing", async () => {
    const devnet = await start();
    const { webSocket } = await import("viem");
    const client = createTestClient({
      mode: "anvil",
      chain: devnet.chain,
      transport: webSocket(devnet.wsUrl),
    }).extend(publicActions);
    try {
      await client.mine({ blocks: 5 });
      const before = (await client.getBlock()).timestamp;
      await client.increaseTime({ seconds: 500 });
      await client.mine({ blocks: 1 });
      const after = (await client.getBlock()).timestamp;
      expect(after - before).toBeGreaterThanOrEqual(500n);
      expect(after - before).toBeLessThanOrEqual(501n);
      await client.mine({ blocks: 3 });
      expect((await client.getBlock()).timestamp).toBe(after + 3n);
    } finally {
      await (await client.transport.getRpcClient()).close();
    }
  });
});

describe("the clock against a wall clock it is told", () => {
  /** anvil alone (no clock), and a clock + relay in front of it whose wall clock the test moves. */
  async function clockedAnvil() {
    const anvil = await start({ clock: false });
    const request = async <T>(method: string, params: unknown[]): Promise<T> => {
      const response = await fetch(anvil.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      const body = (await response.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(body.error.message);
      return body.result as T;
    };
    await request("anvil_setBlockTimestampInterval", [1]);
    const wall = { skew: 0 };
    const clock = createDevnetClock({
      rpc: request,
      interval: 1,
      automine: true,
      now: () => Date.now() + wall.skew,
    });
    const relay = await startClockRelay({
      host: "127.0.0.1",
      port: 0,
      target: { host: "127.0.0.1", port: anvil.port },
      clock,
      rpc: request,
    });
    const url = `http://127.0.0.1:${relay.port}`;
    const client = createTestClient({
      mode: "anvil",
      chain: anvil.chain,
      transport: http(url),
      cacheTime: 0,
    }).extend(publicActions);
    return { client, wall, relay };
  }

  test("after a quiet hour the next block is at the wall clock, not its parent + 1", async () => {
    const { client, wall, relay } = await clockedAnvil();
    try {
      await client.mine({ blocks: 1 });
      const parent = (await client.getBlock()).timestamp;
      wall.skew = 3_600_000;
      const wallNow = BigInt(Math.floor((Date.now() + wall.skew) / 1000));
      await client.mine({ blocks: 1 });
      const next = (await client.getBlock()).timestamp;
      expect(next - parent).toBeGreaterThan(3500n);
      expect(next).toBeGreaterThanOrEqual(wallNow);
      expect(next).toBeLessThanOrEqual(wallNow + 1n);
    } finally {
      await relay.close();
    }
  });

  test("a revert minutes later: timeTravel moves the restored chain by the travelled amount, not to the wall clock", async () => {
    const { client, wall, relay } = await clockedAnvil();
    try {
      await client.mine({ blocks: 1 });
      const snapshot = await client.snapshot();
      await client.mine({ blocks: 5 });
      wall.skew = 5 * 60_000; // the test's minutes go by
      await client.revert({ id: snapshot });
      const restored = (await client.getBlock()).timestamp;
      await client.increaseTime({ seconds: 3600 });
      await client.mine({ blocks: 1 });
      const travelled = (await client.getBlock()).timestamp - restored;
      expect(travelled).toBeGreaterThanOrEqual(3600n);
      expect(travelled).toBeLessThanOrEqual(3601n);
    } finally {
      await relay.close();
    }
  });
});
