/** Blocks of transactions a bot at interval 0 keeps unconfirmed: the next block's, and room for confirmations seen late. */
export const PENDING_HEADROOM_BLOCKS = 3;

/** The most transactions a node's pool is assumed to take from one sender when nothing else is known. */
export const DEFAULT_POOL_LIMIT = 5_000;

export type AutoPendingLimitParameters = {
  /** The chain's block gas limit. */
  blockGasLimit: bigint;
  /** The bot's gas limit per transaction (measured; 21,000 for a transfer). */
  gasPerTransaction: bigint;
  /** The most transactions the node's pool takes from one sender. */
  poolLimit: number;
};

/**
 * The pending limit of a bot at interval 0 whose `maxPending` was not given: what the chain can
 * take — a block's gas over the bot's gas per transaction, times {@link PENDING_HEADROOM_BLOCKS}
 * — within the node's pool limit. A transfer bot on privnet's chain (60M gas): 2,857 a block,
 * 8,571 pending.
 *
 * @example
 * autoPendingLimit({ blockGasLimit: 60_000_000n, gasPerTransaction: 21_000n, poolLimit: 10_000 }); // 8571
 */
export function autoPendingLimit(params: AutoPendingLimitParameters): number {
  const gas = params.gasPerTransaction > 0n ? params.gasPerTransaction : 1n;
  const perBlock = Number(params.blockGasLimit / gas);
  return Math.max(1, Math.min(params.poolLimit, Math.max(1, perBlock) * PENDING_HEADROOM_BLOCKS));
}
