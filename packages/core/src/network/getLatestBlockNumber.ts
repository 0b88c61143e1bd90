import { ChainUnreachableError } from "../errors/platform.js";
import type { NetworkContext } from "./getNetworkInfo.js";

/**
 * The latest block's number, read fresh from the node through the head the platform follows.
 * `CHAIN_UNREACHABLE` when it does not answer.
 *
 * @example
 * const head = await platform.network.blockNumber(); // 1234n
 */
export async function getLatestBlockNumber(ctx: NetworkContext): Promise<bigint> {
  try {
    return await ctx.head.read();
  } catch (error) {
    throw new ChainUnreachableError({ cause: error });
  }
}
