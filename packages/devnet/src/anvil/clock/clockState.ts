/** A JSON-RPC call to anvil itself (not through the clock). */
export type AnvilRpc = <T>(method: string, params: unknown[]) => Promise<T>;

/** One JSON-RPC call as the clock reads it. */
export type ClockCall = { method: string; params: unknown[]; id?: unknown };

/** Calls that mine a block (automining: one per transaction) or mine blocks whatever the mode. */
export const minesWhenAutomining: ReadonlySet<string> = new Set([
  "eth_sendRawTransaction",
  "eth_sendTransaction",
  "eth_sendRawTransactionSync",
  "eth_sendTransactionSync",
  "eth_sendUnsignedTransaction",
]);
export const minesAlways: ReadonlySet<string> = new Set([
  "evm_mine",
  "anvil_mine",
  "evm_mine_detailed",
  "anvil_mine_detailed",
]);
/** Calls that run against the next block: they must see the timestamp it will get. */
export const readsNextBlock: ReadonlySet<string> = new Set([
  "eth_estimateGas",
  "eth_call",
  "eth_createAccessList",
  "eth_simulateV1",
]);

/** How often, at most, the chain's latest block is compared with the wall clock. */
const checkEveryMs = 1_000;

export const seconds = (ms: number) => Math.floor(ms / 1000);

/** What the devnet's clock knows; see `createDevnetClock`. */
export type ClockState = ReturnType<typeof initialClockState>;

export function initialClockState(options: { interval: number; automine: boolean }) {
  return {
    /** Seconds added to the wall clock. */
    offset: 0,
    /** `evm_increaseTime` seconds not yet in a block: the next block is at least that far past its parent. */
    increase: 0,
    /**
     * The wall clock (ms) when the chain was reverted or reset: its head then is "now" at that
     * moment, as anvil's own clock takes it. Applied at the next check, once the head is read.
     */
    anchoredAt: undefined as number | undefined,
    /** A timestamp the user set for the next block: left alone until a block has it. */
    userNext: undefined as number | undefined,
    checkedAt: Number.NEGATIVE_INFINITY,
    /**
     * The latest block's timestamp at the last check, or the one the clock set for the next
     * block. Blocks only move it on, so while the wall clock is not past it + the interval the
     * chain cannot be behind, and nothing needs checking (a burst of blocks runs ahead).
     */
    knownHead: Number.NEGATIVE_INFINITY,
    /** anvil's timestamp interval now (0: removed by the user; the clock then stands aside). */
    interval: options.interval,
    automine: options.automine,
    /** Blocks that calls already sent to anvil, not yet answered, may still mine. */
    pendingBlocks: 0,
    running: undefined as Promise<void> | undefined,
  };
}

/** Whether the chain may be behind the clock, so that a call that mines must wait for a check. */
export function clockDue(state: ClockState, now: () => number): boolean {
  if (state.interval === 0) return false;
  if (state.anchoredAt !== undefined || state.increase !== 0) return true;
  const at = now();
  return (
    at - state.checkedAt >= checkEveryMs && seconds(at) + state.offset > state.knownHead + state.interval
  );
}

/**
 * Compares the chain's latest block with the clock and, when the chain fell behind and no block
 * in flight could reach it, sets the next block's timestamp.
 */
export async function checkClock(state: ClockState, rpc: AnvilRpc, now: () => number): Promise<void> {
  const startedAt = now();
  state.checkedAt = startedAt;
  const head = await rpc<{ timestamp: string }>("eth_getBlockByNumber", ["latest", false]);
  const parent = Number(BigInt(head.timestamp));
  state.knownHead = parent;
  if (state.anchoredAt !== undefined) {
    state.offset = parent - seconds(state.anchoredAt) + state.increase;
    state.anchoredAt = undefined;
  }
  if (state.userNext !== undefined) {
    if (parent < state.userNext) return; // not mined yet: anvil has it, the clock leaves it
    state.userNext = undefined;
  }
  const next = Math.max(seconds(startedAt) + state.offset, parent + state.increase);
  // Blocks that may land before the timestamp does: those of calls anvil has not answered yet,
  // and one of anvil's own block timer. Each adds the interval; if they could reach `next`,
  // anvil would give it to two blocks. Those blocks move the chain on; the next check catches up.
  const racing = state.pendingBlocks + (state.automine ? 0 : 1);
  if (next <= parent + state.interval) {
    state.increase = 0; // the interval alone gets there
    return;
  }
  if (next <= parent + state.interval * (racing + 1)) {
    state.checkedAt = Number.NEGATIVE_INFINITY;
    return;
  }
  await rpc("evm_setNextBlockTimestamp", [next]);
  state.increase = 0;
  state.knownHead = next;
}

/** Takes note of a call on its way to anvil, in order. */
export function observeClockCall(state: ClockState, call: ClockCall, now: () => number): void {
  const first = call.params[0];
  const number = () => Number(BigInt(first as string | number));
  switch (call.method) {
    case "evm_increaseTime":
      state.increase += number();
      if (state.anchoredAt === undefined) state.offset += number();
      break;
    case "anvil_setTime":
    case "evm_setTime":
      state.knownHead = Number.NEGATIVE_INFINITY;
      state.offset = number() - seconds(now());
      state.increase = 0;
      state.anchoredAt = undefined;
      state.userNext = undefined;
      break;
    case "evm_setNextBlockTimestamp":
    case "anvil_setNextBlockTimestamp":
      // As anvil does once the block has it: the clock goes on from there.
      state.userNext = number();
      state.offset = number() - seconds(now());
      state.increase = 0;
      state.anchoredAt = undefined;
      break;
    case "evm_mine":
    case "evm_mine_detailed": {
      const timestamp =
        typeof first === "object" && first !== null ? (first as { timestamp?: unknown }).timestamp : first;
      if (timestamp !== undefined && timestamp !== null) {
        state.offset = Number(BigInt(timestamp as string | number)) - seconds(now());
        state.increase = 0;
        state.anchoredAt = undefined;
        state.userNext = undefined;
      }
      break;
    }
    case "anvil_rollback":
    case "anvil_reorg":
      // The head went back: the next check reads it again (timestamps are the caller's).
      state.knownHead = Number.NEGATIVE_INFINITY;
      break;
    case "evm_revert":
    case "anvil_revert":
    case "anvil_reset":
    case "anvil_loadState":
    case "anvil_load_state":
      state.anchoredAt = now();
      state.knownHead = Number.NEGATIVE_INFINITY;
      state.increase = 0;
      state.userNext = undefined;
      break;
    case "anvil_setBlockTimestampInterval":
      state.interval = number();
      break;
    case "anvil_removeBlockTimestampInterval":
      state.interval = 0;
      break;
    case "evm_setAutomine":
    case "anvil_setAutomine":
      state.automine = first === true;
      break;
    case "evm_setIntervalMining":
    case "anvil_setIntervalMining":
      if (number() > 0) state.automine = false;
      break;
  }
}

/** The methods the clock acts on: every `evm_` and `anvil_` (time, snapshots, mining) and those above. */
export const clockMethods: readonly string[] = ["evm_", "anvil_", ...minesWhenAutomining, ...readsNextBlock];
