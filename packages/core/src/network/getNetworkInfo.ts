import type { PublicClient } from "viem";
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

/**
 * Reads the chain id, the latest block number and the gas price from the node.
 *
 * @example
 * const { chainId, blockNumber } = await platform.network.info(); // 3151908, 1234n
 */
export async function getNetworkInfo(client: PublicClient): Promise<NetworkInfo> {
  try {
    const [chainId, blockNumber, gasPrice] = await Promise.all([
      client.getChainId(),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getGasPrice(),
    ]);
    return { chainId, blockNumber, gasPrice };
  } catch (error) {
    throw new ChainUnreachableError({ cause: error });
  }
}
