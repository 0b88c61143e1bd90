import type { PublicClient } from "viem";
import type { HeadFeed } from "../HeadFeed.js";

/** A span of the chain's last blocks: `from` (exclusive) to `to` (inclusive), and the seconds between their timestamps. */
export type BlockWindow = { from: bigint; to: bigint; seconds: number };

/** The windows the stats' rates are over: the last 5, 20 and 60 blocks. */
const WINDOW_SIZES = [5n, 20n, 60n] as const;
/** Block timestamps kept (a window's ends come round again as the head moves on). */
const TIMES_KEPT = 1_000;

/**
 * The last 5, 20 and 60 blocks with their time spans, kept up to date as the platform's head
 * follower sees new heads: the timestamps of a window's ends are read once, beside everything
 * else, so that a status answers from memory and never waits on the node. While the node does not
 * answer, there are none (the rates are unknown).
 */
export class BlockWindows {
  readonly #client: PublicClient;
  readonly #times = new Map<bigint, bigint>();
  #windows: readonly BlockWindow[] = [];
  #reading = false;
  /** A head seen while a read was under way: read next. */
  #next: bigint | undefined;
  #unfollow: (() => void) | undefined;
  /** Rewinds seen: a timestamp read from before the last one is not kept. */
  #rewinds = 0;
  /** The base fee of the newest head read; undefined while unknown. */
  #baseFee: bigint | null | undefined;

  constructor(client: PublicClient) {
    this.#client = client;
  }

  /** The windows as of the newest head read: last 5, 20, 60 blocks; empty while unknown. */
  get current(): readonly BlockWindow[] {
    return this.#windows;
  }

  /** The base fee per gas (wei) of the newest head read; undefined while unknown, null before London. */
  get baseFeePerGas(): bigint | null | undefined {
    return this.#baseFee;
  }

  /** Follows the head (polled at least every `pollingInterval` ms) until {@link stop}. */
  start(heads: HeadFeed, pollingInterval: number): void {
    if (this.#unfollow) return;
    this.#unfollow = heads.follow(pollingInterval, (head) => this.#update(head));
    if (heads.number !== undefined) this.#update(heads.number);
  }

  /** The chain went back: blocks at heights seen before may be others now, with other timestamps. */
  rewound(head: bigint | undefined): void {
    this.#rewinds++;
    this.#times.clear();
    if (head !== undefined && this.#unfollow) this.#update(head);
  }

  stop(): void {
    this.#unfollow?.();
    this.#unfollow = undefined;
    this.#next = undefined;
  }

  #update(head: bigint) {
    if (this.#reading) {
      this.#next = head;
      return;
    }
    this.#reading = true;
    void this.#read(head).finally(() => {
      this.#reading = false;
      const next = this.#next;
      this.#next = undefined;
      if (next !== undefined && this.#unfollow) this.#update(next);
    });
  }

  async #read(head: bigint) {
    try {
      this.#windows = await Promise.all(
        WINDOW_SIZES.map(async (size) => {
          const from = head > size ? head - size : 0n;
          const [start, end] = await Promise.all([this.#time(from), this.#time(head, true)]);
          return { from, to: head, seconds: Number(end - start) };
        }),
      );
    } catch {
      // The node is away: rates unknown until it answers again at a later head.
      this.#windows = [];
      this.#baseFee = undefined;
    }
  }

  /** The timestamp of block `number`; the head's (`isHead`) is read with its base fee, never from the cache. */
  async #time(number: bigint, isHead = false): Promise<bigint> {
    let timestamp = isHead ? undefined : this.#times.get(number);
    if (timestamp === undefined) {
      const rewinds = this.#rewinds;
      const block = await this.#client.getBlock({ blockNumber: number });
      timestamp = block.timestamp;
      if (isHead) this.#baseFee = block.baseFeePerGas;
      if (this.#times.size >= TIMES_KEPT) this.#times.clear();
      if (rewinds === this.#rewinds) this.#times.set(number, timestamp);
    }
    return timestamp;
  }
}
