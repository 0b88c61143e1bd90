import { type Address, encodeDeployData, encodeFunctionData, maxUint256 } from "viem";
import {
  devNftAbi,
  devNftBytecode,
  lendingPoolAbi,
  lendingPoolBytecode,
  priceFeedAdapterAbi,
  priceFeedAdapterBytecode,
  priceOracleAbi,
  priceOracleBytecode,
  testTokenAbi,
  testTokenBytecode,
} from "./generated.js";
import type { PlatformAsset, PlatformContractAddresses } from "./platformContracts.js";
import type { ResolvedDeployOptions } from "./resolveDeployOptions.js";
import type { DeploymentStep } from "./sendDeployment.js";

/** The contracts deployed first, in this order: those whose constructors point at no other. */
export const TOKEN_STEP_ORDER = ["priceOracle", "platformToken", "usdc", "dai", "devNft"] as const;

/** The assets with a feed, listed in the pool and funded, in this order. */
export const FEED_ORDER = ["eth", "platformToken", "usdc", "dai"] as const satisfies readonly PlatformAsset[];

// Gas limits of the wiring calls, about twice what they use (see docs/gas-report.md). They cannot
// be estimated: the contracts they call are not mined yet when they are sent.
const callGas = {
  updatePrices: 500_000n,
  grantUpdater: 100_000n,
  listAsset: 250_000n,
  approve: 100_000n,
  addLiquidity: 200_000n,
} as const;

/** Each asset's symbol, as its feed's description and the steps' names say it. */
export function assetSymbols(config: ResolvedDeployOptions): Record<PlatformAsset, string> {
  return { eth: "ETH", platformToken: config.platformToken.symbol, usdc: "USDC", dai: "DAI" };
}

/** The first batch: the contracts of {@link TOKEN_STEP_ORDER}, in that order. */
export function tokenSteps(config: ResolvedDeployOptions): DeploymentStep[] {
  const token = (name: string, symbol: string, decimals: number, supply: bigint) =>
    encodeDeployData({
      abi: testTokenAbi,
      bytecode: testTokenBytecode,
      args: [name, symbol, decimals, supply],
    });
  const { name, symbol, initialSupply } = config.platformToken;
  return [
    {
      step: "deploy PriceOracle",
      to: null,
      data: encodeDeployData({ abi: priceOracleAbi, bytecode: priceOracleBytecode }),
    },
    { step: `deploy ${symbol}`, to: null, data: token(name, symbol, 18, initialSupply) },
    { step: "deploy USDC", to: null, data: token("USD Coin", "USDC", 6, config.liquidity.usdc) },
    { step: "deploy DAI", to: null, data: token("Dai Stablecoin", "DAI", 18, config.liquidity.dai) },
    { step: "deploy DevNFT", to: null, data: encodeDeployData({ abi: devNftAbi, bytecode: devNftBytecode }) },
  ];
}

/** The second batch, which needs the first's addresses: the LendingPool, then a feed per asset of {@link FEED_ORDER}. */
export function poolSteps(
  config: ResolvedDeployOptions,
  priceOracle: Address,
  assets: Record<PlatformAsset, Address>,
): DeploymentStep[] {
  const symbols = assetSymbols(config);
  return [
    {
      step: "deploy LendingPool",
      to: null,
      data: encodeDeployData({ abi: lendingPoolAbi, bytecode: lendingPoolBytecode, args: [priceOracle] }),
    },
    ...FEED_ORDER.map((asset) => ({
      step: `deploy ${symbols[asset]} / USD feed`,
      to: null,
      data: encodeDeployData({
        abi: priceFeedAdapterAbi,
        bytecode: priceFeedAdapterBytecode,
        args: [priceOracle, assets[asset], `${symbols[asset]} / USD`],
      }),
    })),
  ];
}

/**
 * The wiring, once every contract has its address: the initial prices, the updaters, each asset
 * listed in the pool, then each asset's liquidity (approved first, for a token).
 */
export function wiringSteps(
  config: ResolvedDeployOptions,
  addresses: PlatformContractAddresses,
  assets: Record<PlatformAsset, Address>,
): DeploymentStep[] {
  const symbols = assetSymbols(config);
  const steps: DeploymentStep[] = [];
  const oracle = (step: string, gas: bigint, data: `0x${string}`) =>
    steps.push({ step, to: addresses.priceOracle, data, gas });
  const pool = (step: string, gas: bigint, data: `0x${string}`, value?: bigint) =>
    steps.push({ step, to: addresses.lendingPool, data, gas, ...(value ? { value } : {}) });

  const prices = config.initialPrices;
  const priced = prices ? FEED_ORDER.filter((asset) => prices[asset] !== undefined) : [];
  if (prices && priced.length > 0) {
    const args = [
      priced.map((asset) => assets[asset]),
      priced.map((asset) => prices[asset] as bigint),
    ] as const;
    oracle(
      "set initial prices",
      callGas.updatePrices,
      encodeFunctionData({ abi: priceOracleAbi, functionName: "updatePrices", args }),
    );
  }
  for (const updater of config.updaters) {
    oracle(
      `grant updater ${updater}`,
      callGas.grantUpdater,
      encodeFunctionData({ abi: priceOracleAbi, functionName: "grantUpdater", args: [updater] }),
    );
  }
  for (const asset of FEED_ORDER) {
    pool(
      `list ${symbols[asset]}`,
      callGas.listAsset,
      encodeFunctionData({ abi: lendingPoolAbi, functionName: "listAsset", args: [assets[asset]] }),
    );
  }
  for (const asset of FEED_ORDER) {
    const amount = config.liquidity[asset];
    if (amount === 0n) continue;
    if (asset !== "eth") {
      steps.push({
        step: `approve ${symbols[asset]} for the pool`,
        to: assets[asset],
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "approve",
          args: [addresses.lendingPool, maxUint256],
        }),
        gas: callGas.approve,
      });
    }
    pool(
      `add ${symbols[asset]} liquidity`,
      callGas.addLiquidity,
      encodeFunctionData({
        abi: lendingPoolAbi,
        functionName: "addLiquidity",
        args: [assets[asset], amount],
      }),
      asset === "eth" ? amount : undefined,
    );
  }
  return steps;
}
