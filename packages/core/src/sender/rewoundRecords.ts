import type { Address, Hash } from "viem";

/**
 * A record failed because the chain went back under it (neither on the new chain nor in the
 * node's pool when the watcher looked), with every hash it was sent with.
 */
export type RewoundRecord = { recordId: number; from: Address; nonce: number; hashes: readonly Hash[] };

/** Records kept; the oldest are forgotten past this. */
const REWOUND_KEPT = 4096;

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

  get size() {
    return this.#byHash.size;
  }

  remember(entry: RewoundRecord) {
    for (const hash of entry.hashes) {
      const key = hash.toLowerCase();
      this.#byHash.delete(key);
      this.#byHash.set(key, entry);
    }
    while (this.#byHash.size > REWOUND_KEPT)
      this.#forget(this.#byHash.values().next().value as RewoundRecord);
  }

  /** The record failed by a rewind that `hash` belongs to, taken out (each is corrected once). */
  take(hash: Hash): RewoundRecord | undefined {
    const entry = this.#byHash.get(hash.toLowerCase());
    if (entry) this.#forget(entry);
    return entry;
  }

  clear() {
    this.#byHash.clear();
  }

  #forget(entry: RewoundRecord) {
    for (const hash of entry.hashes) {
      const key = hash.toLowerCase();
      if (this.#byHash.get(key) === entry) this.#byHash.delete(key);
    }
  }
}
