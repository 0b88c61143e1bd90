import { decodeBlockCursor, encodeBlockCursor } from "./chainCursor.js";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { ChainBlock } from "./ExplorerShapes.js";

export type ListChainBlocksParameters = { limit?: number | undefined; cursor?: string | undefined };

export type ListChainBlocksReturnType = {
  blocks: ChainBlock[];
  /** The chain's head, read fresh. */
  head: bigint;
  /** The highest indexed block; -1 while nothing is indexed. */
  indexedTo: bigint;
  nextCursor: string | null;
};

/** The indexed blocks, newest first, paged by cursor. */
export async function listChainBlocks(
  ctx: ExplorerContext,
  params: ListChainBlocksParameters = {},
): Promise<ListChainBlocksReturnType> {
  const limit = params.limit ?? 25;
  const before = decodeBlockCursor(params.cursor);
  const [blocks, head, range] = await Promise.all([
    ctx.store.listBlocks({ limit, before }),
    ctx.head.read(),
    ctx.store.range(),
  ]);
  const last = blocks[blocks.length - 1];
  return {
    blocks,
    head,
    indexedTo: range?.highest ?? -1n,
    nextCursor:
      blocks.length === limit && last && last.number > (range?.lowest ?? 0n)
        ? encodeBlockCursor(last.number)
        : null,
  };
}
