import { EventEmitter } from "eventemitter3";
import { type Chain, createPublicClient, type PublicClient, type Transport } from "viem";
import { privnet } from "../chain/privnet.js";
import { ChainIdMismatchError, ChainUnreachableError } from "../errors/platform.js";
import type { PlatformEvents } from "../events/PlatformEvents.js";
import { getNetworkInfo, type NetworkInfo } from "../network/getNetworkInfo.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";

export type CreatePlatformOptions = {
  /** Any viem transport: `http(url)`, `webSocket(url)`, `custom(eip1193Provider)`. */
  transport: Transport;
  /** The chain the node runs. Default: {@link privnet}. The node's chain id must match it. */
  chain?: Chain;
  /** Where wallets, history and service state live. Default: `memoryStorage()`. Closed by `platform.close()`. */
  storage?: StorageAdapter;
};

export type Platform = {
  readonly chain: Chain;
  /** A viem public client on the platform's transport, for reads of your own. */
  readonly client: PublicClient;
  readonly storage: StorageAdapter;
  readonly network: {
    /** Chain id, latest block number and gas price, as decimal strings. */
    info(): Promise<NetworkInfo>;
  };
  /** Typed events: see {@link PlatformEvents}. */
  readonly events: EventEmitter<PlatformEvents>;
  /** Stops every service, removes listeners and closes the storage. Idempotent. */
  close(): Promise<void>;
};

/**
 * Connects to a chain and returns the platform object that owns every privnet service.
 *
 * Fails with `CHAIN_UNREACHABLE` when the node does not answer and `CHAIN_ID_MISMATCH` when it
 * runs another chain than `options.chain`.
 *
 * @example
 * import { http } from "viem";
 * import { createPlatform } from "@privnet/core";
 * const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
 * console.log(await platform.network.info());
 * await platform.close();
 */
export async function createPlatform(options: CreatePlatformOptions): Promise<Platform> {
  const chain = options.chain ?? privnet;
  const storage = options.storage ?? memoryStorage();
  const client = createPublicClient({ chain, transport: options.transport }) as PublicClient;

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

  const events = new EventEmitter<PlatformEvents>();
  let closing: Promise<void> | undefined;

  return {
    chain,
    client,
    storage,
    network: { info: () => getNetworkInfo(client) },
    events,
    close() {
      closing ??= (async () => {
        events.removeAllListeners();
        await storage.close();
      })();
      return closing;
    },
  };
}
