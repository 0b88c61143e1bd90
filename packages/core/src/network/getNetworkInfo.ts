import type { PublicClient } from "viem";
import { ChainUnreachableError } from "../errors/platform.js";

export type NetworkInfo = {
  /** Decimal string, e.g. "3151908". */
  chainId: string;
  /** Decimal string. */
  blockNumber: string;
  /** Decimal string, in wei. */
  gasPrice: string;
};

/**
 * Reads the chain id, the latest block number and the gas price from the node.
 *
 * @example
 * const { chainId, blockNumber } = await platform.network.info();
 */
export async function getNetworkInfo(client: PublicClient): Promise<NetworkInfo> {
  try {
    const [chainId, blockNumber, gasPrice] = await Promise.all([
      client.getChainId(),
      client.getBlockNumber({ cacheTime: 0 }),
      client.getGasPrice(),
    ]);
    return {
      chainId: String(chainId),
      blockNumber: blockNumber.toString(),
      gasPrice: gasPrice.toString(),
    };
  } catch (error) {
    throw new ChainUnreachableError({ cause: error });
  }
}
