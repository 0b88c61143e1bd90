import type { Hash, Hex } from "viem";

/** What a receipt leaves out of a transaction (everything else the explorer's index reads from it). */
export type TransactionBody = {
  value: bigint;
  nonce: number;
  input: Hex;
  /** The envelope type (`0x0`…`0x4`), for nodes whose receipts leave it out. */
  type: Hex;
};

/** Bodies kept at most: ~6 blocks at twice the seed's gas limit (5,714 transfers each). */
const CAPACITY = 32_768;

/**
 * The value, nonce and input of the transactions this platform signed, by hash, until the
 * explorer's index has read their block: with them the index builds a block from its receipts
 * (which the transaction watcher reads anyway) and a header, instead of asking the node for the
 * whole block again (on anvil ~0.6 s and 2 MB for 3,000 transfers, on top of the receipts'
 * 1.5 s, measured). A hash fixes the signed bytes, so a body kept for it is that transaction's,
 * whichever block it lands in. Bounded: the oldest go first, and a transaction whose body is gone
 * is read from the node.
 *
 * @example
 * bodies.add(hash, { value: 0n, nonce: 7, input: "0x", type: "0x2" });
 * const body = bodies.take(hash);
 */
export class SentTransactionBodies {
  readonly #byHash = new Map<string, TransactionBody>();
  readonly #capacity: number;

  constructor(capacity = CAPACITY) {
    this.#capacity = capacity;
  }

  add(hash: Hash, body: TransactionBody) {
    const key = hash.toLowerCase();
    this.#byHash.delete(key);
    this.#byHash.set(key, body);
    if (this.#byHash.size > this.#capacity) this.#byHash.delete(this.#byHash.keys().next().value as string);
  }

  get(hash: Hash): TransactionBody | undefined {
    return this.#byHash.get(hash.toLowerCase());
  }

  /** Forgets bodies once their block is indexed. */
  delete(hashes: Iterable<Hash>) {
    for (const hash of hashes) this.#byHash.delete(hash.toLowerCase());
  }
}
