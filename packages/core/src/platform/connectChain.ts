import type { Chain } from "viem";
import { createNodeClient, type NodeClient } from "../chain/nodeClient.js";
import { privnet } from "../chain/privnet.js";
import { ChainIdMismatchError, ChainUnreachableError } from "../errors/platform.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";

/**
 * The platform's chain and its client of the node, once the node answered with the chain's id. Closes
 * `storage` before it throws: nothing else is open yet.
 */
export async function connectChain(
  options: AnyCreatePlatformOptions,
  storage: StorageAdapter,
): Promise<{ chain: Chain; client: NodeClient }> {
  const chain: Chain = options.chain ?? privnet;
  const client = createNodeClient({
    chain,
    transport: options.transport,
    pollingInterval: options.pollingInterval,
  });
  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    await storage.close();
    throw new ChainUnreachableError({ cause: error });
  }
  if (chainId !== chain.id) {
    await storage.close();
    throw new ChainIdMismatchError(chain.id, chainId);
  }
  return { chain, client };
}
