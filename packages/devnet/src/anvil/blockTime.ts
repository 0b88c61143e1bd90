import { privnet } from "@privnet/core";
import type { Chain } from "viem";
import { anvilRequest } from "./anvilRequest.js";

/**
 * Seconds each block adds to its parent's timestamp: 1 automining, the block time (whole seconds,
 * at least 1) otherwise. Blocks are then strictly increasing, and what `eth_estimateGas` and
 * `eth_call` see is the timestamp the next block gets; the clock keeps the chain from falling
 * behind the wall clock.
 */
export function timestampInterval(blockTime: number): number {
  return Math.max(1, Math.floor(blockTime));
}

/**
 * `evm_setIntervalMining`: anvil leaves automine and mines a block every `seconds`; with the
 * clock, each block's timestamp is then its parent's + the block time (sent through the clock,
 * which takes note of both).
 *
 * @example
 * await setIntervalMining(devnet.rpcUrl, 2, true);
 */
export async function setIntervalMining(rpcUrl: string, seconds: number, withClock: boolean): Promise<void> {
  await anvilRequest(rpcUrl, "evm_setIntervalMining", [seconds]);
  if (withClock) await anvilRequest(rpcUrl, "anvil_setBlockTimestampInterval", [timestampInterval(seconds)]);
}

/**
 * The devnet's mining mode: the viem chain it hands out (its `blockTime` 0 while it mines each
 * transaction at once, the block time once it mines at it) and the one switch from the first to
 * the second (`useBlockTime`), made once; a failed switch is tried again by the next call.
 */
export function miningMode(parameters: {
  rpcUrls: Chain["rpcUrls"];
  blockTime: number;
  automineFirst: boolean;
  switchToBlockTime: () => Promise<void>;
}) {
  const { rpcUrls, blockTime, automineFirst } = parameters;
  const chainAt = (seconds: number): Chain => ({ ...privnet, blockTime: seconds * 1000, rpcUrls });
  let chain = chainAt(automineFirst ? 0 : blockTime);
  let switched: Promise<void> | undefined;
  return {
    chain: () => chain,
    useBlockTime(): Promise<void> {
      if (!automineFirst) return Promise.resolve();
      switched ??= parameters
        .switchToBlockTime()
        .then(() => {
          chain = chainAt(blockTime);
        })
        .catch((error: unknown) => {
          switched = undefined; // a later call tries again
          throw error;
        });
      return switched;
    },
  };
}
