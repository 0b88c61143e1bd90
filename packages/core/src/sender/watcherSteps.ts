// The step names of the watcher's tick and of its rewind recovery, in their order. Kept apart from
// the stages that run them so that the watcher's options (which let a test swap two steps) name
// them without importing the stages, which import the options.

/**
 * A tick's steps, in the order they run. The order is the rules:
 * - `readPoolSize` before `readHead`: a transaction accepted before the pool's size was read and
 *   neither in the pool then nor in a block up to the head read after it is gone from the node.
 * - `readHead` before `readAnchorHash` (the hash of the block seen last, as the chain has it now):
 *   read side by side or the other way round, the anchor's hash could come from before a revert
 *   and the head from after it, and the anchor would move across the revert unseen.
 * - `recoverFromRewind` before anything settles on the new chain (it ends the tick when it ran).
 * - `scanReceipts` before `recoverPoolLoss`: a transaction in a block is not lost.
 * - `scanReceipts` before `replacePricedOut`: a transaction the head's block holds is settled, not
 *   replaced; `replacePricedOut` before `replaceStuck`: one replaced at the market fee is not
 *   raised again by 12.5 % in the same tick.
 */
export const TICK_STEPS = [
  "retryUnwritten",
  "readPoolSize",
  "readHead",
  "readAnchorHash",
  "recoverFromRewind",
  "scanReceipts",
  "recoverPoolLoss",
  "replacePricedOut",
  "replaceStuck",
  "releaseHeldBack",
] as const;

export type TickStep = (typeof TICK_STEPS)[number];

/**
 * The rewind recovery's steps (`RewindRecovery`), in order:
 * 1. `recheckSettled` before the followed ones settle: the walk down stops at the first block
 *    whose records are all still there, and those must be from before the rewind;
 * 2. `settleFollowed`: what the chain knows stays followed (in a block: settled; in the pool:
 *    followed on); the rest is gone with the blocks that held it;
 * 3. `fillGaps`;
 * 4. `announce` (`onChainRewound`) last, even when a step before failed: the bots run their setup
 *    again and top their keys up. A top-up that landed before the gaps were looked at would let a
 *    bot's old transactions fill the nonces its new deployment is to take.
 */
export const REWIND_STEPS = ["recheckSettled", "settleFollowed", "fillGaps", "announce"] as const;

/** A step of `RewindRecovery`. */
export type RewindStep = (typeof REWIND_STEPS)[number];
