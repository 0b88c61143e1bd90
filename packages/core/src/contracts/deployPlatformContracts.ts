import {
  type Account,
  type Address,
  type Chain,
  type Client,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  isAddress,
  maxUint256,
  parseEther,
  parseUnits,
  type Transport,
} from "viem";
import {
  estimateGas,
  getBlock,
  getChainId,
  getTransactionCount,
  getTransactionReceipt,
  sendTransaction,
  waitForTransactionReceipt,
} from "viem/actions";
import { ContractDeploymentFailedError } from "../errors/contracts.js";
import { InvalidOptionsError } from "../errors/platform.js";
import { transactionFees } from "../fees/feePolicy.js";
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
import {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
  type PlatformContractBlocks,
} from "./platformContracts.js";

/** A viem client that can sign: a wallet client with an account. */
export type DeployerClient = Client<Transport, Chain | undefined, Account>;

export type DeployPlatformContractsOptions = {
  /** The platform's ERC20. Default: "Privnet Token", "PRIV", 1,000,000 tokens (18 decimals) to the deployer. */
  platformToken?: { name?: string; symbol?: string; initialSupply?: bigint };
  /**
   * Prices written to the oracle at deploy (USD × 1e18), so the pool works at once. Default: ETH
   * 2000, platform token 1, USDC 1, DAI 1. `false` writes none.
   */
  initialPrices?: false | Partial<Record<PlatformAsset, bigint>>;
  /**
   * What the lending pool may lend, in each asset's smallest unit, funded by the deployer. USDC and
   * DAI are minted for it. Default: 1,000 ETH, 100,000 platform tokens, 1,000,000 USDC, 1,000,000 DAI.
   */
  liquidity?: Partial<Record<PlatformAsset, bigint>>;
  /** Accounts granted the oracle's updater right (e.g. the price simulator's key). Default: none. */
  updaters?: readonly Address[];
};

export type DeploymentTransaction = { step: string; hash: Hash; blockNumber: bigint; gasUsed: bigint };

export type DeployPlatformContractsReturnType = {
  addresses: PlatformContractAddresses;
  /** The block that included each contract's deployment (one or two blocks, or one each when automining). */
  blockNumbers: PlatformContractBlocks;
  /** The account that deployed, and owns, every contract. */
  deployer: Address;
  chainId: number;
  /** Every transaction sent, in nonce order, with the block that included it. */
  transactions: DeploymentTransaction[];
};

export const DEFAULT_INITIAL_PRICES: Record<PlatformAsset, bigint> = {
  eth: parseEther("2000"),
  platformToken: parseEther("1"),
  usdc: parseEther("1"),
  dai: parseEther("1"),
};

export const DEFAULT_LIQUIDITY: Record<PlatformAsset, bigint> = {
  eth: parseEther("1000"),
  platformToken: parseEther("100000"),
  usdc: parseUnits("1000000", 6),
  dai: parseEther("1000000"),
};

// Gas limits of the wiring calls, about twice what they use (see docs/gas-report.md). They cannot
// be estimated: the contracts they call are not mined yet when they are sent.
const callGas = {
  updatePrices: 500_000n,
  grantUpdater: 100_000n,
  listAsset: 250_000n,
  approve: 100_000n,
  addLiquidity: 200_000n,
} as const;

type Step = { step: string; to: Address | null; data: Hex; value?: bigint; gas?: bigint };

/**
 * Deploys privnet's contracts — PriceOracle, the platform token, USDC (6 decimals), DAI (18),
 * DevNFT, LendingPool and a Chainlink-style feed per asset — and wires them: initial prices,
 * updaters, the pool's assets and its liquidity. Every transaction is sent at once with
 * consecutive nonces and only then awaited, so the whole deployment lands in one or two blocks.
 * The wallet client's account owns everything.
 *
 * Fails with `INVALID_OPTIONS` before sending anything when an option is wrong, and with
 * `CONTRACT_DEPLOYMENT_FAILED` when a transaction cannot be sent or reverts.
 *
 * @example
 * import { createWalletClient, http } from "viem";
 * import { privateKeyToAccount } from "viem/accounts";
 * import { deployPlatformContracts } from "@privnet/core/contracts";
 * const walletClient = createWalletClient({ account: privateKeyToAccount(key), chain: privnet, transport: http(url) });
 * const { addresses } = await deployPlatformContracts(walletClient);
 * console.log(addresses.lendingPool);
 */
export async function deployPlatformContracts(
  walletClient: DeployerClient,
  options: DeployPlatformContractsOptions = {},
): Promise<DeployPlatformContractsReturnType> {
  const account = walletClient.account as Account | undefined;
  if (!account)
    throw new InvalidOptionsError("deployPlatformContracts needs a wallet client with an account.");
  const config = resolveOptions(options);
  const deployer = account.address;

  const [chainId, nonce, block] = await Promise.all([
    getChainId(walletClient),
    getTransactionCount(walletClient, { address: deployer, blockTag: "pending" }),
    getBlock(walletClient, { blockTag: "latest" }),
  ]);
  const addressAt = (offset: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce + offset) });

  // Deployments first, in this order, so that each address follows from the deployer's nonce.
  const order = ["priceOracle", "platformToken", "usdc", "dai", "devNft", "lendingPool"] as const;
  const feedOrder = ["eth", "platformToken", "usdc", "dai"] as const satisfies readonly PlatformAsset[];
  const at = Object.fromEntries(order.map((name, index) => [name, addressAt(index)])) as Record<
    (typeof order)[number],
    Address
  >;
  const addresses: PlatformContractAddresses = {
    ...at,
    priceFeeds: Object.fromEntries(
      feedOrder.map((asset, index) => [asset, addressAt(order.length + index)]),
    ) as Record<PlatformAsset, Address>,
  };
  const assetAddress: Record<PlatformAsset, Address> = {
    eth: NATIVE_ETH_ADDRESS,
    platformToken: addresses.platformToken,
    usdc: addresses.usdc,
    dai: addresses.dai,
  };
  const symbols: Record<PlatformAsset, string> = {
    eth: "ETH",
    platformToken: config.platformToken.symbol,
    usdc: "USDC",
    dai: "DAI",
  };

  const deploySteps: Step[] = [
    {
      step: "deploy PriceOracle",
      to: null,
      data: encodeDeployData({ abi: priceOracleAbi, bytecode: priceOracleBytecode }),
    },
    {
      step: `deploy ${config.platformToken.symbol}`,
      to: null,
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: [
          config.platformToken.name,
          config.platformToken.symbol,
          18,
          config.platformToken.initialSupply,
        ],
      }),
    },
    {
      step: "deploy USDC",
      to: null,
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["USD Coin", "USDC", 6, config.liquidity.usdc],
      }),
    },
    {
      step: "deploy DAI",
      to: null,
      data: encodeDeployData({
        abi: testTokenAbi,
        bytecode: testTokenBytecode,
        args: ["Dai Stablecoin", "DAI", 18, config.liquidity.dai],
      }),
    },
    { step: "deploy DevNFT", to: null, data: encodeDeployData({ abi: devNftAbi, bytecode: devNftBytecode }) },
    {
      step: "deploy LendingPool",
      to: null,
      data: encodeDeployData({
        abi: lendingPoolAbi,
        bytecode: lendingPoolBytecode,
        args: [addresses.priceOracle],
      }),
    },
    ...feedOrder.map((asset) => ({
      step: `deploy ${symbols[asset]} / USD feed`,
      to: null,
      data: encodeDeployData({
        abi: priceFeedAdapterAbi,
        bytecode: priceFeedAdapterBytecode,
        args: [addresses.priceOracle, assetAddress[asset], `${symbols[asset]} / USD`],
      }),
    })),
  ];

  const wiringSteps: Step[] = [];
  const oracleCall = (step: string, gas: bigint, data: Hex) =>
    wiringSteps.push({ step, to: addresses.priceOracle, data, gas });
  const poolCall = (step: string, gas: bigint, data: Hex, value?: bigint) =>
    wiringSteps.push({ step, to: addresses.lendingPool, data, gas, ...(value ? { value } : {}) });

  const prices = config.initialPrices;
  const priced = prices ? feedOrder.filter((asset) => prices[asset] !== undefined) : [];
  if (prices && priced.length > 0) {
    oracleCall(
      "set initial prices",
      callGas.updatePrices,
      encodeFunctionData({
        abi: priceOracleAbi,
        functionName: "updatePrices",
        args: [priced.map((asset) => assetAddress[asset]), priced.map((asset) => prices[asset] as bigint)],
      }),
    );
  }
  for (const updater of config.updaters) {
    oracleCall(
      `grant updater ${updater}`,
      callGas.grantUpdater,
      encodeFunctionData({ abi: priceOracleAbi, functionName: "grantUpdater", args: [updater] }),
    );
  }
  for (const asset of feedOrder) {
    poolCall(
      `list ${symbols[asset]}`,
      callGas.listAsset,
      encodeFunctionData({ abi: lendingPoolAbi, functionName: "listAsset", args: [assetAddress[asset]] }),
    );
  }
  for (const asset of feedOrder) {
    const amount = config.liquidity[asset];
    if (amount === 0n) continue;
    if (asset !== "eth") {
      wiringSteps.push({
        step: `approve ${symbols[asset]} for the pool`,
        to: assetAddress[asset],
        data: encodeFunctionData({
          abi: testTokenAbi,
          functionName: "approve",
          args: [addresses.lendingPool, maxUint256],
        }),
        gas: callGas.approve,
      });
    }
    poolCall(
      `add ${symbols[asset]} liquidity`,
      callGas.addLiquidity,
      encodeFunctionData({
        abi: lendingPoolAbi,
        functionName: "addLiquidity",
        args: [assetAddress[asset], amount],
      }),
      asset === "eth" ? amount : undefined,
    );
  }

  // Deployments do not depend on each other's state, so their gas can be estimated up front.
  await Promise.all(
    deploySteps.map(async (step) => {
      try {
        const estimate = await estimateGas(walletClient, { account, data: step.data });
        step.gas = (estimate * 12n) / 10n;
      } catch (cause) {
        throw new ContractDeploymentFailedError(step.step, { cause });
      }
    }),
  );

  const steps = [...deploySteps, ...wiringSteps];
  // The platform's fee policy: enough for the next few blocks, so no transaction of the batch is left behind.
  const { maxFeePerGas, maxPriorityFeePerGas } = transactionFees(block.baseFeePerGas);
  const hashes: Hash[] = [];
  for (const [index, step] of steps.entries()) {
    try {
      hashes.push(
        await sendTransaction(walletClient, {
          account,
          chain: walletClient.chain ?? null,
          to: step.to,
          data: step.data,
          value: step.value ?? 0n,
          nonce: nonce + index,
          gas: step.gas as bigint,
          maxFeePerGas,
          maxPriorityFeePerGas,
        }),
      );
    } catch (cause) {
      throw new ContractDeploymentFailedError(step.step, { cause });
    }
  }

  // Same sender, consecutive nonces: once the last one is mined, all of them are.
  await waitForTransactionReceipt(walletClient, { hash: hashes[hashes.length - 1] as Hash });
  const receipts = await Promise.all(hashes.map((hash) => getTransactionReceipt(walletClient, { hash })));
  const transactions = receipts.map((receipt, index) => {
    const step = steps[index] as Step;
    if (receipt.status !== "success")
      throw new ContractDeploymentFailedError(step.step, { hash: receipt.transactionHash });
    return {
      step: step.step,
      hash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
    };
  });

  // The deployments are the first steps, in `order` then `feedOrder`.
  const blockOf = (index: number) => (transactions[index] as DeploymentTransaction).blockNumber;
  const blockNumbers: PlatformContractBlocks = {
    ...(Object.fromEntries(order.map((name, index) => [name, blockOf(index)])) as Record<
      (typeof order)[number],
      bigint
    >),
    priceFeeds: Object.fromEntries(
      feedOrder.map((asset, index) => [asset, blockOf(order.length + index)]),
    ) as Record<PlatformAsset, bigint>,
  };
  return { addresses, blockNumbers, deployer, chainId, transactions };
}

type ResolvedOptions = {
  platformToken: { name: string; symbol: string; initialSupply: bigint };
  initialPrices: false | Partial<Record<PlatformAsset, bigint>>;
  liquidity: Record<PlatformAsset, bigint>;
  updaters: readonly Address[];
};

function resolveOptions(options: DeployPlatformContractsOptions): ResolvedOptions {
  const platformToken = {
    name: options.platformToken?.name ?? "Privnet Token",
    symbol: options.platformToken?.symbol ?? "PRIV",
    initialSupply: options.platformToken?.initialSupply ?? parseEther("1000000"),
  };
  if (!platformToken.name.trim()) throw new InvalidOptionsError("platformToken.name must not be empty.");
  if (!/^[A-Za-z0-9]{1,11}$/.test(platformToken.symbol)) {
    throw new InvalidOptionsError(
      `platformToken.symbol must be 1 to 11 letters or digits, got "${platformToken.symbol}".`,
    );
  }
  if (platformToken.initialSupply < 0n)
    throw new InvalidOptionsError("platformToken.initialSupply must not be negative.");

  const initialPrices =
    options.initialPrices === false ? false : { ...DEFAULT_INITIAL_PRICES, ...options.initialPrices };
  if (initialPrices) {
    for (const [asset, price] of Object.entries(initialPrices)) {
      if (price <= 0n) throw new InvalidOptionsError(`initialPrices.${asset} must be positive (USD × 1e18).`);
    }
  }

  const liquidity = { ...DEFAULT_LIQUIDITY, ...options.liquidity };
  for (const [asset, amount] of Object.entries(liquidity)) {
    if (amount < 0n) throw new InvalidOptionsError(`liquidity.${asset} must not be negative.`);
  }
  if (liquidity.platformToken > platformToken.initialSupply) {
    throw new InvalidOptionsError(
      "liquidity.platformToken exceeds platformToken.initialSupply: the deployer cannot fund it.",
    );
  }

  const updaters = options.updaters ?? [];
  for (const updater of updaters) {
    if (!isAddress(updater)) throw new InvalidOptionsError(`updaters: "${updater}" is not an address.`);
  }
  return { platformToken, initialPrices, liquidity, updaters };
}
