import type { EventEmitter } from "eventemitter3";
import type { Chain, PublicClient } from "viem";
import type { FeePolicy } from "../fees/feePolicy.js";
import type { KeyVault } from "../signing/KeyVault.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { PlatformEvents } from "./PlatformEvents.js";

/** What the platform's operations share: the chain client, the storage, the events, the key vault, the fee policy. */
export type PlatformContext = {
  readonly chain: Chain;
  readonly client: PublicClient;
  readonly storage: StorageAdapter;
  readonly events: EventEmitter<PlatformEvents>;
  readonly keyVault: KeyVault;
  /** The one fee rule every write of the platform is priced by. */
  readonly fees: FeePolicy;
};
