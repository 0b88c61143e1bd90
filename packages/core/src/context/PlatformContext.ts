import type { EventEmitter } from "eventemitter3";
import type { Chain } from "viem";
import type { ChainHead } from "../chain/ChainHead.js";
import type { NodeClient } from "../chain/nodeClient.js";
import type { FeePolicy } from "../fees/feePolicy.js";
import type { KeyVault } from "../signing/KeyVault.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { PlatformEvents } from "./PlatformEvents.js";

/**
 * What the platform's operations share: the node's client, the head they all follow, the storage,
 * the events, the key vault, the fee policy.
 */
export type PlatformContext = {
  readonly chain: Chain;
  /** The platform's one client of its node, typed for its non-standard methods (see {@link NodeClient}). */
  readonly client: NodeClient;
  /** The one follower of the chain's head, and the one teller of its rewinds (see {@link ChainHead}). */
  readonly head: ChainHead;
  readonly storage: StorageAdapter;
  readonly events: EventEmitter<PlatformEvents>;
  readonly keyVault: KeyVault;
  /** The one fee rule every write of the platform is priced by. */
  readonly fees: FeePolicy;
};
