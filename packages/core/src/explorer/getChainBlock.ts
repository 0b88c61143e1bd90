import type { Hash } from "viem";
import { BlockNotFoundError } from "../errors/explorer.js";
import { type IndexedTransaction, MAX_EXPLORER_PAGE } from "../storage/ExplorerStore.js";
import { describeTransactions } from "./describeTransactions.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { ChainBlock, ChainTransaction } from "./ExplorerShapes.js";
import { readChainBlocks } from "./readChainBlocks.js";

export type GetChainBlockReturnType = { block: ChainBlock; transactions: ChainTransaction[] };

/**
 * A block with every transaction in it, decoded: from the index, or read from the node when the
 * index does not hold it (before it started, or past its retention). Fails with `BLOCK_NOT_FOUND`.
 */
export async function getChainBlock(
  ctx: ExplorerContext,
  block: bigint | Hash,
): Promise<GetChainBlockReturnType> {
  const indexed = await ctx.store.getBlock(block);
  if (indexed) {
    // The whole block, a store page at a time (a full block holds thousands), in block order.
    const transactions: IndexedTransaction[] = [];
    while (transactions.length < indexed.transactionCount) {
      const last = transactions[transactions.length - 1];
      const page = await ctx.store.listTransactions({
        limit: MAX_EXPLORER_PAGE,
        blockNumber: indexed.number,
        before: last ? { blockNumber: last.blockNumber, index: last.index } : undefined,
      });
      if (page.length === 0) break;
      transactions.push(...page);
    }
    return { block: indexed, transactions: await describeTransactions(ctx, transactions.reverse()) };
  }
  let number: bigint | undefined = typeof block === "bigint" ? block : undefined;
  if (number === undefined) {
    const header = (await ctx.reader
      .request({ method: "eth_getBlockByHash", params: [block as Hash, false] })
      .catch(() => null)) as { number: `0x${string}` } | null;
    if (header) number = BigInt(header.number);
  }
  const [read] = number === undefined ? [] : await readChainBlocks(ctx.reader, [number]);
  if (!read) throw new BlockNotFoundError(typeof block === "bigint" ? block.toString() : block);
  return { block: read.block, transactions: await describeTransactions(ctx, read.transactions) };
}
