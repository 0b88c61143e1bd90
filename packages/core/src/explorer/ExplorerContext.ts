import type { Address } from "viem";
import type { ChainHead } from "../chain/ChainHead.js";
import type { NodeClient } from "../chain/nodeClient.js";
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
  readonly client: NodeClient;
  /** The same node through a JSON-RPC batching client (over HTTP): many reads, one request. */
  readonly reader: NodeClient;
  /** The chain's head the platform follows: a page's head is a fresh read of it. */
  readonly head: ChainHead;
  readonly storage: StorageAdapter;
  readonly store: ExplorerStore;
  readonly indexer: ChainIndexer;
  readonly registry: ContractRegistry;
  readonly labels: AddressLabels;
  readonly tokens: TokenMetadata;
  /** The users' build artifacts and the contracts matched to them. */
  readonly artifacts: ArtifactLibrary;
  /** Blocks of historical state the node keeps, when known (see `ExplorerOptions.stateWindow`). */
  readonly stateWindow: number | undefined;
  /** The bots' sending addresses (own keys and wallet pools) by bot name. */
  readonly bots: () => readonly { name: string; address: Address }[];
  /**
   * Drops what the explorer remembers of contracts (their ABIs, labels, token metadata, matched
   * artifacts): after a rewind, those at the blocks taken back may be gone, or others there now.
   */
  forget(): void;
};
