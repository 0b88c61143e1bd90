import type { Address, Hash } from "viem";
import type { PriceSimulator } from "./PriceSimulator.js";
import type { PushLoop } from "./PushLoop.js";

export type OracleStatus = {
  running: boolean;
  frozen: boolean;
  interval: number;
  seed: number;
  /** The PriceOracle's address, or null before the contracts were ensured. */
  contract: Address | null;
  /** The last successful push: its transaction, block (storage keeps it as a decimal string), when and why. */
  lastPush: { hash: Hash; blockNumber: bigint; at: string; reason: string; ageSeconds: number } | null;
  /** The last failed attempt since the last success, or null. */
  lastError: { message: string; code: string | null; at: string } | null;
  consecutiveFailures: number;
  /** A crash in progress. */
  scenario: {
    type: "crash";
    symbol: string;
    from: number;
    to: number;
    overSeconds: number;
    startedAt: string;
  } | null;
};

/**
 * The simulator's status, synchronously (no chain call): loop, freeze, last push and its age,
 * the last failure, the crash in progress. Before the first use it knows only what is in memory.
 *
 * @example
 * const { running, lastPush, lastError } = platform.oracle.status();
 */
export function getOracleStatus(sim: PriceSimulator, loop: PushLoop): OracleStatus {
  const last = sim.state.lastPush;
  const ramp = sim.state.ramp;
  return {
    running: loop.running,
    frozen: sim.state.frozen,
    interval: sim.options.interval,
    seed: sim.options.seed,
    contract: sim.oracle,
    lastPush: last
      ? {
          ...last,
          hash: last.hash as Hash,
          blockNumber: BigInt(last.blockNumber),
          ageSeconds: Math.max(0, Math.floor((Date.now() - Date.parse(last.at)) / 1000)),
        }
      : null,
    lastError: sim.lastError,
    consecutiveFailures: sim.failures,
    scenario: ramp
      ? {
          type: "crash",
          symbol: ramp.symbol,
          from: ramp.from,
          to: ramp.to,
          overSeconds: ramp.overSeconds,
          startedAt: new Date(ramp.startedAt).toISOString(),
        }
      : null,
  };
}
