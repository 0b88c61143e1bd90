import type { BotEngine } from "../bots/BotEngine.js";
import type { ChainHead } from "../chain/ChainHead.js";
import { batchingNodeClient, type NodeClient } from "../chain/nodeClient.js";
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
  client: NodeClient;
  /** The chain's head the platform follows: the index follows it too. */
  head: ChainHead;
  storage: StorageAdapter;
  contracts: PlatformContractsService;
  bots: BotEngine;
  pollingInterval: number;
  options?: ExplorerOptions | undefined;
  /** Receipts shared with the transaction watcher, for the indexer. */
  recentReceipts?: RecentBlockReceipts | undefined;
  /** The bodies of the transactions the platform sent, for the indexer. */
  sentBodies?: SentTransactionBodies | undefined;
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
  const reader = batchingNodeClient(params.client);
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
  return {
    client: params.client,
    reader,
    head: params.head,
    storage,
    store,
    indexer,
    registry,
    labels,
    tokens,
    artifacts,
    stateWindow: params.options?.stateWindow,
    bots: () => params.bots.accounts(),
    forget() {
      registry.forget();
      labels.forget();
      tokens.forget();
      artifacts.forget();
    },
  };
}
