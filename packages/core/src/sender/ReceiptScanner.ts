import type { Hash, RpcTransactionReceipt } from "viem";
import type { LatestBlock } from "../chain/ChainHead.js";
import type { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { WatchedTransaction } from "./followedTransactions.js";
import { lookUpReceipt } from "./nodeLookups.js";
import { type ReceiptOutcome, receiptOutcome } from "./receiptOutcome.js";
import type { RewoundRecord } from "./rewoundRecords.js";
import type { Settlement } from "./Settler.js";
import type { WatcherParts } from "./watcherParts.js";

/** Blocks whose receipts are read at once. */
const BLOCKS_PER_READ = 8n;

/**
 * Settles followed transactions from receipts: each new block's with one `eth_getBlockReceipts`
 * (shared with the explorer's index through {@link RecentBlockReceipts}), matched against the
 * followed hashes; on a node without that method, one receipt lookup per followed transaction.
 */
export class ReceiptScanner {
  readonly #parts: WatcherParts;
  readonly #recent: RecentBlockReceipts;
  #scannedThrough: bigint | undefined;

  constructor(parts: WatcherParts, recent: RecentBlockReceipts) {
    this.#parts = parts;
    this.#recent = recent;
  }

  /** The highest block whose receipts were matched. */
  get scannedThrough() {
    return this.#scannedThrough;
  }

  /** The next scan starts after `number` (the start, a rewind, a revert by the platform). */
  restartAfter(number: bigint) {
    this.#scannedThrough = number;
  }

  /** Matches the receipts of the blocks after the last scanned, up to `latest`. */
  async scan(latest: LatestBlock) {
    const { followed, rewound, settler } = this.#parts;
    const head = latest.number;
    rewound.expire(head);
    // Receipts are read while a transaction is followed, or one a rewind failed may still land.
    const watching = () => followed.size > 0 || rewound.size > 0;
    if (!watching()) {
      // Nothing to read: move the scan start along.
      this.#scannedThrough = head;
      return;
    }
    const from = this.#scannedThrough === undefined ? head : this.#scannedThrough + 1n;
    for (let start = from; this.#blockReceipts() && start <= head && watching(); start += BLOCKS_PER_READ) {
      const end = start + BLOCKS_PER_READ - 1n < head ? start + BLOCKS_PER_READ - 1n : head;
      const numbers: bigint[] = [];
      for (let n = start; n <= end; n++) numbers.push(n);
      // The head's receipts may have been read already by the explorer's index (its hash
      // tells whether they are this block's); the others are read.
      const blocks = await Promise.all(
        numbers.map((n) => this.#readBlockReceipts(n, n === latest.number ? latest.hash : undefined)),
      );
      if (blocks.some((receipts) => receipts === undefined)) break;
      // Every transaction these blocks settle is written with one storage call.
      const settled: Settlement[] = [];
      const landed: [RewoundRecord, ReceiptOutcome][] = [];
      for (const receipt of blocks.flatMap((receipts) => receipts ?? [])) {
        const watched = followed.byHash(receipt.transactionHash);
        if (watched) settled.push([watched, receiptOutcome(receipt)]);
        else if (rewound.size > 0) {
          const entry = rewound.take(receipt.transactionHash);
          if (entry) landed.push([entry, receiptOutcome(receipt)]);
        }
      }
      await settler.finishMany(settled);
      for (const [index, [entry, outcome]] of landed.entries()) {
        try {
          await settler.landedAfterRewind(entry, outcome);
        } catch (error) {
          // Storage away: these blocks are scanned again on the next tick, and find them again.
          for (const [left] of landed.slice(index)) rewound.remember(left);
          throw error;
        }
      }
      this.#scannedThrough = end;
    }
    if (!this.#blockReceipts()) {
      this.#scannedThrough = head;
      await Promise.all([...followed].map((watched) => this.checkReceipts(watched)));
    }
  }

  async #readBlockReceipts(
    blockNumber: bigint,
    blockHash?: Hash,
  ): Promise<readonly RpcTransactionReceipt[] | undefined> {
    try {
      const receipts = await this.#recent.read(blockNumber, blockHash, () =>
        this.#parts.pool.blockReceipts(blockNumber),
      );
      return receipts ?? [];
    } catch (error) {
      // Nodes without eth_getBlockReceipts (recorded by the client): one receipt lookup per
      // followed hash instead. Any other failure: read again on the next tick.
      if (!this.#blockReceipts()) return undefined;
      this.#parts.recordError(error);
      return undefined;
    }
  }

  /** Whether blocks' receipts are read whole: unless the node turned out to lack `eth_getBlockReceipts`. */
  #blockReceipts() {
    return !this.#parts.ctx.client.lacks("eth_getBlockReceipts");
  }

  /** Settles `watched` from the receipt of any of its hashes; false when none has one (or a read failed). */
  checkReceipts(watched: WatchedTransaction) {
    return this.#settleFromReceipts(watched, false);
  }

  /**
   * Like {@link checkReceipts}, but a failed read throws instead of reading as "no receipt": for
   * decisions that fail a record when none is found.
   */
  landedStrict(watched: WatchedTransaction) {
    return this.#settleFromReceipts(watched, true);
  }

  async #settleFromReceipts(watched: WatchedTransaction, strict: boolean): Promise<boolean> {
    for (const hash of watched.hashes) {
      const lookUp = lookUpReceipt(this.#parts.ctx.client, hash);
      const receipt = await (strict ? lookUp : lookUp.catch(() => undefined));
      if (!receipt) continue;
      await this.#parts.settler.finish(watched, receiptOutcome(receipt));
      return true;
    }
    return false;
  }
}
