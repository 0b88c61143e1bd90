import type { Address, PublicClient } from "viem";
import type { ExplorerStore } from "../storage/ExplorerStore.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { AddressLabels } from "./AddressLabels.js";
import type { ArtifactLibrary } from "./artifacts/ArtifactLibrary.js";
import type { ChainIndexer } from "./ChainIndexer.js";
import type { ContractRegistry } from "./ContractRegistry.js";
import type { TokenMetadata } from "./TokenMetadata.js";

/** What the explorer's operations share. */
export type ExplorerContext = {
  /** The platform's client. */
  readonly client: PublicClient;
  /** The same node through a JSON-RPC batching client (over HTTP): many reads, one request. */
  readonly reader: PublicClient;
  readonly storage: StorageAdapter;
  readonly store: ExplorerStore;
  readonly indexer: ChainIndexer;
  readonly registry: ContractRegistry;
  readonly labels: AddressLabels;
  readonly tokens: TokenMetadata;
  /** The users' build artifacts and the contracts matched to them. */
  readonly artifacts: ArtifactLibrary;
  /** The bots' sending addresses (own keys and wallet pools) by bot name. */
  readonly bots: () => readonly { name: string; address: Address }[];
};
