import type { PublicClient } from "viem";
import type { GuardedContext } from "../context/OperationGuard.js";
import { getNetworkInfo } from "./getNetworkInfo.js";

/** What `platform.network` needs: the platform's public client. */
export type NetworkActionsContext = GuardedContext & { readonly client: PublicClient };

/** `platform.network`: the chain as the node reports it. */
export function networkActions(ctx: NetworkActionsContext) {
  return {
    /** Chain id (number), latest block number and gas price (bigint, wei), as viem reads them. */
    info: () => ctx.guard(() => getNetworkInfo(ctx.client)),
  };
}

/** The operations of `platform.network`. */
export type NetworkActions = ReturnType<typeof networkActions>;
