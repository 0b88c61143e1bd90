import { InvalidQueryError } from "../errors/sender.js";
import type { ChainPosition } from "../storage/ExplorerStore.js";

/**
 * The explorer's cursors: opaque to callers, `<block>` for block lists and `<block>:<index>` for
 * transaction lists (the position of the last item of the page before).
 */
export function encodeBlockCursor(block: bigint): string {
  return block.toString();
}

export function decodeBlockCursor(cursor: string | undefined): bigint | undefined {
  if (cursor === undefined) return undefined;
  if (!/^\d{1,20}$/.test(cursor))
    throw new InvalidQueryError(`\`cursor\` is not one this API gave out: "${cursor.slice(0, 40)}".`);
  return BigInt(cursor);
}

export function encodeTransactionCursor(position: ChainPosition): string {
  return `${position.blockNumber}:${position.index}`;
}

export function decodeTransactionCursor(cursor: string | undefined): ChainPosition | undefined {
  if (cursor === undefined) return undefined;
  const match = /^(\d{1,20}):(\d{1,9})$/.exec(cursor);
  if (!match)
    throw new InvalidQueryError(`\`cursor\` is not one this API gave out: "${cursor.slice(0, 40)}".`);
  return { blockNumber: BigInt(match[1] as string), index: Number(match[2]) };
}
