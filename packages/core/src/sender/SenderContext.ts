import type { Address } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { NonceManager } from "./NonceManager.js";
import type { TransactionWatcher } from "./TransactionWatcher.js";
import type { WalletSigners } from "./WalletSigners.js";

/** What the send operations need beyond the platform: one nonce manager per address, the watcher. */
export type SenderContext = PlatformContext & {
  readonly watcher: TransactionWatcher;
  readonly signers: WalletSigners;
  /** The nonce manager of `address`, created on first use and kept for the platform's life. */
  nonceManager(address: Address): NonceManager;
};
