import type { EventEmitter } from "eventemitter3";
import type { Chain, PublicClient } from "viem";
import type { PlatformEvents } from "../events/PlatformEvents.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { KeyVault } from "../wallets/KeyVault.js";

/** What the platform's operations share: the chain client, the storage, the events, the key vault. */
export type PlatformContext = {
  readonly chain: Chain;
  readonly client: PublicClient;
  readonly storage: StorageAdapter;
  readonly events: EventEmitter<PlatformEvents>;
  readonly keyVault: KeyVault;
};
