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
import { type TransactionFees, transactionFees } from "../fees/feePolicy.js";
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
  /**
   * Sends each transaction of the deployment. Default: straight from the wallet client, with
   * consecutive nonces and the platform's fee policy. The platform passes its sender here, so that
   * its deployment is queued, recorded and watched like every other write (source `deployment`).
   */
  send?: DeploymentSend | undefined;
};

/** One transaction of the deployment, its gas already decided. `to: null` deploys `data`. */
export type DeploymentTransactionRequest = { to: Address | null; data: Hex; value: bigint; gas: bigint };

/** A transaction the node accepted: its hash, the new contract's address for a deployment. */
export type SentDeploymentTransaction = {
  hash: Hash;
  contractAddress: Address | null;
  /** Resolves with the hash that was mined (a replacement's, if it was replaced); rejects if it failed. */
  wait(): Promise<Hash>;
};

/** Sends one transaction from the deployer; resolves once the node accepted it. Calls keep their order. */
export type DeploymentSend = (request: DeploymentTransactionRequest) => Promise<SentDeploymentTransaction>;

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

  const chainId = await getChainId(walletClient);
  const send = options.send ?? walletClientSend(walletClient, account);
  const sent: SentDeploymentTransaction[] = [];
  const steps: Step[] = [];
  // Sends `batch` in order, without waiting for blocks: the node's acceptance gives each
  // deployment its address, which the next batch needs.
  const sendAll = async (batch: Step[]) => {
    if (batch.length === 0) return [];
    await Promise.all(
      batch
        .filter((step) => step.gas === undefined)
        .map(async (step) => {
          try {
            const estimate = await estimateGas(walletClient, {
              account,
              data: step.data,
              ...(step.to ? { to: step.to } : {}),
              ...(step.value ? { value: step.value } : {}),
            });
            step.gas = (estimate * 12n) / 10n;
          } catch (cause) {
            throw new ContractDeploymentFailedError(step.step, { cause });
          }
        }),
    );
    const accepted = await Promise.allSettled(
      batch.map((step) =>
        send({ to: step.to, data: step.data, value: step.value ?? 0n, gas: step.gas as bigint }),
      ),
    );
    const results: SentDeploymentTransaction[] = [];
    for (const [index, outcome] of accepted.entries()) {
      const step = batch[index] as Step;
      if (outcome.status === "rejected")
        throw new ContractDeploymentFailedError(step.step, { cause: outcome.reason });
      steps.push(step);
      sent.push(outcome.value);
      results.push(outcome.value);
    }
    return results;
  };
  const deployed = (results: SentDeploymentTransaction[], index: number) =>
    results[index]?.contractAddress as Address;

  // Deployments first, in this order: the contracts without constructor arguments that point at
  // others, then the pool and the feeds, which need the oracle's and the tokens' addresses.
  const order = ["priceOracle", "platformToken", "usdc", "dai", "devNft", "lendingPool"] as const;
  const feedOrder = ["eth", "platformToken", "usdc", "dai"] as const satisfies readonly PlatformAsset[];
  const symbols: Record<PlatformAsset, string> = {
    eth: "ETH",
    platformToken: config.platformToken.symbol,
    usdc: "USDC",
    dai: "DAI",
  };

  const first = await sendAll([
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
  ]);
  const priceOracle = deployed(first, 0);
  const assetAddress: Record<PlatformAsset, Address> = {
    eth: NATIVE_ETH_ADDRESS,
    platformToken: deployed(first, 1),
    usdc: deployed(first, 2),
    dai: deployed(first, 3),
  };
  const second = await sendAll([
    {
      step: "deploy LendingPool",
      to: null,
      data: encodeDeployData({
        abi: lendingPoolAbi,
        bytecode: lendingPoolBytecode,
        args: [priceOracle],
      }),
    },
    ...feedOrder.map((asset) => ({
      step: `deploy ${symbols[asset]} / USD feed`,
      to: null,
      data: encodeDeployData({
        abi: priceFeedAdapterAbi,
        bytecode: priceFeedAdapterBytecode,
        args: [priceOracle, assetAddress[asset], `${symbols[asset]} / USD`],
      }),
    })),
  ]);
  const addresses: PlatformContractAddresses = {
    priceOracle,
    platformToken: assetAddress.platformToken,
    usdc: assetAddress.usdc,
    dai: assetAddress.dai,
    devNft: deployed(first, 4),
    lendingPool: deployed(second, 0),
    priceFeeds: Object.fromEntries(
      feedOrder.map((asset, index) => [asset, deployed(second, index + 1)]),
    ) as Record<PlatformAsset, Address>,
  };

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

  await sendAll(wiringSteps);

  // Wait for every transaction (a replaced one is followed to the hash that was mined).
  const mined = await Promise.allSettled(sent.map((transaction) => transaction.wait()));
  const transactions: DeploymentTransaction[] = [];
  for (const [index, outcome] of mined.entries()) {
    const step = steps[index] as Step;
    const hash = (sent[index] as SentDeploymentTransaction).hash;
    if (outcome.status === "rejected")
      throw new ContractDeploymentFailedError(step.step, { hash, cause: outcome.reason });
    const receipt = await getTransactionReceipt(walletClient, { hash: outcome.value });
    if (receipt.status !== "success")
      throw new ContractDeploymentFailedError(step.step, { hash: receipt.transactionHash });
    transactions.push({
      step: step.step,
      hash: receipt.transactionHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
    });
  }

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

/**
 * The default {@link DeploymentSend}: straight from the wallet client, consecutive nonces from the
 * deployer's pending count, fees from the platform's fee policy (the same for the whole batch, so
 * that none of it is left behind). For a deployer nothing else sends from meanwhile.
 */
function walletClientSend(walletClient: DeployerClient, account: Account): DeploymentSend {
  let next: Promise<{ nonce: number; fees: TransactionFees }> | undefined;
  return async (request) => {
    next = (
      next?.then((previous) => ({ ...previous, nonce: previous.nonce + 1 })) ??
      Promise.all([
        getTransactionCount(walletClient, { address: account.address, blockTag: "pending" }),
        getBlock(walletClient, { blockTag: "latest" }),
      ]).then(([nonce, block]) => ({ nonce, fees: transactionFees(block.baseFeePerGas) }))
    ).catch((error: unknown) => {
      next = undefined;
      throw error;
    });
    const { nonce, fees } = await next;
    const hash = await sendTransaction(walletClient, {
      account,
      chain: walletClient.chain ?? null,
      to: request.to,
      data: request.data,
      value: request.value,
      gas: request.gas,
      nonce,
      ...fees,
    });
    return {
      hash,
      contractAddress:
        request.to === null ? getContractAddress({ from: account.address, nonce: BigInt(nonce) }) : null,
      wait: async () => (await waitForTransactionReceipt(walletClient, { hash })).transactionHash,
    };
  };
}
