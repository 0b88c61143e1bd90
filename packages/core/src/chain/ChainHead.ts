import { EventEmitter } from "eventemitter3";
import type { Hash, PublicClient } from "viem";
import { toHex } from "viem";

/** How the chain went back: a new genesis, or blocks taken back (`evm_revert`, a reorganisation). */
export type ChainRewindCause = "reset" | "revert";

/** A block seen: if its hash changes, the chain went back under it. */
export type Anchor = { number: bigint; hash: Hash };

/** The newest block as read: its number, hash and parent's hash. */
export type LatestBlock = Anchor & { parentHash: Hash };

/** What a {@link ChainHead} tells its listeners. */
export type ChainHeadEvents = {
  /**
   * The head's number changed (up or down), or a subscription reported a head. `by`: the user that
   * read it itself (see {@link ChainHead.saw}); undefined when the follower did.
   */
  head: [number: bigint, by: unknown];
  /** The block seen last is gone or different: the chain went back. */
  rewound: [cause: ChainRewindCause, latest: LatestBlock];
  /** A poll of the head failed (the next one retries). */
  error: [error: unknown];
  /** The node answers again after failed polls: it may have restarted (without its pool). */
  reconnected: [];
};

/**
 * The one follower of the chain's head: every part of the platform that watches the chain (the
 * transaction watcher, the explorer's index) listens to its `head` events rather than polling on
 * its own. Over HTTP it polls the head's number (`eth_blockNumber`: cheap however full the blocks)
 * at the shortest interval a listener asked for and reports any change, down as well as up
 * (viem's `watchBlockNumber` only reports numbers above the last it saw, and after an `evm_revert`
 * the next block has a number already seen). Over WebSocket or IPC it subscribes to new heads.
 *
 * It also keeps the chain's identity: the genesis hash, and the anchor — the block seen last.
 * {@link checkAnchor} compares the anchor with the chain and, when it is gone or different, tells
 * a reset (new genesis) from a revert and emits `rewound`.
 *
 * @example
 * const head = new ChainHead(client);
 * head.on("head", (number) => console.log(number));
 * const unfollow = head.follow(1_000);
 */
export class ChainHead extends EventEmitter<ChainHeadEvents> {
  readonly #client: PublicClient;
  /** One entry per user that follows the head: the interval it asked for. */
  readonly #users = new Set<number[]>();
  #number: bigint | undefined;
  #anchor: Anchor | undefined;
  #genesis: Promise<Hash> | undefined;
  #unwatch: (() => void) | undefined;
  #away = false;

  constructor(client: PublicClient) {
    super();
    this.#client = client;
  }

  /** The head's number seen last; undefined before the first read. */
  get number(): bigint | undefined {
    return this.#number;
  }

  /** The block seen last, checked by {@link checkAnchor}. */
  get anchor(): Anchor | undefined {
    return this.#anchor;
  }

  /**
   * Starts following (or, when already following, polls at least every `pollingInterval` ms from
   * now on: each user passes the interval it needs, the shortest wins). Answers the function that
   * ends this user's following; the head stops when the last user is gone.
   */
  follow(pollingInterval: number): () => void {
    const entry = [pollingInterval];
    this.#users.add(entry);
    if (!this.#unwatch) this.restart();
    return () => {
      if (!this.#users.delete(entry) || this.#users.size > 0) return;
      this.#unwatch?.();
      this.#unwatch = undefined;
    };
  }

  /** Starts the subscription or the poller afresh (viem's watcher after a rewind, for one). */
  restart() {
    this.#unwatch?.();
    this.#unwatch = undefined;
    if (this.#users.size === 0) return;
    const type = this.#client.transport.type;
    if (type === "webSocket" || type === "ipc") {
      // newHeads reports every head, a lower or equal number after a revert included.
      this.#unwatch = this.#client.watchBlockNumber({
        emitOnBegin: true,
        onBlockNumber: (number) => {
          this.#number = number;
          this.emit("head", number, undefined);
        },
        onError: (error) => this.emit("error", error),
      });
      return;
    }
    this.#unwatch = this.#poll();
  }

  /**
   * Records a head read by a user itself (`by`: a tick's `latest` block), so that a head that went
   * up and back down between two polls still reads as a change; the other users hear of it.
   */
  saw(number: bigint, by?: unknown) {
    if (number === this.#number) return;
    this.#number = number;
    this.emit("head", number, by);
  }

  #poll(): () => void {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const head = await this.#client.getBlockNumber({ cacheTime: 0 });
        if (active && this.#away) {
          this.#away = false;
          this.emit("reconnected");
        }
        if (active && head !== this.#number) {
          this.#number = head;
          this.emit("head", head, undefined);
        }
      } catch (error) {
        // The next poll retries.
        if (active) {
          this.#away = true;
          this.emit("error", error);
        }
      }
      if (!active) return;
      // Not unref'd: like viem's watchers, an open platform keeps the process alive (close() ends it).
      timer = setTimeout(() => void poll(), this.#interval());
    };
    void poll();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
    };
  }

  #interval() {
    let shortest = 60_000;
    for (const [interval = shortest] of this.#users) if (interval < shortest) shortest = interval;
    return shortest;
  }

  /** Reads the newest block. */
  async readLatest(): Promise<LatestBlock> {
    const block = await this.#client.getBlock({ blockTag: "latest" });
    return { number: block.number, hash: block.hash, parentHash: block.parentHash };
  }

  /** Sets the anchor (and the head's number, see {@link saw}) to `block`. */
  anchorAt(block: Anchor, by?: unknown) {
    this.#anchor = { number: block.number, hash: block.hash };
    this.saw(block.number, by);
  }

  /** The hash of block `number`, or null when the chain has no such block (any more). */
  async hashAt(number: bigint): Promise<Hash | null> {
    const block = await this.#client.request({
      method: "eth_getBlockByNumber",
      params: [toHex(number), false],
    });
    return block?.hash ?? null;
  }

  /**
   * The hash of the chain's block at the anchor's height, no older than `latest` (read before):
   * from `latest` itself when it is that block or the next one, else (or without `latest`) read
   * now. Undefined without an anchor.
   */
  async anchorHashSeenFrom(latest: LatestBlock | undefined): Promise<Hash | null | undefined> {
    const anchor = this.#anchor;
    if (!anchor) return undefined;
    if (latest?.number === anchor.number) return latest.hash;
    if (latest?.number === anchor.number + 1n) return latest.parentHash;
    return this.hashAt(anchor.number);
  }

  /**
   * Compares the anchor with `anchorHash` (the chain's hash at its height, see
   * {@link anchorHashSeenFrom}). The same: the anchor moves to `latest`; undefined. Gone or
   * different: the chain went back — reset when the genesis changed, revert otherwise; the anchor
   * moves to `latest`, `rewound` is emitted, and the cause is answered.
   */
  async checkAnchor(
    latest: LatestBlock,
    anchorHash: Hash | null | undefined,
    by?: unknown,
  ): Promise<ChainRewindCause | undefined> {
    const anchor = this.#anchor;
    if (!anchor || anchorHash === anchor.hash) {
      this.anchorAt(latest, by);
      return undefined;
    }
    const genesis = await this.#readGenesis();
    const cause: ChainRewindCause = genesis !== (await this.genesisHash()) ? "reset" : "revert";
    if (cause === "reset") this.#genesis = Promise.resolve(genesis);
    this.anchorAt(latest, by);
    this.emit("rewound", cause, latest);
    return cause;
  }

  /** The hash of the genesis the chain was built on (see #readGenesis), cached until a reset. */
  genesisHash(): Promise<Hash> {
    this.#genesis ??= this.#readGenesis().catch((error: unknown) => {
      this.#genesis = undefined;
      throw error;
    });
    return this.#genesis;
  }

  /**
   * The genesis the chain was built on: block 1's parent hash once there is a block 1, block 0's
   * hash before. Block 0 is not asked for once block 1 exists: anvil restarted from its state file
   * reports block 0 with another timestamp (so another hash) on many starts, over the same blocks
   * (measured: 2 of 5 restarts at 1 s blocks). Block 1's parent hash keeps the genesis it was
   * mined on. A reset (`anvil_reset`, a new chain) still changes it: its block 1, if mined yet,
   * sits on the new genesis.
   */
  async #readGenesis(): Promise<Hash> {
    const [first, genesis] = await Promise.all([
      this.#client.request({ method: "eth_getBlockByNumber", params: ["0x1", false] }),
      this.#client.getBlock({ blockNumber: 0n }),
    ]);
    return first?.parentHash ?? genesis.hash;
  }
}
