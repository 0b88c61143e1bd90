import type { Chain } from "viem";
import { BotEngine } from "../bots/BotEngine.js";
import { ChainHead, type ChainHeadWatcher } from "../chain/ChainHead.js";
import type { NodeClient } from "../chain/nodeClient.js";
import { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import { createExplorer } from "../explorer/createExplorer.js";
import { FAULT_HISTORY_LIMIT, FaultLog } from "../faults/FaultLog.js";
import { createFeePolicy } from "../fees/feePolicy.js";
import { createKeyVault } from "../signing/KeyVault.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { HistoryRetention } from "../transactions/HistoryRetention.js";
import type { AnyCreatePlatformOptions } from "./CreatePlatformOptions.js";
import { createOracle } from "./createOracle.js";
import { createSender } from "./createSender.js";
import { isolatedListeners } from "./isolatedListeners.js";

/** The platform's parts, made and wired but none started: see {@link platformServices}. */
export type PlatformParts = ReturnType<typeof assemblePlatform>;

/**
 * Makes every part of a platform on a connected chain: the shared context, the send pipeline, the
 * contracts and the oracle, the bot engine and the explorer. Nothing runs yet; a constructor that
 * refuses its options throws here.
 */
export function assemblePlatform(
  options: AnyCreatePlatformOptions,
  connection: { chain: Chain; client: NodeClient; storage: StorageAdapter; closing(): boolean },
) {
  const { chain, client, storage } = connection;
  const base: PlatformContext = {
    chain,
    client,
    // The one follower of the chain's head, for every part that follows it.
    head: new ChainHead(client),
    storage,
    events: isolatedListeners(),
    keyVault: createKeyVault(options.encryptionPassphrase),
    fees: createFeePolicy({ priorityFeePerGas: options.priorityFeePerGas }),
  };
  // With the explorer on, what the watcher follows is left for its index (see SentTransactionBodies).
  const sentBodies = options.explorer !== false && storage.explorer ? new SentTransactionBodies() : undefined;
  const sender = createSender(base, options, { sentBodies, closing: connection.closing });
  const { ctx } = sender;
  const { contracts, oracle, pushLoop } = createOracle(ctx, options);
  const bots = new BotEngine(ctx, options.bots, { contracts, head: base.head });
  const explorer =
    options.explorer === false
      ? undefined
      : createExplorer({
          client,
          head: base.head,
          storage,
          contracts,
          bots,
          pollingInterval: options.pollingInterval ?? client.pollingInterval,
          options: typeof options.explorer === "object" ? options.explorer : undefined,
          recentReceipts: ctx.watcher.recentReceipts,
          sentBodies,
        });
  // The bots' records beyond `history.botRetention`, deleted every few blocks.
  const retention = new HistoryRetention(
    { storage, head: base.head, botNames: () => bots.historySources() },
    options.history,
  );
  // Every fault event of the devnet's faults, kept and announced as the platform's `chain` event.
  // Kept in the storage too (the audit trail outlives a restart).
  const faultLog = new FaultLog(
    options.faults,
    (event) => base.events.emit("chain", event),
    FAULT_HISTORY_LIMIT,
    storage.state,
  );
  // How the parts hear that the chain went back (a reorganisation, a reset, `platform.revert()`):
  // once, from the head, after the watcher recovered its records. What they deployed, read or
  // matched at the blocks taken back may be gone, or different now.
  const rewinds: ChainHeadWatcher = {
    onRewound() {
      contracts.forget();
      explorer?.forget();
      // The bots set up again and top their keys up: by now the watcher filled the nonce gaps.
      bots.chainRewound();
    },
  };
  return {
    base,
    ctx,
    closeManagers: sender.closeManagers,
    contracts,
    oracle,
    pushLoop,
    bots,
    explorer,
    faultLog,
    rewinds,
    retention,
  };
}
