import type { DatabaseSync, StatementSync } from "node:sqlite";
import { promisify } from "node:util";
import { deflateRaw, inflateRawSync } from "node:zlib";
import type { RpcLog } from "../anvil/clock/removedLogs.js";
import { loadSqlite } from "./loadSqlite.js";

/** A transaction as anvil answers it inside a full block and by hash. */
export type RpcTransaction = { hash: string; [field: string]: unknown };
/** A receipt as anvil answers it. */
export type RpcReceipt = { transactionHash: string; logs: RpcLog[]; [field: string]: unknown };
/** A block as anvil answers `eth_getBlockByNumber(n, true)`. */
export type RpcBlock = {
  number: string;
  hash: string;
  transactions: RpcTransaction[];
  [field: string]: unknown;
};

/** One block as the archive keeps it: anvil's answers for it, field for field. */
export type ArchivedBlock = { block: RpcBlock; receipts: RpcReceipt[] };

/** A block ready to archive: what the index needs, and its body compressed. */
export type EncodedBlock = {
  number: number;
  hash: string;
  transactions: string[];
  logs: number;
  body: Uint8Array;
};

const deflate = promisify(deflateRaw);

/**
 * A block made ready for {@link ChainArchive.put}: `text` is anvil's two answers as it sent them (a
 * JSON array of the `eth_getBlockByNumber(n, true)` and `eth_getBlockReceipts(n)` responses),
 * kept byte for byte and compressed on libuv's threads, off the event loop.
 */
export async function encodeBlock(
  { block, receipts }: ArchivedBlock,
  text = JSON.stringify([{ result: block }, { result: receipts }]),
): Promise<EncodedBlock> {
  return {
    number: Number(block.number),
    hash: block.hash,
    transactions: block.transactions.map((transaction) => transaction.hash),
    logs: receipts.reduce((total, receipt) => total + receipt.logs.length, 0),
    body: await deflate(text),
  };
}

function decodeBody(body: Uint8Array): ArchivedBlock {
  const [block, receipts] = JSON.parse(inflateRawSync(body).toString("utf8")) as [
    { result: RpcBlock },
    { result: RpcReceipt[] | null },
  ];
  return { block: block.result, receipts: receipts.result ?? [] };
}

/**
 * The chain's history that the node no longer keeps in memory, in one SQLite file beside the
 * state file: each block's full answer and receipts, compressed together (deflate), and an index
 * of block and transaction hashes. Written by the devnet ({@link archiveChain}), read by the
 * relay's thread, which opens it read-only.
 */
export type ChainArchive = {
  /** The highest block archived, if any. */
  top(): { number: number; hash: string } | undefined;
  /** Adds consecutive blocks above {@link top} ({@link encodeBlock}), in one transaction. */
  put(blocks: readonly EncodedBlock[]): void;
  block(number: number): ArchivedBlock | undefined;
  /** The hash of an archived block. */
  hashOf(number: number): string | undefined;
  numberOfBlock(hash: string): number | undefined;
  /** Where an archived transaction is: its block and its index there. */
  locate(transactionHash: string): { number: number; index: number } | undefined;
  /** The archived blocks from `from` to `to` that have logs, lowest first. */
  blocksWithLogs(from: number, to: number): Iterable<ArchivedBlock>;
  /** Forgets the blocks above `number` (a rollback took them off the chain); answers how many. */
  dropAbove(number: number): number;
  /** Bytes of the archived bodies and of the file. */
  size(): { bodies: number; blocks: number; transactions: number };
  close(): void;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS blocks (number INTEGER PRIMARY KEY, hash BLOB NOT NULL, logs INTEGER NOT NULL, body BLOB NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS blocks_by_hash ON blocks (hash);
CREATE TABLE IF NOT EXISTS transactions (hash BLOB PRIMARY KEY, number INTEGER NOT NULL, position INTEGER NOT NULL) WITHOUT ROWID;
`;

/** Decoded blocks kept by a reader: the receipts of one old block are often read one by one. */
const DECODED_CACHE = 16;

/**
 * Opens (creating it, unless `readOnly`) the archive at `path`.
 *
 * @example
 * const archive = openChainArchive(join(dataDir, "chain-archive.db"));
 * archive.put([await encodeBlock({ block, receipts })]);
 */
export function openChainArchive(path: string, options: { readOnly?: boolean } = {}): ChainArchive {
  const { DatabaseSync } = loadSqlite();
  const db: DatabaseSync = new DatabaseSync(path, options.readOnly ? { readOnly: true } : {});
  if (!options.readOnly) {
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;");
    db.exec(SCHEMA);
  }
  const statements = new Map<string, StatementSync>();
  const sql = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = db.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  /** By block hash: a number may hold another block after a rollback. */
  const decoded = new Map<string, ArchivedBlock>();
  const decode = (row: { hash: Uint8Array; body: Uint8Array }): ArchivedBlock => {
    const key = hexOf(row.hash);
    let block = decoded.get(key);
    if (block) return block;
    block = decodeBody(row.body);
    decoded.set(key, block);
    if (decoded.size > DECODED_CACHE) decoded.delete(decoded.keys().next().value as string);
    return block;
  };

  return {
    top() {
      const row = sql("SELECT number, hash FROM blocks ORDER BY number DESC LIMIT 1").get() as
        | { number: number; hash: Uint8Array }
        | undefined;
      return row && { number: row.number, hash: hexOf(row.hash) };
    },
    put(blocks) {
      const insertBlock = sql("INSERT INTO blocks (number, hash, logs, body) VALUES (?, ?, ?, ?)");
      const insertTransaction = sql(
        "INSERT OR REPLACE INTO transactions (hash, number, position) VALUES (?, ?, ?)",
      );
      db.exec("BEGIN");
      try {
        for (const { number, hash, transactions, logs, body } of blocks) {
          insertBlock.run(number, bytesOf(hash), logs, body);
          for (const [index, transaction] of transactions.entries())
            insertTransaction.run(bytesOf(transaction), number, index);
        }
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    block(number) {
      const row = sql("SELECT hash, body FROM blocks WHERE number = ?").get(number) as
        | { hash: Uint8Array; body: Uint8Array }
        | undefined;
      return row && decode(row);
    },
    hashOf(number) {
      const row = sql("SELECT hash FROM blocks WHERE number = ?").get(number) as
        | { hash: Uint8Array }
        | undefined;
      return row && hexOf(row.hash);
    },
    numberOfBlock(hash) {
      const row = sql("SELECT number FROM blocks WHERE hash = ?").get(bytesOf(hash)) as
        | { number: number }
        | undefined;
      return row?.number;
    },
    locate(transactionHash) {
      const row = sql("SELECT number, position FROM transactions WHERE hash = ?").get(
        bytesOf(transactionHash),
      ) as { number: number; position: number } | undefined;
      return row && { number: row.number, index: row.position };
    },
    *blocksWithLogs(from, to) {
      const rows = sql(
        "SELECT hash, body FROM blocks WHERE number BETWEEN ? AND ? AND logs > 0 ORDER BY number",
      ).iterate(from, to) as Iterable<{ hash: Uint8Array; body: Uint8Array }>;
      for (const row of rows) yield decode(row);
    },
    dropAbove(number) {
      const gone = sql("SELECT body FROM blocks WHERE number > ?").all(number) as { body: Uint8Array }[];
      if (gone.length === 0) return 0;
      const deleteTransaction = sql("DELETE FROM transactions WHERE hash = ?");
      db.exec("BEGIN");
      try {
        for (const row of gone) {
          const { block } = decodeBody(row.body);
          for (const transaction of block.transactions) deleteTransaction.run(bytesOf(transaction.hash));
        }
        sql("DELETE FROM blocks WHERE number > ?").run(number);
        db.exec("COMMIT");
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
      return gone.length;
    },
    size() {
      const blocks = sql(
        "SELECT count(*) AS n, coalesce(sum(length(body)), 0) AS bytes FROM blocks",
      ).get() as {
        n: number;
        bytes: number;
      };
      const transactions = sql("SELECT count(*) AS n FROM transactions").get() as { n: number };
      return { bodies: blocks.bytes, blocks: blocks.n, transactions: transactions.n };
    },
    close: () => db.close(),
  };
}

/**
 * The highest archived block that is on the chain `hashAt` reads (its hash there is the archived
 * one), found from the top down by bisection — a block's hash commits to every block below it;
 * -1 when none is.
 */
export async function highestOnChain(
  archive: ChainArchive,
  hashAt: (number: number) => Promise<string | undefined>,
): Promise<number> {
  const top = archive.top();
  if (!top) return -1;
  if ((await hashAt(top.number)) === top.hash) return top.number;
  let good = -1;
  let bad = top.number;
  while (bad - good > 1) {
    const middle = Math.floor((good + bad) / 2);
    if (archive.hashOf(middle) === (await hashAt(middle))) good = middle;
    else bad = middle;
  }
  return good;
}

function bytesOf(hash: string): Uint8Array {
  return Buffer.from(hash.slice(2), "hex");
}

function hexOf(bytes: Uint8Array): string {
  return `0x${Buffer.from(bytes).toString("hex")}`;
}
