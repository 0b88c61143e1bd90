import type { Address } from "viem";
import { toHex } from "viem";
import type { ExplorerContext } from "./ExplorerContext.js";

/**
 * How nodes say they no longer hold a block's state: anvil beyond `--prune-history`
 * ("BlockOutOfRangeError: block height is 900 but requested was 12"), geth and reth beyond their
 * history ("missing trie node", "historical state … is not available", "pruned").
 */
const STATE_GONE = /block ?out ?of ?range|not available|missing trie node|pruned|state .*unavailable/i;

/**
 * The plain reason a mined transaction has no trace when the node pruned the state it ran on:
 * its parent block's state is read back (a balance), and a node answering that it no longer holds
 * it explains the missing trace. Null when that state is there (the trace failed for another
 * reason, or the node has no tracer) — the answer then stays as it was.
 *
 * @example
 * await stateWindowReason(ctx, { blockNumber: 12n, from }); // "block 12 is older than the node's state window (128 blocks): …"
 */
export async function stateWindowReason(
  ctx: Pick<ExplorerContext, "reader" | "stateWindow">,
  transaction: { blockNumber: bigint; from: Address },
): Promise<string | null> {
  const parent = transaction.blockNumber > 0n ? transaction.blockNumber - 1n : 0n;
  try {
    await ctx.reader.request({ method: "eth_getBalance", params: [transaction.from, toHex(parent)] });
    return null;
  } catch (error) {
    if (!STATE_GONE.test(error instanceof Error ? error.message : String(error))) return null;
  }
  const window = ctx.stateWindow === undefined ? "" : ` (${ctx.stateWindow} blocks)`;
  return `block ${transaction.blockNumber} is older than the node's state window${window}: no trace or state changes`;
}
