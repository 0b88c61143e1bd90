import type { ChainHeadWatcher } from "../chain/ChainHead.js";
import type { GuardedContext } from "../context/OperationGuard.js";
import { getLatestBlockNumber } from "./getLatestBlockNumber.js";
import { getNetworkInfo, type NetworkContext } from "./getNetworkInfo.js";

/** What `platform.network` needs: the node's client and the head the platform follows. */
export type NetworkActionsContext = GuardedContext & NetworkContext;

/** `platform.network`: the chain as the node reports it. */
export function networkActions(ctx: NetworkActionsContext) {
  return {
    /** Chain id (number), latest block number and gas price (bigint, wei), as viem reads them. */
    info: () => ctx.guard(() => getNetworkInfo(ctx)),
    /** The latest block's number (bigint), read fresh: for an answer that must be current. */
    blockNumber: () => ctx.guard(() => getLatestBlockNumber(ctx)),
    /**
     * Follows the head through the platform's one poller (the same the bots, the explorer's index
     * and the transaction watcher follow): told of each new head, of each rewind with its cause,
     * and when the node answers again. Answers the function that stops following.
     *
     * @example
     * const unwatch = platform.network.watchHead({ onBlock: (n) => console.log("head", n) });
     */
    watchHead: (watcher: ChainHeadWatcher) => ctx.head.watch(watcher),
  };
}

/** The operations of `platform.network`. */
export type NetworkActions = ReturnType<typeof networkActions>;
