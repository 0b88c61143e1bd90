import type { Hash } from "viem";

/** A receipt as `eth_getBlockReceipts` answers it: only the field compared here. */
type RawReceipt = { blockHash: Hash };

/** Blocks kept: the watcher and the explorer's index both read within a few blocks of the head. */
const KEPT = 16;

/**
 * The receipts of the last blocks read with `eth_getBlockReceipts` (raw JSON), shared by the
 * transaction watcher and the explorer's index so that a block's receipts are asked for once: on
 * anvil they are the dearest read of a full block (~1.5 s and 3 MB for 3,000 transfers, measured).
 * Read or in flight, an entry is handed out only for the block with the hash the reader expects
 * (each reader knows it from its own header read): a number holds another block after a revert,
 * and then the entry is a miss, never a wrong answer. Empty lists are never handed out (nothing in
 * them shows whose they are).
 *
 * @example
 * const receipts = await recent.read(12n, block.hash, () => readBlockReceipts(12n));
 */
export class RecentBlockReceipts {
  readonly #byNumber = new Map<bigint, Promise<readonly unknown[] | null>>();

  /**
   * The receipts of block `blockNumber` whose hash is `blockHash`: those kept or in flight when they
   * are that block's, else `fetch()`'s (kept for the next reader). Without `blockHash`, always
   * `fetch()`'s.
   */
  async read<T>(
    blockNumber: bigint,
    blockHash: Hash | undefined,
    fetch: () => Promise<readonly T[] | null>,
  ): Promise<readonly T[] | null> {
    const kept = this.#byNumber.get(blockNumber);
    if (kept && blockHash !== undefined) {
      const receipts = await kept.catch(() => null);
      if (receipts && receipts.length > 0 && belongsTo(receipts as readonly RawReceipt[], blockHash))
        return receipts as readonly T[];
    }
    const read = fetch();
    this.#keep(blockNumber, read);
    return read;
  }

  #keep(blockNumber: bigint, read: Promise<readonly unknown[] | null>) {
    // A failed read is not kept: the next reader asks again.
    read.catch(() => {
      if (this.#byNumber.get(blockNumber) === read) this.#byNumber.delete(blockNumber);
    });
    this.#byNumber.delete(blockNumber);
    this.#byNumber.set(blockNumber, read);
    if (this.#byNumber.size > KEPT) this.#byNumber.delete(this.#byNumber.keys().next().value as bigint);
  }
}

function belongsTo(receipts: readonly RawReceipt[], blockHash: Hash) {
  const hash = blockHash.toLowerCase();
  return receipts.every((receipt) => receipt.blockHash?.toLowerCase() === hash);
}
