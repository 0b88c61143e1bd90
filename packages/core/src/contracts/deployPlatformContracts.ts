import type { Account, Address } from "viem";
import { getChainId } from "viem/actions";
import { InvalidOptionsError } from "../errors/platform.js";
import { FEED_ORDER, poolSteps, TOKEN_STEP_ORDER, tokenSteps, wiringSteps } from "./deploymentSteps.js";
import {
  NATIVE_ETH_ADDRESS,
  type PlatformAsset,
  type PlatformContractAddresses,
  type PlatformContractBlocks,
} from "./platformContracts.js";
import { type DeployPlatformContractsOptions, resolveDeployOptions } from "./resolveDeployOptions.js";
import {
  type DeployerClient,
  type DeploymentTransaction,
  type SentDeploymentTransaction,
  sendDeployment,
  walletClientSend,
} from "./sendDeployment.js";

export {
  DEFAULT_INITIAL_PRICES,
  DEFAULT_LIQUIDITY,
  type DeployPlatformContractsOptions,
} from "./resolveDeployOptions.js";
export type {
  DeployerClient,
  DeploymentSend,
  DeploymentTransaction,
  DeploymentTransactionRequest,
  SentDeploymentTransaction,
} from "./sendDeployment.js";

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
  const config = resolveDeployOptions(options);
  const chainId = await getChainId(walletClient);
  const deployment = sendDeployment(
    walletClient,
    account,
    options.send ?? walletClientSend(walletClient, account),
  );
  const deployed = (results: SentDeploymentTransaction[], index: number) =>
    results[index]?.contractAddress as Address;

  // Deployments first: the contracts whose constructors point at no other, then the pool and the
  // feeds, which need the oracle's and the tokens' addresses; the wiring last.
  const first = await deployment.sendAll(tokenSteps(config));
  const priceOracle = deployed(first, 0);
  const assets: Record<PlatformAsset, Address> = {
    eth: NATIVE_ETH_ADDRESS,
    platformToken: deployed(first, 1),
    usdc: deployed(first, 2),
    dai: deployed(first, 3),
  };
  const second = await deployment.sendAll(poolSteps(config, priceOracle, assets));
  const addresses: PlatformContractAddresses = {
    priceOracle,
    platformToken: assets.platformToken,
    usdc: assets.usdc,
    dai: assets.dai,
    devNft: deployed(first, 4),
    lendingPool: deployed(second, 0),
    priceFeeds: Object.fromEntries(
      FEED_ORDER.map((asset, index) => [asset, deployed(second, index + 1)]),
    ) as Record<PlatformAsset, Address>,
  };
  await deployment.sendAll(wiringSteps(config, addresses, assets));
  const transactions = await deployment.settle();

  // The deployments are the first steps: the tokens' batch, the pool, then the feeds.
  const blockOf = (index: number) => (transactions[index] as DeploymentTransaction).blockNumber;
  const order = [...TOKEN_STEP_ORDER, "lendingPool"] as const;
  const blockNumbers: PlatformContractBlocks = {
    ...(Object.fromEntries(order.map((name, index) => [name, blockOf(index)])) as Record<
      (typeof order)[number],
      bigint
    >),
    priceFeeds: Object.fromEntries(
      FEED_ORDER.map((asset, index) => [asset, blockOf(order.length + index)]),
    ) as Record<PlatformAsset, bigint>,
  };
  return { addresses, blockNumbers, deployer: account.address, chainId, transactions };
}
