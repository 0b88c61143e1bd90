import type { ChainHead } from "../chain/ChainHead.js";
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
  readonly head: ChainHead;
  readonly pool: NodePool;
  /** `pool` is cleared when the node has no `txpool_*` methods: its pool is not looked at then. */
  readonly inspection: { pool: boolean };
  /** Links a stored record to a followed transaction (see `TransactionWatcher.attach`). */
  attach(watched: WatchedTransaction, record: TransactionRecord): Promise<void>;
  /** Counts a failed poll in the watcher's status. */
  recordError(error: unknown): void;
};
