import { type Address, getAddress, type Hash, type Hex, type PublicClient, toHex } from "viem";
import type { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { IndexedBlockData, IndexedTransaction } from "../storage/ExplorerStore.js";
import type { TransactionKind } from "../storage/TransactionKind.js";
import { type RawLog, tokenTransfers } from "./tokenTransfers.js";

/** A block as `eth_getBlockByNumber(n, true)` answers it (the fields read). */
type RawBlock = {
  number: Hex;
  hash: Hash;
  parentHash: Hash;
  timestamp: Hex;
  gasUsed: Hex;
  gasLimit: Hex;
  baseFeePerGas?: Hex | null;
  miner: Address;
  transactions: RawTransaction[];
};
type RawTransaction = {
  hash: Hash;
  from: Address;
  to: Address | null;
  value: Hex;
  nonce: Hex;
  input: Hex;
  type?: Hex;
  transactionIndex: Hex;
};
type RawReceipt = {
  transactionHash: Hash;
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  contractAddress: Address | null;
  logs: RawLog[];
};

/** A block header, for comparing hashes (`eth_getBlockByNumber(n, false)`). */
export type BlockHeader = { number: bigint; hash: Hash; parentHash: Hash };

/**
 * Reads blocks `numbers` with their transactions and receipts: for each block one
 * `eth_getBlockByNumber` with full transactions and one `eth_getBlockReceipts`, all requested in
 * the same turn of the event loop so that a batching client sends them as one JSON-RPC batch.
 * A block the node does not have (yet) ends the list there. Nodes without `eth_getBlockReceipts`:
 * one `eth_getTransactionReceipt` per transaction instead (also batched).
 *
 * @example
 * const blocks = await readChainBlocks(batchingClient, [100n, 101n]);
 */
export async function readChainBlocks(
  client: PublicClient,
  numbers: readonly bigint[],
  options: {
    blockReceipts: boolean;
    /** Receipts shared with the transaction watcher: each block's read once (see RecentBlockReceipts). */
    recent?: RecentBlockReceipts | undefined;
  } = { blockReceipts: true },
): Promise<IndexedBlockData[]> {
  const request = (method: string, params: unknown[]) =>
    client.request({ method: method as "eth_blockNumber", params: params as never }) as Promise<unknown>;
  const readReceipts = (number: bigint) =>
    request("eth_getBlockReceipts", [toHex(number)]) as Promise<RawReceipt[] | null>;
  const { recent } = options;
  const reads = numbers.map(async (number): Promise<[RawBlock | null, RawReceipt[] | null | undefined]> => {
    if (!options.blockReceipts) {
      return [(await request("eth_getBlockByNumber", [toHex(number), true])) as RawBlock | null, undefined];
    }
    if (!recent) {
      return Promise.all([
        request("eth_getBlockByNumber", [toHex(number), true]) as Promise<RawBlock | null>,
        readReceipts(number),
      ]);
    }
    // The block first: its hash says whether receipts the watcher read (or is reading) are its.
    const block = (await request("eth_getBlockByNumber", [toHex(number), true])) as RawBlock | null;
    if (!block) return [null, undefined];
    const receipts = await recent.read(BigInt(block.number), block.hash, () => readReceipts(number));
    return [block, receipts as RawReceipt[] | null];
  });
  const answers = await Promise.all(reads);
  const result: IndexedBlockData[] = [];
  for (const [block, blockReceipts] of answers) {
    if (!block) break;
    let receipts = blockReceipts;
    if (receipts === undefined) {
      receipts = (await Promise.all(
        block.transactions.map((transaction) => request("eth_getTransactionReceipt", [transaction.hash])),
      )) as RawReceipt[];
    }
    if (!receipts || receipts.length !== block.transactions.length || receipts.some((receipt) => !receipt))
      break;
    result.push(toIndexedBlock(block, receipts));
  }
  return result;
}

/** Block headers by number (one batch); a number the node does not have is left out. */
export async function readBlockHeaders(
  client: PublicClient,
  numbers: readonly bigint[],
): Promise<BlockHeader[]> {
  const blocks = (await Promise.all(
    numbers.map((number) =>
      client.request({ method: "eth_getBlockByNumber", params: [toHex(number), false] }),
    ),
  )) as ({ number: Hex; hash: Hash; parentHash: Hash } | null)[];
  return blocks
    .filter((block) => block !== null)
    .map((block) => ({ number: BigInt(block.number), hash: block.hash, parentHash: block.parentHash }));
}

function toIndexedBlock(block: RawBlock, receipts: RawReceipt[]): IndexedBlockData {
  const number = BigInt(block.number);
  const timestamp = Number(block.timestamp);
  const byHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));
  const transactions = block.transactions.map((raw, position): IndexedTransaction => {
    const receipt = byHash.get(raw.hash) ?? (receipts[position] as RawReceipt);
    const { kind, selector } = kindOf(raw);
    return {
      hash: raw.hash,
      blockNumber: number,
      blockHash: block.hash,
      index: Number(raw.transactionIndex ?? position),
      timestamp,
      from: getAddress(raw.from),
      to: raw.to ? getAddress(raw.to) : null,
      value: BigInt(raw.value),
      nonce: Number(raw.nonce),
      kind,
      selector,
      input: selector === null ? null : raw.input,
      status: Number(receipt.status) === 1 ? "success" : "reverted",
      gasUsed: BigInt(receipt.gasUsed),
      effectiveGasPrice: BigInt(receipt.effectiveGasPrice ?? "0x0"),
      contractAddress: receipt.contractAddress ? getAddress(receipt.contractAddress) : null,
      tokenTransfers: tokenTransfers(receipt.logs ?? []),
    };
  });
  return {
    block: {
      number,
      hash: block.hash,
      parentHash: block.parentHash,
      timestamp,
      transactionCount: transactions.length,
      gasUsed: BigInt(block.gasUsed),
      gasLimit: BigInt(block.gasLimit),
      baseFeePerGas:
        block.baseFeePerGas === undefined || block.baseFeePerGas === null
          ? null
          : BigInt(block.baseFeePerGas),
      miner: getAddress(block.miner),
    },
    transactions,
  };
}

/**
 * The kind, as the history decides it for what privnet sends (see `transactionKind`): type 3 is a
 * blob, type 4 a set-code, no recipient a deployment, 4 bytes of data or more a call, the rest a
 * transfer. Blob and set-code transactions that call a function keep their selector.
 */
export function kindOf(raw: { to: Address | null; input: Hex; type?: Hex | undefined }): {
  kind: TransactionKind;
  selector: Hex | null;
} {
  const selector = raw.to && raw.input && raw.input.length >= 10 ? (raw.input.slice(0, 10) as Hex) : null;
  const type = raw.type === undefined ? 0 : Number(raw.type);
  if (type === 3) return { kind: "blob", selector };
  if (type === 4) return { kind: "set-code", selector };
  if (!raw.to) return { kind: "deploy", selector: null };
  if (selector !== null) return { kind: "call", selector };
  return { kind: "transfer", selector: null };
}
