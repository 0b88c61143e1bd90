import type { ChainHead } from "../chain/ChainHead.js";

/**
 * The chain's head as a bot sees it (`ctx.head`): the newest block number the platform's one
 * follower of the head has seen, read from memory. It moves at the platform's polling interval
 * (`pollingInterval`), and down as well as up when the chain goes back.
 */
export type BotHead = {
  /** The newest block number seen; undefined before the first. */
  readonly number: bigint | undefined;
};

/**
 * The bot engine's one way to the platform's head follower (`ChainHead`): the throughput gates,
 * the status's block windows and the bots' `ctx.head` all follow the head through here, so that no
 * bot polls the head itself and a change of the follower's API is a change of this file.
 *
 * @example
 * const feed = new HeadFeed(head);
 * const unfollow = feed.follow(100, (number) => console.log(number));
 */
export class HeadFeed implements BotHead {
  readonly #head: ChainHead;

  constructor(head: ChainHead) {
    this.#head = head;
  }

  get number(): bigint | undefined {
    return this.#head.number;
  }

  /**
   * Follows the head, polled at least every `pollingInterval` ms while followed; `onHead` hears
   * every change of its number. Answers the function that ends this following.
   */
  follow(pollingInterval: number, onHead?: (number: bigint) => void): () => void {
    return this.#head.watch({ pollingInterval, onBlock: onHead });
  }
}
