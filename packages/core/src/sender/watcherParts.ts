import type { ChainHead, ChainHeadWatcher } from "../chain/ChainHead.js";
import type { PlatformContext } from "../context/PlatformContext.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";
import type { FollowedTransactions, WatchedTransaction } from "./followedTransactions.js";
import type { NodePool } from "./nodePool.js";
import type { RewoundRecords } from "./rewoundRecords.js";
import type { Settler } from "./Settler.js";
import type { SettledRecords } from "./settledRecords.js";
import type { TransactionWatcherOptions } from "./watcherOptions.js";

/** What the watcher's stages share: each owns its own state, and reaches the others through these. */
export type WatcherParts = {
  readonly ctx: PlatformContext;
  readonly options: TransactionWatcherOptions;
  readonly followed: FollowedTransactions;
  readonly settler: Settler;
  readonly settledOnChain: SettledRecords;
  /** Records a rewind failed whose transaction may still land (corrected from its receipt then). */
  readonly rewound: RewoundRecords;
  /** The platform's follower of the chain's head: the watcher follows it, and checks the anchor through it. */
  readonly head: ChainHead;
  /** How the watcher follows `head`: a head it read itself is not told back to it. */
  readonly follower: ChainHeadWatcher;
  readonly pool: NodePool;
  /** Links a stored record to a followed transaction (see `TransactionWatcher.attach`). */
  attach(watched: WatchedTransaction, record: TransactionRecord): Promise<void>;
  /** Counts a failed poll in the watcher's status. */
  recordError(error: unknown): void;
};
