import { getAddress, type Hash } from "viem";
import type { ExplorerContext } from "./ExplorerContext.js";
import type { ChainSearchResult } from "./ExplorerShapes.js";

/** Most label matches answered. */
const MAX_LABEL_RESULTS = 20;

/**
 * What `q` names: a transaction or block hash (from the index, else the node), a block number
 * the chain has reached, an address (labelled), or labels containing `q` (any case).
 *
 * @example
 * await searchChain(ctx, "transfer bot"); // [{ type: "address", value: "0x…", label: "transfer bot" }]
 */
export async function searchChain(ctx: ExplorerContext, q: string): Promise<ChainSearchResult[]> {
  const query = q.trim();
  if (query === "") return [];
  const labels = await ctx.labels.all();
  if (/^0x[0-9a-fA-F]{64}$/.test(query)) {
    const hash = query as Hash;
    const results: ChainSearchResult[] = [];
    const [transaction, block] = await Promise.all([
      ctx.store.getTransaction(hash),
      ctx.store.getBlock(hash),
    ]);
    if (transaction) results.push({ type: "transaction", value: transaction.hash, label: null });
    if (block) results.push({ type: "block", value: block.number.toString(), label: null });
    if (results.length > 0) return results;
    const [onChain, blockOnChain] = await Promise.all([
      ctx.reader.request({ method: "eth_getTransactionByHash", params: [hash] }).catch(() => null),
      ctx.reader.request({ method: "eth_getBlockByHash", params: [hash, false] }).catch(() => null),
    ]);
    if (onChain) results.push({ type: "transaction", value: (onChain as { hash: Hash }).hash, label: null });
    if (blockOnChain) {
      results.push({
        type: "block",
        value: BigInt((blockOnChain as { number: string }).number).toString(),
        label: null,
      });
    }
    return results;
  }
  if (/^0x[0-9a-fA-F]{40}$/.test(query)) {
    const address = getAddress(query.toLowerCase());
    // A contract matched to a build artifact is named by its code, read on the first look.
    await ctx.registry.lookup(address).catch(() => undefined);
    const label = (await ctx.labels.labeller())(address);
    return [{ type: "address", value: address, label: label?.name ?? null }];
  }
  const results: ChainSearchResult[] = [];
  if (/^\d{1,20}$/.test(query)) {
    const head = await ctx.head.read();
    if (BigInt(query) <= head) results.push({ type: "block", value: BigInt(query).toString(), label: null });
  }
  const needle = query.toLowerCase();
  for (const [address, label] of labels) {
    if (results.length >= MAX_LABEL_RESULTS) break;
    if (label.name.toLowerCase().includes(needle)) {
      results.push({ type: "address", value: getAddress(address), label: label.name });
    }
  }
  return results;
}
