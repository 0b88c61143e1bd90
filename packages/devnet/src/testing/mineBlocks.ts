import { getBlockNumber, mine } from "viem/actions";
import type { AnvilTestClient } from "./AnvilTestClient.js";

export type MineBlocksParameters = {
  /** How many blocks. */
  blocks: number;
  /** Seconds between their timestamps. Default: anvil's, 1. */
  interval?: number;
};

/**
 * Mines `blocks` empty blocks at once (`anvil_mine`); returns the latest block number.
 *
 * @example
 * await mineBlocks(testClient, { blocks: 100 });
 */
export async function mineBlocks(client: AnvilTestClient, params: MineBlocksParameters): Promise<bigint> {
  await mine(client as never, {
    blocks: params.blocks,
    ...(params.interval === undefined ? {} : { interval: params.interval }),
  });
  return getBlockNumber(client, { cacheTime: 0 });
}
