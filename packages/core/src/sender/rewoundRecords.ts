import type { Address, Hash } from "viem";

/**
 * A record failed because the chain went back under it (neither on the new chain nor in the
 * node's pool when the watcher looked), with every hash it was sent with.
 */
export type RewoundRecord = { recordId: number; from: Address; nonce: number; hashes: readonly Hash[] };

/** Records kept; the oldest are forgotten past this. */
const REWOUND_KEPT = 4096;

/**
 * Blocks a record is looked for after the scan first meets it (a reorganisation's new branch is
 * at most 64 + 64 blocks, and is mined at once): then it is forgotten, so that receipts are not
 * read block after block for transactions a test suite's `evm_revert` took back for good.
 */
const REWOUND_BLOCKS = 128n;

/**
 * The records failed by a rewind lately, by hash: such a transaction can still land. A
 * reorganisation carried out as several steps (anvil's: roll back, then mine the orphaned
 * transactions again) shows the watcher a chain without them for a moment, and on a network of
 * several nodes another node's pool may hold an orphaned transaction and mine it later. When a
 * block holds one after all, its record is corrected from the receipt (see `ReceiptScanner`),
 * so that the history never calls failed what the chain holds. Nothing is sent again from here.
 */
export class RewoundRecords {
  readonly #byHash = new Map<string, RewoundRecord>();
  /** Each record's last block to be looked for; undefined until the scan first meets it. */
  readonly #until = new Map<RewoundRecord, bigint | undefined>();

  get size() {
    return this.#byHash.size;
  }

  remember(entry: RewoundRecord) {
    for (const hash of entry.hashes) {
      const key = hash.toLowerCase();
      this.#byHash.delete(key);
      this.#byHash.set(key, entry);
    }
    if (!this.#until.has(entry)) this.#until.set(entry, undefined);
    while (this.#byHash.size > REWOUND_KEPT)
      this.#forget(this.#byHash.values().next().value as RewoundRecord);
  }

  /** The record failed by a rewind that `hash` belongs to, taken out (each is corrected once). */
  take(hash: Hash): RewoundRecord | undefined {
    const entry = this.#byHash.get(hash.toLowerCase());
    if (entry) this.#forget(entry);
    return entry;
  }

  /** Forgets the records no block held {@link REWOUND_BLOCKS} blocks after the scan first met them. */
  expire(head: bigint) {
    for (const [entry, until] of this.#until) {
      if (until === undefined) this.#until.set(entry, head + REWOUND_BLOCKS);
      else if (head > until) this.#forget(entry);
    }
  }

  clear() {
    this.#byHash.clear();
    this.#until.clear();
  }

  #forget(entry: RewoundRecord) {
    this.#until.delete(entry);
    for (const hash of entry.hashes) {
      const key = hash.toLowerCase();
      if (this.#byHash.get(key) === entry) this.#byHash.delete(key);
    }
  }
}
