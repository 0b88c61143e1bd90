import type { Address, Client } from "viem";
import { getChainId, getCode } from "viem/actions";
import { z } from "zod";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import {
  type DeployerClient,
  type DeployPlatformContractsOptions,
  deployPlatformContracts,
} from "./deployPlatformContracts.js";
import type { PlatformContractAddresses, PlatformContractBlocks } from "./platformContracts.js";

/** The `storage.state` key under which the deployed addresses are kept. */
export const PLATFORM_CONTRACTS_STATE_KEY = "contracts.platform";

/** What is stored about a deployment (JSON: no bigints). */
export type StoredPlatformContracts = {
  chainId: number;
  deployer: Address;
  addresses: PlatformContractAddresses;
  /** The block that included the last deployment transaction, as a decimal string. */
  blockNumber: string;
  /**
   * The block that included each contract's deployment, as decimal strings. Absent from
   * deployments stored before privnet kept it (their contracts are listed at `blockNumber`).
   */
  blockNumbers?: StoredBlocks | undefined;
  /** ISO 8601 UTC with milliseconds. */
  deployedAt: string;
};

export type EnsurePlatformContractsParameters = DeployPlatformContractsOptions & {
  storage: StorageAdapter;
  /** Deploy anew even when a stored deployment is still on the chain. Default: false. */
  redeploy?: boolean;
};

export type EnsurePlatformContractsReturnType = {
  addresses: PlatformContractAddresses;
  deployment: StoredPlatformContracts;
  /** True when the stored deployment was reused, false when the contracts were just deployed. */
  reused: boolean;
};

/** {@link PlatformContractBlocks} as JSON: decimal strings. */
export type StoredBlocks = {
  [Name in Exclude<keyof PlatformContractBlocks, "priceFeeds">]: string;
} & { priceFeeds: { [Asset in keyof PlatformContractBlocks["priceFeeds"]]: string } };

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>;
const block = z.string().regex(/^\d+$/);
const storedSchema = z.object({
  chainId: z.number().int(),
  deployer: address,
  addresses: z.object({
    priceOracle: address,
    lendingPool: address,
    platformToken: address,
    usdc: address,
    dai: address,
    devNft: address,
    priceFeeds: z.object({ eth: address, platformToken: address, usdc: address, dai: address }),
  }),
  blockNumber: z.string(),
  blockNumbers: z
    .object({
      priceOracle: block,
      lendingPool: block,
      platformToken: block,
      usdc: block,
      dai: block,
      devNft: block,
      priceFeeds: z.object({ eth: block, platformToken: block, usdc: block, dai: block }),
    })
    .optional(),
  deployedAt: z.string(),
});

/**
 * Returns the platform's contracts, deploying them only when needed: a deployment stored in
 * `storage` is reused when it belongs to this chain and every contract still has code there (after
 * a chain reset it does not, and the contracts are deployed again and the new addresses stored).
 * Deployment options apply only when deploying. Holds the storage lock on
 * {@link PLATFORM_CONTRACTS_STATE_KEY} so that processes sharing a store deploy once.
 *
 * @example
 * const { addresses, reused } = await ensurePlatformContracts(walletClient, { storage: memoryStorage() });
 */
export async function ensurePlatformContracts(
  walletClient: DeployerClient,
  parameters: EnsurePlatformContractsParameters,
): Promise<EnsurePlatformContractsReturnType> {
  const { storage, redeploy = false, ...options } = parameters;
  return storage.withLock(PLATFORM_CONTRACTS_STATE_KEY, async () => {
    const stored = await readStoredPlatformContracts(storage);
    if (stored && !redeploy && (await isDeploymentLive(walletClient, stored))) {
      return { addresses: stored.addresses, deployment: stored, reused: true };
    }

    const result = await deployPlatformContracts(walletClient, options);
    const last = result.transactions[result.transactions.length - 1];
    const { priceFeeds, ...blocks } = result.blockNumbers;
    const decimal = (record: Record<string, bigint>) =>
      Object.fromEntries(Object.entries(record).map(([name, number]) => [name, String(number)]));
    const deployment: StoredPlatformContracts = {
      chainId: result.chainId,
      deployer: result.deployer,
      addresses: result.addresses,
      blockNumber: String(last?.blockNumber ?? 0n),
      blockNumbers: { ...decimal(blocks), priceFeeds: decimal(priceFeeds) } as StoredBlocks,
      deployedAt: new Date().toISOString(),
    };
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, deployment);
    return { addresses: result.addresses, deployment, reused: false };
  });
}

/** The deployment stored in `storage`, or undefined when none (or an unreadable one) is. */
export async function readStoredPlatformContracts(
  storage: StorageAdapter,
): Promise<StoredPlatformContracts | undefined> {
  const parsed = storedSchema.safeParse(await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY));
  return parsed.success ? (parsed.data as StoredPlatformContracts) : undefined;
}

/** Whether a stored deployment belongs to the client's chain and every contract still has code there. */
export async function isDeploymentLive(client: Client, stored: StoredPlatformContracts): Promise<boolean> {
  if ((await getChainId(client)) !== stored.chainId) return false;
  const { priceFeeds, ...contracts } = stored.addresses;
  const all = [...Object.values(contracts), ...Object.values(priceFeeds)];
  const codes = await Promise.all(all.map((contract) => getCode(client, { address: contract })));
  return codes.every((code) => code !== undefined && code !== "0x");
}
