import { type Address, type Client, getContractAddress } from "viem";
import { getChainId, getCode } from "viem/actions";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { FEED_ORDER, TOKEN_STEP_ORDER } from "./deploymentSteps.js";
import {
  isDeploymentLive,
  PLATFORM_CONTRACTS_STATE_KEY,
  readStoredPlatformContracts,
  type StoredPlatformContracts,
} from "./ensurePlatformContracts.js";
import { platformAccounts } from "./platformAccounts.js";
import type { PlatformAsset, PlatformContractAddresses } from "./platformContracts.js";

export type FindPlatformContractsParameters = {
  storage: StorageAdapter;
  /** The contracts' owner, who deployed them. Default: the system mnemonic's owner key (index 22). */
  owner?: Address | undefined;
};

/**
 * privnet's contracts already on the chain — a fork of a privnet chain carries its parent's — found
 * where a first deployment by their owner puts them (its nonces 0 to 9, in the deployment's order:
 * the oracle, the tokens and the NFT, the pool, the feeds), each with code, and recorded in
 * `storage` as the platform's deployment: the platform then reuses them instead of deploying a
 * second set. A live deployment already stored is kept; nothing is recorded when any address lacks
 * code. Their blocks are not known (a fork does not say where its parent deployed them): recorded
 * as block 0.
 *
 * @example
 * const found = await findPlatformContracts(publicClient, { storage }); // before createPlatform
 */
export async function findPlatformContracts(
  client: Client,
  parameters: FindPlatformContractsParameters,
): Promise<PlatformContractAddresses | undefined> {
  const { storage } = parameters;
  const deployer = parameters.owner ?? platformAccounts({}).owner.address;
  return storage.withLock(PLATFORM_CONTRACTS_STATE_KEY, async () => {
    const stored = await readStoredPlatformContracts(storage);
    if (stored && (await isDeploymentLive(client, stored))) return stored.addresses;
    const at = (nonce: number) => getContractAddress({ from: deployer, nonce: BigInt(nonce) });
    const tokens = Object.fromEntries(TOKEN_STEP_ORDER.map((name, nonce) => [name, at(nonce)])) as Record<
      (typeof TOKEN_STEP_ORDER)[number],
      Address
    >;
    const priceFeeds = Object.fromEntries(
      FEED_ORDER.map((asset, index) => [asset, at(TOKEN_STEP_ORDER.length + 1 + index)]),
    ) as Record<PlatformAsset, Address>;
    const addresses: PlatformContractAddresses = {
      ...tokens,
      lendingPool: at(TOKEN_STEP_ORDER.length),
      priceFeeds,
    };
    const { priceFeeds: feeds, ...contracts } = addresses;
    const all = [...Object.values(contracts), ...Object.values(feeds)];
    const codes = await Promise.all(all.map((address) => getCode(client, { address })));
    if (!codes.every((code) => code !== undefined && code !== "0x")) return undefined;
    const found: StoredPlatformContracts = {
      chainId: await getChainId(client),
      deployer,
      addresses,
      blockNumber: "0",
      deployedAt: new Date().toISOString(),
    };
    await storage.state.set(PLATFORM_CONTRACTS_STATE_KEY, found);
    return addresses;
  });
}
