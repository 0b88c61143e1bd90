import type { HeadFeed } from "../HeadFeed.js";

/** A throughput target: transactions per block, or per second. */
export type Throughput =
  | { perBlock: number; perSecond?: undefined }
  | { perSecond: number; perBlock?: undefined };

/**
 * Releases sends at a steady rate: `take()` resolves once the send may go.
 *
 * - Per block: each new block (the chain's head, as the platform's head follower sees it)
 *   releases the target's number of sends, so that what is sent between two blocks is what the
 *   next block carries. Releases not used
 *   carry over up to one block's worth, so a late head or a slow send is made up for in the next
 *   block instead of lost, and releases never pile up beyond one block's worth while the chain stalls.
 * - Per second: a token bucket refilled continuously, holding at most one second's worth.
 *
 * The target is read again at each release (`target()`), so a group's share follows its members
 * starting and stopping. `close()` ends the following and lets every waiter go (with false).
 */
export class ThroughputGate {
  readonly #target: () => Throughput;
  #tokens = 0;
  #lastRefill = Date.now();
  #lastHead: bigint | undefined;
  #waiters: ((go: boolean) => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #unwatch: (() => void) | undefined;
  #closed = false;
  /** Blocks seen since the gate opened (per block), for the status. */
  blocksSeen = 0;
  /** Sends released since the gate opened. */
  released = 0;

  /** `pollingInterval`: how often the head is read while the gate releases per block. */
  constructor(heads: HeadFeed, target: () => Throughput, pollingInterval = 1_000) {
    this.#target = target;
    if (target().perBlock !== undefined) this.#followBlocks(heads, pollingInterval);
  }

  /** The target now. */
  get target(): Throughput {
    return this.#target();
  }

  #followBlocks(heads: HeadFeed, pollingInterval: number) {
    this.#unwatch = heads.follow(pollingInterval, (head) => this.#onHead(head));
    // The head known now opens the gate, as a block would.
    if (heads.number !== undefined) this.#onHead(heads.number);
  }

  /**
   * Each block mined since the last head seen releases the target's number (a head seen late
   * releases the blocks it skipped). A lower head — the chain went back — releases none and
   * becomes the one counted from.
   */
  #onHead(head: bigint) {
    const last = this.#lastHead;
    this.#lastHead = head;
    if (last !== undefined && head <= last) return;
    const blocks = last === undefined ? 1 : Number(head - last);
    this.blocksSeen += blocks;
    const perBlock = this.#target().perBlock;
    if (perBlock === undefined) return;
    this.#tokens = Math.min(this.#tokens + perBlock * blocks, 2 * perBlock);
    this.#drain();
  }

  /** Waits for the next release; false once the gate is closed (the bot stopped). */
  take(): Promise<boolean> {
    if (this.#closed) return Promise.resolve(false);
    this.#refillPerSecond();
    if (this.#waiters.length === 0 && this.#tokens >= 1) {
      this.#tokens--;
      this.released++;
      return Promise.resolve(true);
    }
    return new Promise<boolean>((resolve) => {
      this.#waiters.push(resolve);
      this.#schedule();
    });
  }

  #refillPerSecond() {
    const perSecond = this.#target().perSecond;
    const now = Date.now();
    if (perSecond !== undefined) {
      this.#tokens = Math.min(
        this.#tokens + ((now - this.#lastRefill) / 1000) * perSecond,
        Math.max(1, perSecond),
      );
    }
    this.#lastRefill = now;
  }

  #drain() {
    while (this.#waiters.length > 0 && this.#tokens >= 1) {
      this.#tokens--;
      this.released++;
      this.#waiters.shift()?.(true);
    }
  }

  /** Per second: wakes when the next token is due. Per block, the next head releases them. */
  #schedule() {
    const perSecond = this.#target().perSecond;
    if (this.#timer || perSecond === undefined || this.#closed) return;
    const wait = Math.max(1, Math.ceil(((1 - this.#tokens) / perSecond) * 1000));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#refillPerSecond();
      this.#drain();
      if (this.#waiters.length > 0) this.#schedule();
    }, wait);
  }

  close() {
    this.#closed = true;
    this.#unwatch?.();
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const waiter of this.#waiters.splice(0)) waiter(false);
  }
}
