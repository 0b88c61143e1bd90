import { type Address, parseAbiItem } from "viem";

/** The ERC20 event both indexers follow. */
export const transferEvent = parseAbiItem(
  "event Transfer(address indexed from, address indexed to, uint256 value)",
);

/** What an indexer answers: the balances it has built from the token's `Transfer` events. */
export type TransferIndexer = {
  /** The balance the indexer holds for `owner` (0 when it saw none of its transfers). */
  balanceOf(owner: Address): bigint;
  /** Resolves once the indexer has taken in the logs of block `number` (or a later one). */
  waitFor(number: bigint): Promise<void>;
  /** Stops watching. */
  stop(): void;
};

/** Balances by address (lower case), moved by transfers; the zero address is the mint's source. */
export class Balances {
  readonly #byOwner = new Map<string, bigint>();

  get(owner: Address): bigint {
    return this.#byOwner.get(owner.toLowerCase()) ?? 0n;
  }

  /** Moves `value` from `from` to `to`; `sign` -1 takes a transfer back. */
  move(from: Address, to: Address, value: bigint, sign: 1n | -1n = 1n) {
    this.#add(from, -value * sign);
    this.#add(to, value * sign);
  }

  #add(owner: Address, delta: bigint) {
    const key = owner.toLowerCase();
    this.#byOwner.set(key, (this.#byOwner.get(key) ?? 0n) + delta);
  }
}

/** Waiters for a block number, resolved as the indexer moves past it. */
export class BlockWaiters {
  #reached = -1n;
  readonly #waiting = new Set<{ number: bigint; resolve: () => void }>();

  reached(number: bigint) {
    if (number <= this.#reached) return;
    this.#reached = number;
    for (const waiter of this.#waiting) {
      if (waiter.number > number) continue;
      this.#waiting.delete(waiter);
      waiter.resolve();
    }
  }

  waitFor(number: bigint): Promise<void> {
    if (number <= this.#reached) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.add({ number, resolve }));
  }
}
