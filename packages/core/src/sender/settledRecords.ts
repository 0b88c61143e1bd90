import type { Address, Hash } from "viem";

/** A record settled by a receipt: checked again when the chain goes back under its block. */
export type SettledOnChain = {
  recordId: number;
  from: Address;
  nonce: number;
  hash: Hash;
  blockNumber: bigint;
  blockHash: Hash;
};

/** Records settled on chain that a rewind checks again; the oldest are forgotten past this. */
const SETTLED_KEPT = 4096;

/** The records settled by a receipt lately, by record id, oldest first. */
export class SettledRecords {
  readonly #byId = new Map<number, SettledOnChain>();

  get size() {
    return this.#byId.size;
  }

  remember(entry: SettledOnChain) {
    this.#byId.delete(entry.recordId);
    this.#byId.set(entry.recordId, entry);
    if (this.#byId.size > SETTLED_KEPT) {
      const oldest = this.#byId.keys().next().value as number;
      this.#byId.delete(oldest);
    }
  }

  forget(recordId: number) {
    this.#byId.delete(recordId);
  }

  clear() {
    this.#byId.clear();
  }

  /** The entries by block, newest block first. */
  byBlockNewestFirst(): SettledOnChain[][] {
    const byBlock = new Map<bigint, SettledOnChain[]>();
    for (const entry of this.#byId.values()) {
      byBlock.set(entry.blockNumber, [...(byBlock.get(entry.blockNumber) ?? []), entry]);
    }
    return [...byBlock.entries()]
      .sort(([a], [b]) => (a > b ? -1 : a < b ? 1 : 0))
      .map(([, entries]) => entries);
  }
}
