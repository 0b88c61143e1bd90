import type { Address } from "viem";
import { getChainId, getCode } from "viem/actions";
import { z } from "zod";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import {
  type DeployerClient,
  type DeployPlatformContractsOptions,
  deployPlatformContracts,
} from "./deployPlatformContracts.js";
import type { PlatformContractAddresses } from "./platformContracts.js";

/** The `storage.state` key under which the deployed addresses are kept. */
export const PLATFORM_CONTRACTS_STATE_KEY = "contracts.platform";

/** What is stored about a deployment (JSON: no bigints). */
export type StoredPlatformContracts = {
  chainId: number;
  deployer: Address;
  addresses: PlatformContractAddresses;
  /** The block that included the last deployment transaction, as a decimal string. */
  blockNumber: string;
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

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/) as unknown as z.ZodType<Address>;
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
    const parsed = storedSchema.safeParse(await storage.state.get(PLATFORM_CONTRACTS_STATE_KEY));
    const stored = parsed.success ? (parsed.data as StoredPlatformContracts) : undefined;
    if (stored && !redeploy && (await isLive(walletClient, stored))) {
      return { addresses: stored.addresses, deployment: stored, reused: true };
    }

    const result = await deployPlatformContracts(walletClient, options);
    const last = result.transactions[result.transactions.length - 1];
    const deployment: StoredPlatformContracts = {
      chainId: result.chainId,
      deployer: result.deployer,
      addresses: result.addresses,
      blockNumber: String(last?.blockNumber ?? 0n),
      deployedAt: new Date().toISOString(),
    };
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, deployment);
    return { addresses: result.addresses, deployment, reused: false };
  });
}

async function isLive(client: DeployerClient, stored: StoredPlatformContracts): Promise<boolean> {
  if ((await getChainId(client)) !== stored.chainId) return false;
  const { priceFeeds, ...contracts } = stored.addresses;
  const all = [...Object.values(contracts), ...Object.values(priceFeeds)];
  const codes = await Promise.all(all.map((contract) => getCode(client, { address: contract })));
  return codes.every((code) => code !== undefined && code !== "0x");
}
