import { createHash } from "node:crypto";
import { DatabaseSync } from "node:sqlite";
import type {
  IndexedBlockData,
  IndexedTransaction,
  NewTransactionRecord,
  StorageAdapter,
} from "@privnet/core";
import type pg from "pg";
import { type Address, getAddress, type Hash } from "viem";

/** Synthetic transactions per block: a block of the filled index holds this many. */
export const SYNTHETIC_PER_BLOCK = 100;

/** Who sends the synthetic traffic: most of it two bots, a tenth a stored wallet through the API. */
export type SyntheticSenders = {
  /** The transfer bot's own address (`source: "transfer"`). */
  transfer: Address;
  /** The erc20 bot's own address (`source: "erc20"`), sending a token. */
  erc20: Address;
  /** A stored wallet's address (`source: "api"`). */
  wallet: Address;
  /** The token the erc20 bot moves. */
  token: Address;
};

/** A block's real number and hash (and parent's), read from the node: the index must agree with the chain. */
export type ChainBlock = { number: bigint; hash: Hash; parentHash: Hash; timestamp: number };

const recipients = Array.from({ length: 1000 }, (_, index) =>
  getAddress(`0x${(0xbe0000 + index).toString(16).padStart(40, "0")}`),
);

/** A recipient of the synthetic traffic (1,000 of them, in turn). */
export function syntheticRecipient(position: number): Address {
  return recipients[position % recipients.length] as Address;
}

/** The hash of the `position`-th synthetic transaction: random-looking, as real hashes are. */
export function syntheticHash(position: number): Hash {
  return `0x${createHash("sha256").update(`privnet-bench-${position}`).digest("hex")}`;
}

/** 7 in 10 from the transfer bot, 2 in 10 from the erc20 bot (a token transfer each), 1 from a wallet. */
function senderOf(position: number, senders: SyntheticSenders) {
  const slot = position % 10;
  if (slot < 7) return { from: senders.transfer, source: "transfer", token: false };
  if (slot < 9) return { from: senders.erc20, source: "erc20", token: true };
  return { from: senders.wallet, source: "api", token: false };
}

function indexedTransaction(
  position: number,
  block: ChainBlock,
  senders: SyntheticSenders,
): IndexedTransaction {
  const { from, token } = senderOf(position, senders);
  const to = syntheticRecipient(position);
  return {
    hash: syntheticHash(position),
    blockNumber: block.number,
    blockHash: block.hash,
    index: position % SYNTHETIC_PER_BLOCK,
    timestamp: block.timestamp,
    from,
    to: token ? senders.token : to,
    value: token ? 0n : 1_000_000_000_000n,
    nonce: position,
    kind: token ? "call" : "transfer",
    selector: token ? "0xa9059cbb" : null,
    input: token ? `0xa9059cbb${to.slice(2).padStart(64, "0")}${"1".padStart(64, "0")}` : null,
    status: "success",
    gasUsed: token ? 34_000n : 21_000n,
    effectiveGasPrice: 1_000_000_000n,
    contractAddress: null,
    tokenTransfers: token
      ? [
          {
            standard: "erc20",
            token: senders.token,
            from,
            to,
            amount: 1n,
            tokenId: null,
            logIndex: position % SYNTHETIC_PER_BLOCK,
            position: 0,
          },
        ]
      : [],
  };
}

function historyRecord(transaction: IndexedTransaction, position: number, senders: SyntheticSenders) {
  const { source } = senderOf(position, senders);
  const token = transaction.tokenTransfers[0];
  return {
    hash: transaction.hash,
    from: transaction.from,
    to: token ? token.to : (transaction.to as Address),
    value: transaction.value,
    nonce: transaction.nonce,
    status: "confirmed",
    blockNumber: transaction.blockNumber,
    source,
    createdAt: new Date(Date.UTC(2026, 10, 1) + position * 10).toISOString(),
    kind: transaction.kind,
    selector: transaction.selector,
  } satisfies NewTransactionRecord;
}

/**
 * Writes synthetic records straight through the storage adapter, in big batches: history records
 * (`transactions.insertMany`) and the explorer's index of the same transactions (`putBlocks`), in
 * the given chain blocks, `SYNTHETIC_PER_BLOCK` a block. Positions `from` to `to - 1`. Not what
 * the platform's sender and indexer do one block at a time: this measures the store, not them.
 */
export async function fillSyntheticHistory(
  storage: StorageAdapter,
  blocks: readonly ChainBlock[],
  senders: SyntheticSenders,
  range: { from: number; to: number },
): Promise<void> {
  const perWrite = 50;
  for (let start = range.from; start < range.to; start += perWrite * SYNTHETIC_PER_BLOCK) {
    const end = Math.min(range.to, start + perWrite * SYNTHETIC_PER_BLOCK);
    const data: IndexedBlockData[] = [];
    const records: NewTransactionRecord[] = [];
    for (let position = start; position < end; position++) {
      const block = blocks[Math.floor(position / SYNTHETIC_PER_BLOCK)] as ChainBlock;
      let entry = data.at(-1);
      if (entry?.block.number !== block.number) {
        entry = {
          block: {
            number: block.number,
            hash: block.hash,
            parentHash: block.parentHash,
            timestamp: block.timestamp,
            transactionCount: 0,
            gasUsed: 0n,
            gasLimit: 60_000_000n,
            baseFeePerGas: 1_000_000_000n,
            miner: "0x0000000000000000000000000000000000000000",
          },
          transactions: [],
        };
        data.push(entry);
      }
      const transaction = indexedTransaction(position, block, senders);
      entry.transactions.push(transaction);
      entry.block.transactionCount++;
      entry.block.gasUsed += transaction.gasUsed;
      records.push(historyRecord(transaction, position, senders));
    }
    // PostgreSQL takes at most 65,535 parameters a statement: 12 a record.
    for (let at = 0; at < records.length; at += 5_000)
      await storage.transactions.insertMany(records.slice(at, at + 5_000));
    await storage.explorer?.putBlocks(data);
  }
}

/**
 * A store an earlier run filled, made to agree with a new anvil: its indexed blocks take the new
 * chain's hashes at their numbers (the explorer's indexer would otherwise take them for a chain
 * that went back, and drop them).
 */
export function repointSqliteBlocks(path: string, blocks: readonly ChainBlock[]): void {
  const db = new DatabaseSync(path);
  try {
    db.exec("BEGIN");
    const update = db.prepare("UPDATE explorer_blocks SET hash = ?, parent_hash = ? WHERE number = ?");
    for (const block of blocks) update.run(block.hash, block.parentHash, Number(block.number));
    db.exec("COMMIT");
  } finally {
    db.close();
  }
}

/** The same for a PostgreSQL schema; false when the schema holds no index to repoint. */
export async function repointPostgresBlocks(
  pool: pg.Pool,
  schema: string,
  blocks: readonly ChainBlock[],
): Promise<boolean> {
  const { rows } = await pool.query<{ held: boolean }>("SELECT to_regclass($1) IS NOT NULL AS held", [
    `${schema}.explorer_blocks`,
  ]);
  if (!rows[0]?.held) return false;
  const { rowCount } = await pool.query(
    `UPDATE ${schema}.explorer_blocks b SET hash = v.hash, parent_hash = v.parent
     FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v(number, hash, parent) WHERE b.number = v.number`,
    [
      blocks.map((block) => block.number.toString()),
      blocks.map((block) => block.hash),
      blocks.map((block) => block.parentHash),
    ],
  );
  return (rowCount ?? 0) > 0;
}
