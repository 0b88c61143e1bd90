import { type Devnet, startDevnet } from "@privnet/devnet";
import { useDevnet } from "@privnet/devnet/vitest";
import {
  createPublicClient,
  createWalletClient,
  custom,
  getAddress,
  type Hex,
  http,
  maxUint256,
  parseEther,
  parseTransaction,
  parseUnits,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { isPrivnetError } from "../errors/PrivnetError.js";
import { deployPlatformContracts } from "./deployPlatformContracts.js";
import { devNftAbi, lendingPoolAbi, priceFeedAdapterAbi, priceOracleAbi, testTokenAbi } from "./generated.js";
import { NATIVE_ETH_ADDRESS } from "./platformContracts.js";

const devnet = useDevnet();

function walletFor(rpcUrl: string, privateKey: `0x${string}`, chain = devnet.chain) {
  return createWalletClient({
    account: privateKeyToAccount(privateKey),
    chain,
    transport: http(rpcUrl),
    pollingInterval: 50,
  });
}

describe("deployPlatformContracts", () => {
  test("deploys every contract and wires oracle, pool, tokens, feeds and liquidity", async () => {
    const deployer = devnet.accounts[1]!;
    const updater = devnet.accounts[2]!.address;
    const wallet = walletFor(devnet.rpcUrl, deployer.privateKey);
    const { addresses, chainId, transactions, ...rest } = await deployPlatformContracts(wallet, {
      updaters: [updater],
    });
    expect(rest.deployer).toBe(deployer.address);
    expect(chainId).toBe(3151908);
    expect(transactions.map((transaction) => transaction.step)).toEqual([
      "deploy PriceOracle",
      "deploy PRIV",
      "deploy USDC",
      "deploy DAI",
      "deploy DevNFT",
      "deploy LendingPool",
      "deploy ETH / USD feed",
      "deploy PRIV / USD feed",
      "deploy USDC / USD feed",
      "deploy DAI / USD feed",
      "set initial prices",
      `grant updater ${updater}`,
      "list ETH",
      "list PRIV",
      "list USDC",
      "list DAI",
      "add ETH liquidity",
      "approve PRIV for the pool",
      "add PRIV liquidity",
      "approve USDC for the pool",
      "add USDC liquidity",
      "approve DAI for the pool",
      "add DAI liquidity",
    ]);

    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const read = (
      address: `0x${string}`,
      abi: readonly unknown[],
      functionName: string,
      args: unknown[] = [],
    ) => client.readContract({ address, abi, functionName, args } as never) as Promise<unknown>;

    const tokens = [
      [addresses.platformToken, "Privnet Token", "PRIV", 18],
      [addresses.usdc, "USD Coin", "USDC", 6],
      [addresses.dai, "Dai Stablecoin", "DAI", 18],
    ] as const;
    for (const [token, name, symbol, decimals] of tokens) {
      expect([await read(token, testTokenAbi, "name"), await read(token, testTokenAbi, "symbol")]).toEqual([
        name,
        symbol,
      ]);
      expect(await read(token, testTokenAbi, "decimals")).toBe(decimals);
      expect(await read(token, testTokenAbi, "owner")).toBe(deployer.address);
      expect(await read(token, testTokenAbi, "allowance", [deployer.address, addresses.lendingPool])).toBe(
        maxUint256,
      );
    }
    expect(await read(addresses.platformToken, testTokenAbi, "totalSupply")).toBe(parseEther("1000000"));
    expect(await read(addresses.devNft, devNftAbi, "owner")).toBe(deployer.address);

    expect(await read(addresses.lendingPool, lendingPoolAbi, "oracle")).toBe(addresses.priceOracle);
    const assets = [NATIVE_ETH_ADDRESS, addresses.platformToken, addresses.usdc, addresses.dai];
    expect(await read(addresses.lendingPool, lendingPoolAbi, "listedAssets")).toEqual(
      assets.map((a) => getAddress(a)),
    );
    const liquidity = await Promise.all(
      assets.map((asset) => read(addresses.lendingPool, lendingPoolAbi, "liquidityOf", [asset])),
    );
    expect(liquidity).toEqual([
      parseEther("1000"),
      parseEther("100000"),
      parseUnits("1000000", 6),
      parseEther("1000000"),
    ]);

    expect(await read(addresses.priceOracle, priceOracleAbi, "getPrices", [assets])).toEqual([
      parseEther("2000"),
      parseEther("1"),
      parseEther("1"),
      parseEther("1"),
    ]);
    expect(await read(addresses.priceOracle, priceOracleAbi, "isUpdater", [updater])).toBe(true);
    expect(await read(addresses.priceFeeds.eth, priceFeedAdapterAbi, "description")).toBe("ETH / USD");
    const [, answer] = (await read(
      addresses.priceFeeds.eth,
      priceFeedAdapterAbi,
      "latestRoundData",
    )) as bigint[];
    expect(answer).toBe(2000_00000000n);
    expect(await read(addresses.priceFeeds.usdc, priceFeedAdapterAbi, "token")).toBe(addresses.usdc);
  });

  test("options: the platform token's symbol, no initial prices, no liquidity", async () => {
    const wallet = walletFor(devnet.rpcUrl, devnet.accounts[1]!.privateKey);
    const { addresses, transactions } = await deployPlatformContracts(wallet, {
      platformToken: { name: "Test Coin", symbol: "TST", initialSupply: 5n },
      initialPrices: false,
      liquidity: { eth: 0n, platformToken: 0n, usdc: 0n, dai: 0n },
    });
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    expect(
      await client.readContract({
        address: addresses.platformToken,
        abi: testTokenAbi,
        functionName: "symbol",
      }),
    ).toBe("TST");
    expect(
      await client.readContract({ address: addresses.usdc, abi: testTokenAbi, functionName: "totalSupply" }),
    ).toBe(0n);
    expect(
      await client.readContract({
        address: addresses.priceOracle,
        abi: priceOracleAbi,
        functionName: "getPriceInfo",
        args: [NATIVE_ETH_ADDRESS],
      }),
    ).toEqual([0n, 0n, true]);
    expect(
      transactions.map((transaction) => transaction.step).filter((step) => !step.startsWith("deploy")),
    ).toEqual(["list ETH", "list TST", "list USDC", "list DAI"]);
  });

  test("bad options are INVALID_OPTIONS before anything is sent", async () => {
    const wallet = walletFor(devnet.rpcUrl, devnet.accounts[1]!.privateKey);
    const client = createPublicClient({ chain: devnet.chain, transport: http(devnet.rpcUrl) });
    const nonce = await client.getTransactionCount({ address: wallet.account.address });
    for (const options of [
      { platformToken: { symbol: "" } },
      { platformToken: { symbol: "NOT A SYMBOL" } },
      { initialPrices: { eth: 0n } },
      { liquidity: { usdc: -1n } },
      { platformToken: { initialSupply: 10n }, liquidity: { platformToken: 11n } },
      { updaters: ["0x1234" as `0x${string}`] },
    ]) {
      const error = await deployPlatformContracts(wallet, options).catch((caught: unknown) => caught);
      expect(
        isPrivnetError(error, "INVALID_OPTIONS"),
        `${JSON.stringify(options, (_, v) => String(v))}`,
      ).toBe(true);
    }
    expect(await client.getTransactionCount({ address: wallet.account.address })).toBe(nonce);
  });

  test("an account without funds fails with CONTRACT_DEPLOYMENT_FAILED naming the step", async () => {
    const wallet = walletFor(devnet.rpcUrl, generatePrivateKey());
    const error = await deployPlatformContracts(wallet).catch((caught: unknown) => caught);
    expect(isPrivnetError(error, "CONTRACT_DEPLOYMENT_FAILED")).toBe(true);
    expect((error as { step: string }).step).toBe("deploy PriceOracle");
  });

  test("the deployer's transactions reach the node one at a time, in nonce order", async () => {
    // anvil 1.7.1 can strand a transaction that overtook the one below its nonce (sendDeployment.ts).
    const base = http(devnet.rpcUrl)({ chain: devnet.chain });
    const nonces: number[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const wallet = createWalletClient({
      account: privateKeyToAccount(devnet.accounts[1]!.privateKey),
      chain: devnet.chain,
      pollingInterval: 50,
      transport: custom({
        async request({ method, params }) {
          if (method !== "eth_sendRawTransaction") return base.request({ method, params });
          nonces.push(parseTransaction((params as [Hex])[0]).nonce as number);
          mostInFlight = Math.max(mostInFlight, ++inFlight);
          try {
            return await base.request({ method, params });
          } finally {
            inFlight--;
          }
        },
      }),
    });
    const { transactions } = await deployPlatformContracts(wallet);
    expect(nonces).toHaveLength(transactions.length);
    expect(nonces).toEqual(nonces.map((_, index) => (nonces[0] as number) + index));
    expect(mostInFlight).toBe(1);
  });
});

describe("deployPlatformContracts on a devnet with 2 s blocks", () => {
  let chain: Devnet;

  beforeAll(async () => {
    chain = await startDevnet({ port: 0, blockTime: 2 });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  test("every transaction lands within two blocks of the start", async () => {
    const wallet = walletFor(chain.rpcUrl, chain.accounts[1]!.privateKey, chain.chain);
    const client = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
    const start = await client.getBlockNumber();
    const { transactions } = await deployPlatformContracts(wallet);
    const blocks = [...new Set(transactions.map((transaction) => transaction.blockNumber))];
    expect(transactions).toHaveLength(22);
    expect(Math.max(...blocks.map(Number))).toBeLessThanOrEqual(Number(start) + 2);
    expect(blocks.length).toBeLessThanOrEqual(2);
  });
});
