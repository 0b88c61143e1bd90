import type { ChainHead } from "../chain/ChainHead.js";
import type { NodeClient } from "../chain/nodeClient.js";
import { ChainUnreachableError } from "../errors/platform.js";

/** The chain as the node reports it, in viem's types (the HTTP layer owns the wire format). */
export type NetworkInfo = {
  /** e.g. 3151908. */
  chainId: number;
  /** The latest block. */
  blockNumber: bigint;
  /** In wei. */
  gasPrice: bigint;
};

/** What the network's reads need: the node's client and the head the platform follows. */
export type NetworkContext = { readonly client: NodeClient; readonly head: ChainHead };

/**
 * Reads the chain id, the latest block number (a fresh read of the head) and the gas price from
 * the node. `CHAIN_UNREACHABLE` when it does not answer.
 *
 * @example
 * const { chainId, blockNumber } = await platform.network.info(); // 3151908, 1234n
 */
export async function getNetworkInfo(ctx: NetworkContext): Promise<NetworkInfo> {
  try {
    const [chainId, blockNumber, gasPrice] = await Promise.all([
      ctx.client.getChainId(),
      ctx.head.read(),
      ctx.client.getGasPrice(),
    ]);
    return { chainId, blockNumber, gasPrice };
  } catch (error) {
    throw new ChainUnreachableError({ cause: error });
  }
}
