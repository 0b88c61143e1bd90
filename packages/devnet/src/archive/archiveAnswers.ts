import type { AnvilRpc, ClockCall } from "../anvil/clock/createDevnetClock.js";
import type { RpcError } from "../anvil/clock/relayRefusal.js";
import { type LogFilter, matches, type RpcLog } from "../anvil/clock/removedLogs.js";
import type { ArchivedBlock, ChainArchive, RpcBlock } from "./chainArchive.js";

/** What the archive answers for one call: a result, anvil's error, or nothing (anvil answers). */
export type ArchiveAnswer = { result: unknown } | { error: RpcError } | undefined;

/** The methods the archive answers, for the blocks it holds. */
export const ARCHIVED_METHODS = [
  "eth_getBlockByNumber",
  "eth_getBlockByHash",
  "eth_getTransactionByHash",
  "eth_getTransactionReceipt",
  "eth_getBlockReceipts",
  "eth_getLogs",
  "eth_getTransactionByBlockNumberAndIndex",
  "eth_getTransactionByBlockHashAndIndex",
  "eth_getBlockTransactionCountByNumber",
  "eth_getBlockTransactionCountByHash",
] as const;

export type ArchiveReader = {
  archive: ChainArchive;
  /**
   * The highest archived block that is on anvil's chain now (its hash is anvil's), or undefined.
   * Blocks at or below it are answered from the archive: a block's hash commits to every block
   * below it, so one check covers them all.
   */
  trustedTop(): Promise<number | undefined>;
  /** anvil, for the part of an `eth_getLogs` range above the archive. */
  rpc: AnvilRpc;
};

/**
 * The archive's answer to `call` — field for field what anvil answered while it held the block —
 * or undefined when the call is not about an archived block (anvil answers it).
 *
 * @example
 * const answer = await answerFromArchive(reader, { method: "eth_getTransactionReceipt", params: [hash] });
 */
export async function answerFromArchive(reader: ArchiveReader, call: ClockCall): Promise<ArchiveAnswer> {
  const { archive } = reader;
  const [first, second] = call.params;
  /** The archived block at `number`, if anvil's chain still has it. */
  const trusted = async (number: number | undefined): Promise<ArchivedBlock | undefined> => {
    // Above the archive (most reads: recent blocks): anvil answers, without a check of the archive.
    if (number === undefined || number > (archive.top()?.number ?? -1)) return undefined;
    const top = await reader.trustedTop();
    return top !== undefined && number <= top ? archive.block(number) : undefined;
  };
  const byHash = (hash: unknown) => (isHash(hash) ? archive.numberOfBlock(hash) : undefined);
  switch (call.method) {
    case "eth_getBlockByNumber":
    case "eth_getBlockByHash": {
      const number = call.method === "eth_getBlockByNumber" ? numberOf(first) : byHash(first);
      const found = await trusted(number);
      return found && { result: second === true ? found.block : withHashes(found.block) };
    }
    case "eth_getTransactionByHash":
    case "eth_getTransactionReceipt": {
      const place = isHash(first) ? archive.locate(first) : undefined;
      const found = await trusted(place?.number);
      if (!found || !place) return undefined;
      const list = call.method === "eth_getTransactionByHash" ? found.block.transactions : found.receipts;
      return { result: list[place.index] ?? null };
    }
    case "eth_getBlockReceipts": {
      const found = await trusted(blockOf(first, byHash));
      return found && { result: found.receipts };
    }
    case "eth_getTransactionByBlockNumberAndIndex":
    case "eth_getTransactionByBlockHashAndIndex": {
      const number =
        call.method === "eth_getTransactionByBlockHashAndIndex" ? byHash(first) : numberOf(first);
      const found = await trusted(number);
      const index = numberOf(second);
      return found && { result: (index !== undefined && found.block.transactions[index]) || null };
    }
    case "eth_getBlockTransactionCountByNumber":
    case "eth_getBlockTransactionCountByHash": {
      const number = call.method === "eth_getBlockTransactionCountByHash" ? byHash(first) : numberOf(first);
      const found = await trusted(number);
      return found && { result: `0x${found.block.transactions.length.toString(16)}` };
    }
    case "eth_getLogs":
      return logsFromArchive(reader, first, byHash);
    default:
      return undefined;
  }
}

/**
 * `eth_getLogs` over a range that starts in the archive: the archived blocks' logs, then anvil's
 * for the rest of the range (asked from the block above the archive), in block order.
 */
async function logsFromArchive(
  reader: ArchiveReader,
  filterParameter: unknown,
  byHash: (hash: unknown) => number | undefined,
): Promise<ArchiveAnswer> {
  if (typeof filterParameter !== "object" || filterParameter === null) return undefined;
  const filter = filterParameter as LogFilter & {
    fromBlock?: unknown;
    toBlock?: unknown;
    blockHash?: unknown;
  };
  const wanted = (log: RpcLog) => matches(filter, log);
  const logsOf = (block: ArchivedBlock) => block.receipts.flatMap((receipt) => receipt.logs.filter(wanted));
  if (filter.blockHash !== undefined) {
    const number = byHash(filter.blockHash);
    const top = number === undefined ? undefined : await reader.trustedTop();
    if (number === undefined || top === undefined || number > top) return undefined;
    const block = reader.archive.block(number);
    return block && { result: logsOf(block) };
  }
  const from = numberOf(filter.fromBlock ?? "latest");
  if (from === undefined) return undefined;
  const to = filter.toBlock === undefined ? undefined : numberOf(filter.toBlock);
  if (to !== undefined && to < from) return undefined;
  if (from > (reader.archive.top()?.number ?? -1)) return undefined;
  const top = await reader.trustedTop();
  if (top === undefined || from > top) return undefined;
  const logs: RpcLog[] = [];
  for (const block of reader.archive.blocksWithLogs(from, Math.min(to ?? top, top)))
    logs.push(...logsOf(block));
  if (to !== undefined && to <= top) return { result: logs };
  // The rest of the range is anvil's (a tag such as "latest" stays as the client gave it).
  try {
    const rest = await reader.rpc<RpcLog[]>("eth_getLogs", [
      { ...filter, fromBlock: `0x${(top + 1).toString(16)}` },
    ]);
    return { result: [...logs, ...rest] };
  } catch (error) {
    return { error: { code: -32000, message: error instanceof Error ? error.message : String(error) } };
  }
}

/** A block as `eth_getBlockByNumber(n, false)` answers it: the transactions' hashes only. */
function withHashes(block: RpcBlock): RpcBlock {
  return { ...block, transactions: block.transactions.map((transaction) => transaction.hash) as never };
}

/** A block number given as a quantity, `"earliest"` (0); undefined for other tags and bad input. */
function numberOf(value: unknown): number | undefined {
  if (value === "earliest") return 0;
  if (typeof value !== "string" || !/^0x[0-9a-fA-F]{1,13}$/.test(value)) return undefined;
  return Number(value);
}

/** A block given as a number, a tag or EIP-1898's `{ blockNumber }` / `{ blockHash }`. */
function blockOf(value: unknown, byHash: (hash: unknown) => number | undefined): number | undefined {
  if (isHash(value)) return byHash(value);
  if (typeof value === "object" && value !== null) {
    const { blockNumber, blockHash } = value as { blockNumber?: unknown; blockHash?: unknown };
    return blockHash !== undefined ? byHash(blockHash) : numberOf(blockNumber);
  }
  return numberOf(value);
}

function isHash(value: unknown): value is string {
  return typeof value === "string" && /^0x[0-9a-fA-F]{64}$/.test(value);
}
