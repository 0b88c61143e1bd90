import { PlatformClosedError } from "../errors/platform.js";
import { defineService, type Service } from "../lifecycle/defineService.js";
import { reconcilePendingTransactions } from "../transactions/reconcilePendingTransactions.js";
import { resendLostConfirmed } from "../transactions/resendLostConfirmed.js";
import { registerSystemWallets } from "../wallets/registerSystemWallets.js";
import type { PlatformParts } from "./assemblePlatform.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";
import type { TrackedOperations } from "./trackOperations.js";

/**
 * The platform's services in the order they start; they stop in the reverse order, on `close()`
 * and after a failed start alike. A service that needs another one running comes after it: the
 * storage first, then what follows the chain, then what sends, the bots last (their loops need
 * everything above).
 */
export function platformServices(
  parts: PlatformParts,
  options: AnyCreatePlatformOptions,
  operations: TrackedOperations,
): Service[] {
  const { base, ctx, contracts, oracle, pushLoop, bots, explorer } = parts;
  let unwatchRewinds: (() => void) | undefined;
  const deployAtStart = Boolean(options.contracts);
  return [
    defineService({ name: "storage", stop: () => base.storage.close() }),
    defineService({
      name: "operations",
      // Every operation still running settles before the storage closes; then no listener is left.
      async stop() {
        await operations.settled();
        base.events.removeAllListeners();
      },
    }),
    // The parts hear of rewinds from here on (the watcher finds them, and recovers first).
    defineService({
      name: "rewinds",
      start: () => {
        unwatchRewinds = base.head.watch(parts.rewinds);
      },
      stop: () => unwatchRewinds?.(),
    }),
    defineService({
      name: "watcher",
      start: () => ctx.watcher.start(),
      // Waits on confirmations end with PLATFORM_CLOSED; followed sends stay pending in storage.
      stop: () => ctx.watcher.stop(new PlatformClosedError()),
    }),
    defineService({
      name: "explorer",
      start: () => explorer?.indexer.start(),
      stop: () => explorer?.indexer.stop("close"),
    }),
    defineService({
      name: "historyRetention",
      start: () => parts.retention.start(),
      stop: () => parts.retention.stop(),
    }),
    // Hears the devnet's fault events from here on; stops before the explorer and the watcher do.
    defineService({
      name: "faults",
      start: () => parts.faultLog.start(),
      stop: () => parts.faultLog.stop(),
    }),
    // Queued sends are refused, sent ones recorded.
    defineService({ name: "sender", stop: () => parts.closeManagers() }),
    defineService({
      name: "systemWallets",
      start: () => ((options.registerSystemWallets ?? true) ? registerSystemWallets(base) : undefined),
    }),
    defineService({
      name: "pendingTransactions",
      // Then what the chain came back without after a crash (its last state write) is sent again,
      // before any service answers.
      async start() {
        await reconcilePendingTransactions(base, ctx.watcher);
        if (options.resendLostConfirmed) await resendLostConfirmed(base, ctx.watcher);
      },
    }),
    defineService({ name: "contracts", start: () => (deployAtStart ? contracts.get() : undefined) }),
    defineService({
      name: "oracle",
      start: () => (deployAtStart ? oracle.ready() : undefined),
      stop: () => oracle.close(),
    }),
    defineService({
      name: "pushLoop",
      start: () => (options.oracle?.autoStart ? pushLoop.start() : undefined),
      // Before the oracle: its last push may still need the chain.
      stop: () => pushLoop.stop(),
    }),
    // Running bots resume; on close their loops stop and they stay marked running for the next start.
    defineService({ name: "bots", start: () => bots.init(), stop: () => bots.close() }),
  ];
}
