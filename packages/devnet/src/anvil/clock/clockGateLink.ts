import { clockMethods } from "./clockState.js";
import type { AnvilRpc, ClockCall, DevnetClock } from "./createDevnetClock.js";
import type { RelayAnswer, RelayLink, RelayNext, RelayRequest } from "./relayTypes.js";

/**
 * The devnet's clock in the chain (see `createDevnetClock`): every call is told to the clock in
 * order; a request with a call that mines or reads the next block waits for the clock's check
 * (at most once a second, usually not at all); the blocks a request may mine are counted until
 * its answer; a lone `anvil_mine(blocks, interval)` over HTTP is spaced by the relay.
 */
export function clockGateLink(clock: DevnetClock, rpc: AnvilRpc): RelayLink {
  /** Goes to anvil with its blocks counted until the answer. */
  const counted = (request: RelayRequest, next: RelayNext, blocks: number) => {
    if (blocks === 0) return next(request);
    clock.sent(blocks);
    return next(request).finally(() => clock.settled(blocks));
  };

  /**
   * `anvil_mine(blocks, interval)`: anvil applies its interval through the clock offset, which a
   * timestamp interval overrides; for the length of the call the timestamp interval is the one
   * asked for, counted from the latest block.
   */
  const spacedMine = async (
    request: RelayRequest,
    next: RelayNext,
    blocks: number,
    spacing: number,
  ): Promise<RelayAnswer> => {
    let spaced = false;
    try {
      const latest = await rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
      await rpc("anvil_setTime", [Number(BigInt(latest.timestamp))]);
      await rpc("anvil_setBlockTimestampInterval", [spacing]);
      spaced = true;
    } catch {
      // The call still goes on: its blocks then get the mode's interval.
    }
    try {
      return await counted(request, next, blocks);
    } finally {
      if (spaced) await rpc("anvil_setBlockTimestampInterval", [clock.interval]).catch(() => undefined);
    }
  };

  return {
    name: "clock gate",
    reads: clockMethods,
    handle(request, next) {
      const { calls } = request;
      if (calls.length === 0) return next(request);
      let blocks = 0;
      let gated = false;
      for (const call of calls) {
        try {
          clock.observe(call);
          blocks += clock.blocksOf(call);
        } catch {
          // Parameters anvil will refuse: its answer says so; the clock has nothing to do.
        }
        gated ||= clock.gated(call.method);
      }
      const spacing =
        calls.length === 1 && request.transport === "http"
          ? spacingOf(clock, calls[0] as ClockCall)
          : undefined;
      if (spacing !== undefined) return clock.exclusive(() => spacedMine(request, next, blocks, spacing));
      const wait = gated ? clock.gate() : undefined;
      return wait ? wait.then(() => counted(request, next, blocks)) : counted(request, next, blocks);
    },
  };
}

/** Whether a call mines a block by the clock's count (refused parameters: no). */
export function minesByClock(clock: DevnetClock) {
  return (call: ClockCall): boolean => {
    try {
      return clock.blocksOf(call) > 0;
    } catch {
      return false;
    }
  };
}

function spacingOf(clock: DevnetClock, call: ClockCall): number | undefined {
  try {
    return clock.spacing(call);
  } catch {
    return undefined;
  }
}
