import { createPublicClient, http, type PublicClient } from "viem";
import type { BotEngine } from "../bots/BotEngine.js";
import type { ChainHead } from "../chain/ChainHead.js";
import type { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { PlatformContractsService } from "../contracts/connectPlatformContracts.js";
import { readStoredPlatformContracts } from "../contracts/ensurePlatformContracts.js";
import type { ExplorerStore } from "../storage/ExplorerStore.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { AddressLabels } from "./AddressLabels.js";
import { ArtifactLibrary } from "./artifacts/ArtifactLibrary.js";
import { ChainIndexer, type ExplorerOptions } from "./ChainIndexer.js";
import { ContractRegistry } from "./ContractRegistry.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import { TokenMetadata } from "./TokenMetadata.js";

export type CreateExplorerParameters = {
  client: PublicClient;
  storage: StorageAdapter;
  contracts: PlatformContractsService;
  bots: BotEngine;
  pollingInterval: number;
  options?: ExplorerOptions | undefined;
  /** Receipts shared with the transaction watcher, for the indexer. */
  recentReceipts?: RecentBlockReceipts | undefined;
  /** The bodies of the transactions the platform sent, for the indexer. */
  sentBodies?: SentTransactionBodies | undefined;
  /** The chain's head the watcher follows too, for the indexer. */
  head?: ChainHead | undefined;
};

/**
 * The explorer's parts for a platform: the indexer, the ABI registry, the label table and the
 * token metadata, sharing one batching client. Undefined when the storage adapter has no explorer
 * store.
 */
export function createExplorer(params: CreateExplorerParameters): ExplorerContext | undefined {
  const { storage } = params;
  const store = storage.explorer;
  if (!store) return undefined;
  const reader = batchingClient(params.client);
  const artifacts = new ArtifactLibrary(reader);
  const registry = new ContractRegistry({
    platform: () => params.contracts.list(),
    bots: () => params.bots.contracts(),
    store,
    artifacts,
  });
  const labels = new AddressLabels({
    storage,
    store,
    registry,
    bots: () => params.bots.accounts(),
    deployment: () => readStoredPlatformContracts(storage),
    updater: params.contracts.updaterAccount.address,
    matched: () => artifacts.matched(),
  });
  const tokens = new TokenMetadata(reader);
  const indexer = new ChainIndexer(
    {
      client: reader,
      storage: storage as StorageAdapter & { explorer: ExplorerStore },
      pollingInterval: params.pollingInterval,
      recentReceipts: params.recentReceipts,
      sentBodies: params.sentBodies,
      head: params.head,
    },
    params.options,
  );
  // Contracts at the blocks the chain took back may be gone, or different ones there now.
  indexer.onRewind(() => {
    registry.forget();
    labels.forget();
    tokens.forget();
    artifacts.forget();
  });
  return {
    client: params.client,
    reader,
    storage,
    store,
    indexer,
    registry,
    labels,
    tokens,
    artifacts,
    bots: () => params.bots.accounts(),
  };
}

/** Most requests in one JSON-RPC batch. */
const BATCH_SIZE = 64;

/**
 * Over HTTP, a client on the same URL with viem's JSON-RPC batching: the reads made in one turn
 * of the event loop (a block and its receipts, a page's token symbols) go out as one request. Any
 * other transport is used as it is.
 */
function batchingClient(client: PublicClient): PublicClient {
  const transport = client.transport as {
    type?: string;
    url?: string;
    fetchOptions?: RequestInit;
    timeout?: number;
  };
  if (transport.type !== "http" || typeof transport.url !== "string") return client;
  return createPublicClient({
    ...(client.chain ? { chain: client.chain } : {}),
    transport: http(transport.url, {
      batch: { batchSize: BATCH_SIZE, wait: 0 },
      ...(transport.fetchOptions ? { fetchOptions: transport.fetchOptions } : {}),
      ...(transport.timeout === undefined ? {} : { timeout: transport.timeout }),
    }),
    pollingInterval: client.pollingInterval,
  }) as PublicClient;
}
