import type { Hash } from "viem";

/** A receipt as `eth_getBlockReceipts` answers it: only the field compared here. */
type RawReceipt = { blockHash: Hash };

/** Blocks kept at most: the watcher and the explorer's index both read within a few blocks of the head. */
const KEPT_BLOCKS = 16;

/**
 * Receipts kept at most, over the blocks kept: a transfer's receipt as the node answers it is
 * ~1.2 kB in the heap (measured; its 512-digit logs bloom alone ~0.5 kB), so 16 full blocks at
 * twice the seed's gas limit (5,714 transfers each) would hold ~100 MB for readers that are done
 * with all but the newest. 6,000 is one such block and then some, or two blocks at the seed's gas
 * limit (2,857 each); past it the blocks read longest ago go. ~7 MB at most.
 */
const KEPT_RECEIPTS = 6_000;

/**
 * Blocks kept whatever their receipts: the two read last (the head's and the one before it while
 * the readers keep up), which the explorer's index (at most one block behind, `index_lag_blocks`)
 * and the watcher read around the same time.
 */
const KEPT_NEWEST = 2;

/**
 * The receipts of the last blocks read with `eth_getBlockReceipts` (raw JSON), shared by the
 * transaction watcher and the explorer's index so that a block's receipts are asked for once: on
 * anvil they are the dearest read of a full block (~1.5 s and 3 MB for 3,000 transfers, measured).
 * Read or in flight, an entry is handed out only for the block with the hash the reader expects
 * (each reader knows it from its own header read): a number holds another block after a revert,
 * and then the entry is a miss, never a wrong answer. Empty lists are never handed out (nothing in
 * them shows whose they are). Bounded by blocks and by receipts ({@link KEPT_BLOCKS},
 * {@link KEPT_RECEIPTS}, {@link KEPT_NEWEST}): a reader further behind reads the node again.
 *
 * @example
 * const receipts = await recent.read(12n, block.hash, () => readBlockReceipts(12n));
 */
export class RecentBlockReceipts {
  readonly #byNumber = new Map<bigint, Promise<readonly unknown[] | null>>();
  /** How many receipts each kept block's read answered, once it has. */
  readonly #counts = new Map<bigint, number>();
  #receipts = 0;
  readonly #keptReceipts: number;

  constructor(options: { keptReceipts?: number } = {}) {
    this.#keptReceipts = options.keptReceipts ?? KEPT_RECEIPTS;
  }

  /** Blocks and receipts kept now (read or in flight; receipts of reads answered). */
  get size() {
    return { blocks: this.#byNumber.size, receipts: this.#receipts };
  }

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
    read.then(
      (receipts) => {
        if (this.#byNumber.get(blockNumber) !== read) return;
        this.#count(blockNumber, receipts?.length ?? 0);
        this.#trim();
      },
      // A failed read is not kept: the next reader asks again.
      () => {
        if (this.#byNumber.get(blockNumber) === read) this.#forget(blockNumber);
      },
    );
    this.#forget(blockNumber);
    this.#byNumber.set(blockNumber, read);
    this.#trim();
  }

  #count(blockNumber: bigint, receipts: number) {
    this.#receipts += receipts - (this.#counts.get(blockNumber) ?? 0);
    this.#counts.set(blockNumber, receipts);
  }

  #forget(blockNumber: bigint) {
    this.#byNumber.delete(blockNumber);
    this.#receipts -= this.#counts.get(blockNumber) ?? 0;
    this.#counts.delete(blockNumber);
  }

  /** Drops the blocks read longest ago while there are too many, or too many receipts beyond the newest. */
  #trim() {
    while (
      this.#byNumber.size > KEPT_BLOCKS ||
      (this.#receipts > this.#keptReceipts && this.#byNumber.size > KEPT_NEWEST)
    )
      this.#forget(this.#byNumber.keys().next().value as bigint);
  }
}

function belongsTo(receipts: readonly RawReceipt[], blockHash: Hash) {
  const hash = blockHash.toLowerCase();
  return receipts.every((receipt) => receipt.blockHash?.toLowerCase() === hash);
}
