import type { ClockRelay } from "../anvil/clock/startClockRelay.js";
import { type MiningRpc, miningMode, pauseMining, resumeMining } from "./miningMode.js";

// The faults that last, each started here and ended by the fault controller (its own timer, or
// recover()). They run in the relay's thread: no package is imported.

/**
 * A timed fault under way: `end()` undoes it (the controller calls it once); `cancel()` only
 * clears its timers (the devnet is stopping: nothing is asked of it).
 */
export type RunningTimedFault = { endsAt?: string; end(): Promise<void>; cancel(): void };

/** How often a base fee spike looks for blocks mined by anvil's own timer (interval mining). */
const spikePollMs = 100;
const hex = (value: bigint) => `0x${value.toString(16)}`;

/**
 * No blocks for `ms`: interval mining and automine off, sends still go into the pool. Once over,
 * the devnet mines as before; an automining one mines what came in meanwhile in one block.
 * `ended` is called when `ms` has passed.
 */
export async function startStall(rpc: MiningRpc, ms: number, ended: () => void) {
  const mode = await miningMode(rpc);
  await pauseMining(rpc);
  const head = await rpc<string>("eth_blockNumber", []);
  const endsAt = new Date(Date.now() + ms).toISOString();
  const timer = setTimeout(ended, ms);
  timer.unref();
  return {
    endsAt,
    head,
    cancel: () => clearTimeout(timer),
    async end() {
      clearTimeout(timer);
      await resumeMining(rpc, mode);
      if (!mode.automine) return;
      const pool = await rpc<{ pending?: Record<string, unknown> }>("txpool_content", []);
      if (Object.keys(pool.pending ?? {}).length > 0) await rpc("evm_mine", []);
    },
  };
}

/**
 * The devnet's port refuses connections for `ms` (its open connections are reset), then listens
 * on the same port again. In effect before it answers: a connection made once it is read is refused.
 */
export async function startUnreachable(relay: ClockRelay, ms: number, ended: () => void) {
  await relay.refuse();
  const endsAt = new Date(Date.now() + ms).toISOString();
  const timer = setTimeout(ended, ms);
  timer.unref();
  return {
    endsAt,
    cancel: () => clearTimeout(timer),
    async end() {
      clearTimeout(timer);
      await relay.accept();
    },
  };
}

/**
 * Each of the next `blocks` blocks has base fee `baseFee` (a 0x quantity): set before every call
 * that mines goes to anvil (`step`, the relay's `beforeMining`), and again after each block anvil
 * mines on its own timer. `ended` is called once the blocks are mined.
 */
export async function startFeeSpike(rpc: MiningRpc, baseFee: string, blocks: number, ended: () => void) {
  const head = async () => BigInt(await rpc<string>("eth_blockNumber", []));
  let lastHead = await head();
  let remaining = blocks;
  let over = false;
  await rpc("anvil_setNextBlockBaseFeePerGas", [baseFee]);
  /** One step at a time: counting blocks and setting the fee must not interleave. */
  let stepping: Promise<void> = Promise.resolve();
  const step = () => {
    stepping = stepping.then(async () => {
      if (over) return;
      try {
        const now = await head();
        remaining -= Number(now - lastHead);
        lastHead = now;
        if (remaining <= 0) {
          over = true;
          clearInterval(poller);
          ended();
          return;
        }
        await rpc("anvil_setNextBlockBaseFeePerGas", [baseFee]);
      } catch {
        // anvil is away (restarting): the next step tries again.
      }
    });
    return stepping;
  };
  const poller = setInterval(() => void step(), spikePollMs);
  poller.unref();
  return {
    fromBlock: hex(lastHead + 1n),
    step,
    remaining: () => remaining,
    cancel: () => {
      over = true;
      clearInterval(poller);
    },
    async end() {
      await stepping;
      over = true;
      clearInterval(poller);
    },
  };
}
