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
  };
}

/** The operations of `platform.network`. */
export type NetworkActions = ReturnType<typeof networkActions>;
