import type { Address } from "viem";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { PlatformClosedError } from "../errors/platform.js";
import { NonceManager } from "../sender/NonceManager.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { TransactionWatcher } from "../sender/TransactionWatcher.js";
import { createWalletSigners } from "../sender/WalletSigners.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";

export type CreateSenderParameters = {
  /** With the explorer on, what the watcher follows is left for its index. */
  sentBodies: SentTransactionBodies | undefined;
  /** True once the platform began to close: no nonce manager is made after that. */
  closing(): boolean;
};

/**
 * The send pipeline of a platform: the transaction watcher, and one nonce manager per sending
 * address, made on first use. `closeManagers` refuses queued sends and lets sent ones be recorded;
 * no manager is made after it began.
 */
export function createSender(
  base: PlatformContext,
  options: AnyCreatePlatformOptions,
  parameters: CreateSenderParameters,
): { ctx: SenderContext; closeManagers(): Promise<void> } {
  const watcher = new TransactionWatcher(base, {
    sentBodies: parameters.sentBodies,
    pollingInterval: options.pollingInterval ?? base.client.pollingInterval,
    replaceAfter: options.replaceAfter ?? 30_000,
    dropAfter: options.dropAfter ?? 120_000,
    fillNonceGaps: (from, gaps) => ctx.nonceManager(from).fillGaps(gaps),
  });
  const managers = new Map<string, NonceManager>();
  // A fixed window of 64 by default. The adaptive window (opt-in) moves between 16 and its bound:
  // 512 leaves room above the best fixed windows measured (128–400) and bounds what one address
  // holds signed ahead (2 × 512).
  const adaptive = options.adaptiveWindow === true;
  const managerOptions = {
    maxInFlight: options.maxInFlight ?? (adaptive ? 512 : 64),
    adaptive,
    maxPerLock: 4096,
    maxAttempts: 5,
  };
  let closed = false;
  const ctx: SenderContext = {
    ...base,
    watcher,
    signers: createWalletSigners(base.keyVault),
    nonceManager(address: Address) {
      if (closed || parameters.closing()) throw new PlatformClosedError();
      const key = address.toLowerCase();
      let manager = managers.get(key);
      if (!manager) {
        manager = new NonceManager(base, watcher, address, managerOptions);
        managers.set(key, manager);
      }
      return manager;
    },
  };
  return {
    ctx,
    async closeManagers() {
      closed = true;
      await Promise.all([...managers.values()].map((manager) => manager.close(new PlatformClosedError())));
    },
  };
}
