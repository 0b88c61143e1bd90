import type { Address } from "viem";
import { InvalidQueryError } from "../errors/sender.js";
import { type IndexedBlock, type IndexedTransaction, MAX_EXPLORER_PAGE } from "../storage/ExplorerStore.js";
import type { ExplorerContext } from "./ExplorerContext.js";

/** What {@link listBlockGas} reads. */
export type ListBlockGasParameters = {
  /** How many of the newest indexed blocks: 1 to {@link MAX_BLOCK_GAS_BLOCKS}; default 30. */
  blocks?: number | undefined;
};

/** One block's gas, split by the bot that sent it. */
export type BlockGas = {
  number: bigint;
  /** Unix seconds. */
  timestamp: number;
  gasUsed: bigint;
  gasLimit: bigint;
  transactionCount: number;
  /** Gas used by each bot's transactions (its own key and its wallet pool), for bots with any. */
  bots: Record<string, bigint>;
  /** Gas used by every other sender (the API, the oracle, outside users). */
  other: bigint;
};

/** What {@link listBlockGas} answers. */
export type ListBlockGasReturnType = {
  /** Oldest first, the newest indexed block last. */
  blocks: BlockGas[];
};

/** The most blocks {@link listBlockGas} reads at once. */
export const MAX_BLOCK_GAS_BLOCKS = 120;

/**
 * The newest indexed blocks' gas used, split by the bot whose addresses sent each transaction:
 * what fills the blocks, read from the explorer's index (no request to the node). A `blocks` out
 * of range fails with `INVALID_QUERY`.
 *
 * @example
 * const { blocks } = await platform.explorer.blockGas({ blocks: 30 });
 * blocks.at(-1)?.bots.transfer; // gas the transfer bot used in the newest block
 */
export async function listBlockGas(
  ctx: ExplorerContext,
  params: ListBlockGasParameters = {},
): Promise<ListBlockGasReturnType> {
  const limit = params.blocks ?? 30;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_BLOCK_GAS_BLOCKS) {
    throw new InvalidQueryError(
      `\`blocks\` must be an integer from 1 to ${MAX_BLOCK_GAS_BLOCKS}, got ${limit}.`,
    );
  }
  const botOf = new Map<string, string>();
  for (const account of ctx.bots()) botOf.set(account.address.toLowerCase(), account.name);
  const blocks = await ctx.store.listBlocks({ limit });
  const senders = await sendersOf(ctx, blocks);
  const read = blocks.map((block) => {
    const bots: Record<string, bigint> = {};
    let other = 0n;
    for (const sender of senders.get(block.number) ?? []) {
      const bot = botOf.get(sender.from.toLowerCase());
      if (bot === undefined) other += sender.gasUsed;
      else bots[bot] = (bots[bot] ?? 0n) + sender.gasUsed;
    }
    return {
      number: block.number,
      timestamp: block.timestamp,
      gasUsed: block.gasUsed,
      gasLimit: block.gasLimit,
      transactionCount: block.transactionCount,
      bots,
      other,
    };
  });
  return { blocks: read.reverse() };
}

/**
 * Each block's gas by sender: the rows the store keeps with each block (one per sender), or,
 * from a store without them, summed from every transaction of the window.
 */
async function sendersOf(ctx: ExplorerContext, blocks: readonly IndexedBlock[]) {
  const senders = new Map<bigint, { from: Address; gasUsed: bigint }[]>();
  if (ctx.store.blockGasBySender) {
    for (const row of await ctx.store.blockGasBySender(blocks.map((block) => block.number))) {
      senders.set(row.blockNumber, [...(senders.get(row.blockNumber) ?? []), row]);
    }
    return senders;
  }
  await Promise.all(
    blocks.map(async (block) => {
      senders.set(block.number, await blockTransactions(ctx, block.number, block.transactionCount));
    }),
  );
  return senders;
}

/** Every indexed transaction of a block, a store page at a time (a full block holds thousands). */
async function blockTransactions(ctx: ExplorerContext, number: bigint, count: number) {
  const transactions: IndexedTransaction[] = [];
  while (transactions.length < count) {
    const last = transactions[transactions.length - 1];
    const page = await ctx.store.listTransactions({
      limit: MAX_EXPLORER_PAGE,
      blockNumber: number,
      before: last ? { blockNumber: last.blockNumber, index: last.index } : undefined,
    });
    if (page.length === 0) break;
    transactions.push(...page);
  }
  return transactions;
}
