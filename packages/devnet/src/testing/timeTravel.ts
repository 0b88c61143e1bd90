import { getBlock, increaseTime, mine, setNextBlockTimestamp } from "viem/actions";
import type { AnvilTestClient } from "./AnvilTestClient.js";

export type TimeTravelParameters =
  | {
      /** Seconds to move the chain's clock forward. */
      seconds: number | bigint;
      to?: undefined;
    }
  | {
      /** Unix seconds the next block gets as its timestamp (later than the latest block's). */
      to: number | bigint;
      seconds?: undefined;
    };

/**
 * Moves the chain's clock and mines a block, so that reads (`block.timestamp`) see the new time
 * at once. Returns the new block's timestamp.
 *
 * @example
 * await timeTravel(testClient, { seconds: 3601 }); // past the oracle's one-hour heartbeat
 */
export async function timeTravel(client: AnvilTestClient, params: TimeTravelParameters): Promise<bigint> {
  const test = client as never;
  if (params.to !== undefined) {
    await setNextBlockTimestamp(test, { timestamp: BigInt(params.to) });
  } else {
    await increaseTime(test, { seconds: Number(params.seconds) });
  }
  await mine(test, { blocks: 1 });
  const block = await getBlock(client, { blockTag: "latest" });
  return block.timestamp;
}
