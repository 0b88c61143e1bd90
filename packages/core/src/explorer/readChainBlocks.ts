import { type Address, getAddress, type Hash, type Hex, type PublicClient, toHex } from "viem";
import type { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import type { IndexedBlockData, IndexedTransaction } from "../storage/ExplorerStore.js";
import type { TransactionKind } from "../storage/TransactionKind.js";
import { type RawLog, tokenTransfers } from "./tokenTransfers.js";

/** A block as `eth_getBlockByNumber(n, true)` answers it (the fields read). */
type RawBlock = Omit<RawHeader, "transactions"> & { transactions: RawTransaction[] };
/** A block as `eth_getBlockByNumber(n, false)` answers it: transaction hashes only. */
type RawHeader = {
  number: Hex;
  hash: Hash;
  parentHash: Hash;
  timestamp: Hex;
  gasUsed: Hex;
  gasLimit: Hex;
  baseFeePerGas?: Hex | null;
  miner: Address;
  transactions: unknown[];
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
  transactionIndex?: Hex;
  blockHash?: Hash;
  from: Address;
  to: Address | null;
  type?: Hex;
  status: Hex;
  gasUsed: Hex;
  effectiveGasPrice: Hex;
  contractAddress: Address | null;
  logs: RawLog[];
};
/** A transaction's own fields, however they were read (the block's body, or a receipt and a kept body). */
type TransactionFields = {
  hash: Hash;
  from: Address;
  to: Address | null;
  value: bigint;
  nonce: number;
  input: Hex;
  type?: Hex | undefined;
  index: number;
};

/**
 * Transactions of a block read from receipts whose bodies were not kept: up to this many are asked
 * for one by one (`eth_getTransactionByHash`, one batch); more, and the whole block is read.
 */
const MAX_BODY_LOOKUPS = 32;

type ReadOptions = {
  blockReceipts: boolean;
  /** Receipts shared with the transaction watcher: each block's read once (see RecentBlockReceipts). */
  recent?: RecentBlockReceipts | undefined;
  /**
   * Bodies of the transactions the platform sent (with `recent`): a block is then built from its
   * header and receipts, and only the bodies not kept are read from the node.
   */
  bodies?: SentTransactionBodies | undefined;
};

/**
 * Reads blocks `numbers` with their transactions and receipts: for each block one
 * `eth_getBlockByNumber` with full transactions and one `eth_getBlockReceipts`, all requested in
 * the same turn of the event loop so that a batching client sends them as one JSON-RPC batch.
 * A block the node does not have (yet) ends the list there. Nodes without `eth_getBlockReceipts`:
 * one `eth_getTransactionReceipt` per transaction instead (also batched).
 *
 * With the watcher's receipts and the platform's sent bodies (the indexer's case), a block is its
 * header and its receipts, and the node is asked only for the bodies of transactions the platform
 * did not send: a block of the platform's own traffic costs the node no second full read.
 *
 * @example
 * const blocks = await readChainBlocks(batchingClient, [100n, 101n]);
 */
export async function readChainBlocks(
  client: PublicClient,
  numbers: readonly bigint[],
  options: ReadOptions = { blockReceipts: true },
): Promise<IndexedBlockData[]> {
  const read = nodeReads(client);
  const { recent, bodies } = options;
  if (options.blockReceipts && recent && bodies) {
    const answers = await Promise.all(
      numbers.map((number) => readFromReceipts(read, number, recent, bodies)),
    );
    const result: IndexedBlockData[] = [];
    for (const answer of answers) {
      if (!answer) break;
      result.push(answer);
    }
    return result;
  }
  const reads = numbers.map(async (number): Promise<[RawBlock | null, RawReceipt[] | null | undefined]> => {
    if (!options.blockReceipts) return [await read.block(number), undefined];
    if (!recent) return Promise.all([read.block(number), read.blockReceipts(number)]);
    // The block first: its hash says whether receipts the watcher read (or is reading) are its.
    const block = await read.block(number);
    if (!block) return [null, undefined];
    const receipts = await recent.read(BigInt(block.number), block.hash, () => read.blockReceipts(number));
    return [block, receipts as RawReceipt[] | null];
  });
  const answers = await Promise.all(reads);
  const result: IndexedBlockData[] = [];
  for (const [block, blockReceipts] of answers) {
    if (!block) break;
    let receipts = blockReceipts;
    if (receipts === undefined) {
      receipts = (await Promise.all(
        block.transactions.map((transaction) => read.receipt(transaction.hash)),
      )) as RawReceipt[];
    }
    if (!receipts || receipts.length !== block.transactions.length || receipts.some((receipt) => !receipt))
      break;
    result.push(toIndexedBlock(block, block.transactions.map(fromRawTransaction), receipts));
  }
  return result;
}

/**
 * One block from its header, its receipts (shared with the watcher) and the kept bodies; null when
 * the node does not have it, or it changed between the reads (the next poll reads it again).
 */
async function readFromReceipts(
  node: NodeReads,
  number: bigint,
  recent: RecentBlockReceipts,
  bodies: SentTransactionBodies,
): Promise<IndexedBlockData | null> {
  const header = await node.header(number);
  if (!header) return null;
  const hash = header.hash.toLowerCase();
  const receipts = (await recent.read(BigInt(header.number), header.hash, () =>
    node.blockReceipts(number),
  )) as RawReceipt[] | null;
  // Receipts read by number after the header: the block at that number may have changed between
  // (their hashes, in order, must be the header's).
  if (
    !receipts ||
    receipts.length !== header.transactions.length ||
    receipts.some((receipt, position) => {
      const listed = header.transactions[position];
      return (
        (receipt.blockHash !== undefined && receipt.blockHash.toLowerCase() !== hash) ||
        (typeof listed === "string" && listed.toLowerCase() !== receipt.transactionHash.toLowerCase())
      );
    })
  ) {
    return null;
  }
  const kept = receipts.map((receipt) => bodies.get(receipt.transactionHash));
  const missing = receipts.filter((_, position) => !kept[position]);
  let read = new Map<string, RawTransaction>();
  if (missing.length > MAX_BODY_LOOKUPS) {
    const block = await node.block(number);
    if (block?.hash.toLowerCase() !== hash) return null;
    read = new Map(block.transactions.map((transaction) => [transaction.hash.toLowerCase(), transaction]));
  } else if (missing.length > 0) {
    const found = await Promise.all(missing.map((receipt) => node.transaction(receipt.transactionHash)));
    for (const transaction of found) {
      // Gone meanwhile (the chain went back): the next poll reads the block again.
      if (!transaction) return null;
      read.set(transaction.hash.toLowerCase(), transaction);
    }
  }
  const transactions: TransactionFields[] = [];
  for (const [position, receipt] of receipts.entries()) {
    const body = kept[position];
    if (body) {
      transactions.push({
        hash: receipt.transactionHash,
        from: receipt.from,
        to: receipt.to,
        value: body.value,
        nonce: body.nonce,
        input: body.input,
        type: receipt.type ?? body.type,
        index: receipt.transactionIndex === undefined ? position : Number(receipt.transactionIndex),
      });
      continue;
    }
    const raw = read.get(receipt.transactionHash.toLowerCase());
    if (!raw) return null;
    transactions.push(fromRawTransaction(raw, position));
  }
  bodies.delete(receipts.map((receipt) => receipt.transactionHash));
  return toIndexedBlock(header, transactions, receipts);
}

/** The node's reads the index makes, typed as viem types them and answered in the fields it uses. */
type NodeReads = ReturnType<typeof nodeReads>;

function nodeReads(client: PublicClient) {
  return {
    block: (number: bigint) =>
      client.request({
        method: "eth_getBlockByNumber",
        params: [toHex(number), true],
      }) as Promise<RawBlock | null>,
    header: (number: bigint) =>
      client.request({
        method: "eth_getBlockByNumber",
        params: [toHex(number), false],
      }) as Promise<RawHeader | null>,
    blockReceipts: (number: bigint) =>
      client.request({ method: "eth_getBlockReceipts", params: [toHex(number)] }) as Promise<
        RawReceipt[] | null
      >,
    receipt: (hash: Hash) =>
      client.request({ method: "eth_getTransactionReceipt", params: [hash] }) as Promise<RawReceipt | null>,
    transaction: (hash: Hash) =>
      client.request({
        method: "eth_getTransactionByHash",
        params: [hash],
      }) as Promise<RawTransaction | null>,
  };
}

function fromRawTransaction(raw: RawTransaction, position?: number): TransactionFields {
  return {
    hash: raw.hash,
    from: raw.from,
    to: raw.to,
    value: BigInt(raw.value),
    nonce: Number(raw.nonce),
    input: raw.input,
    type: raw.type,
    index:
      raw.transactionIndex === undefined || raw.transactionIndex === null
        ? (position ?? 0)
        : Number(raw.transactionIndex),
  };
}

function toIndexedBlock(
  block: RawHeader,
  fields: readonly TransactionFields[],
  receipts: readonly RawReceipt[],
): IndexedBlockData {
  const number = BigInt(block.number);
  const timestamp = Number(block.timestamp);
  const byHash = new Map(receipts.map((receipt) => [receipt.transactionHash, receipt]));
  const transactions = fields.map((raw, position): IndexedTransaction => {
    const receipt = byHash.get(raw.hash) ?? (receipts[position] as RawReceipt);
    const { kind, selector } = kindOf(raw);
    return {
      hash: raw.hash,
      blockNumber: number,
      blockHash: block.hash,
      index: raw.index,
      timestamp,
      from: getAddress(raw.from),
      to: raw.to ? getAddress(raw.to) : null,
      value: raw.value,
      nonce: raw.nonce,
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
