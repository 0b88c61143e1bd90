import type { Hash, PublicClient } from "viem";
import { hexToBigInt, toHex } from "viem";

/** How the chain went back: a new genesis, or blocks taken back (`evm_revert`, a reorganisation). */
export type ChainRewindCause = "reset" | "revert";

/** A block seen: if its hash changes, the chain went back under it. */
export type Anchor = { number: bigint; hash: Hash };

/** The newest block as read: its number, hash and parent's hash. */
export type LatestBlock = Anchor & {
  parentHash: Hash;
  /** Its base fee per gas (wei); null before London. */
  baseFeePerGas: bigint | null;
};

/**
 * One follower of the head ({@link ChainHead.watch}): what it wants to be told, and how often it
 * needs the head looked at.
 */
export type ChainHeadWatcher = {
  /**
   * The head's number changed (up, or down after a rewind). Not told to the watcher whose own read
   * it was (see {@link ChainHead.saw}).
   */
  onBlock?: ((number: bigint) => void) | undefined;
  /**
   * The chain went back under the block seen last: told once per rewind, with its cause and the
   * head it went back to — after the recovery of whoever found it (see {@link ChainHead.checkAnchor}).
   */
  onRewound?: ((cause: ChainRewindCause, head: Anchor) => void) | undefined;
  /** The node answers again after failed looks at the head: it may have restarted (without its pool). */
  onReconnected?: (() => void) | undefined;
  /** A look at the head failed (the next one retries). */
  onError?: ((error: unknown) => void) | undefined;
  /**
   * Milliseconds between two looks at the head over HTTP that this watcher needs at most: the
   * shortest any watcher asks for wins. Default: the client's `pollingInterval`.
   */
  pollingInterval?: number | undefined;
};

/** What {@link ChainHead.checkAnchor} is told about who checks. */
export type CheckAnchorOptions = {
  /** The watcher that read `latest` itself: it is not told of the head it read (see {@link ChainHead.saw}). */
  by?: unknown;
  /**
   * The checker's own recovery from a rewind it found: it runs before any watcher hears of the
   * rewind, which they do even when it fails (its error is then thrown after they heard).
   */
  recover?: ((cause: ChainRewindCause) => Promise<void>) | undefined;
};

/**
 * The hub everything that follows the chain's head follows: one per platform. Its watchers (the
 * transaction watcher, the explorer's index, the platform's parts that hear of rewinds, …) each
 * call {@link watch}; however many there are, one poller looks at the head — over HTTP the head's
 * number (`eth_blockNumber`: cheap however full the blocks) at the shortest interval a watcher
 * asked for, reporting any change, down as well as up (viem's `watchBlockNumber` only reports
 * numbers above the last it saw, and after an `evm_revert` the next block has a number already
 * seen); over WebSocket or IPC a subscription to new heads. A read that must be current (an
 * answer's block number) asks for a fresh one ({@link read}) instead of reading the node itself.
 *
 * It keeps the chain's identity — the genesis hash, and the anchor: the block seen last — and is
 * the one place that compares hashes to find a rewind: {@link checkAnchor} for the follower that
 * reads the newest block anyway (the transaction watcher, on each tick), {@link newestHeld} for
 * the explorer's index, {@link rewind} for a rewind made on purpose (`platform.revert()`). Each
 * rewind is told once to every watcher, with its cause: a reset (new genesis) or a revert.
 *
 * @example
 * const head = new ChainHead(client);
 * const unwatch = head.watch({
 *   onBlock: (number) => console.log("head", number),
 *   onRewound: (cause, { number }) => console.log(cause, "back to", number),
 *   pollingInterval: 1_000,
 * });
 */
export class ChainHead {
  readonly #client: PublicClient;
  /** Who follows the head, in the order they began to (one entry per `watch` call). */
  readonly #watchers = new Set<{ readonly watcher: ChainHeadWatcher }>();
  #number: bigint | undefined;
  #anchor: Anchor | undefined;
  #genesis: Promise<Hash> | undefined;
  #unwatch: (() => void) | undefined;
  #away = false;

  constructor(client: PublicClient) {
    this.#client = client;
  }

  /** The head's number seen last; undefined before the first look. */
  get number(): bigint | undefined {
    return this.#number;
  }

  /** The block seen last, checked by {@link checkAnchor}. */
  get anchor(): Anchor | undefined {
    return this.#anchor;
  }

  /**
   * Follows the head for `watcher` until the answered function is called. The first watcher
   * starts the poller (or the subscription), the last one gone stops it; each may ask for a
   * shorter interval than the others'. A watcher's handler that throws is its own affair: the
   * others are still told, and the poller goes on.
   */
  watch(watcher: ChainHeadWatcher): () => void {
    const entry = { watcher };
    this.#watchers.add(entry);
    if (!this.#unwatch) this.#start();
    return () => {
      if (!this.#watchers.delete(entry) || this.#watchers.size > 0) return;
      this.#unwatch?.();
      this.#unwatch = undefined;
    };
  }

  /**
   * A fresh read of the head's number (`eth_blockNumber`), for an answer that must be current; the
   * hub's own number is left to its poller. `retry: false`: one try, for a probe that must learn
   * fast whether the node answers (viem's retries would take seconds).
   */
  async read(options: { retry?: boolean } = {}): Promise<bigint> {
    if (options.retry !== false) return this.#client.getBlockNumber({ cacheTime: 0 });
    return hexToBigInt(await this.#client.request({ method: "eth_blockNumber" }, { retryCount: 0 }));
  }

  /**
   * Records a head read by a watcher itself (`by`: the watcher, which is not told), so that a head
   * that went up and back down between two polls still reads as a change; the others hear of it.
   */
  saw(number: bigint, by?: unknown) {
    if (number === this.#number) return;
    this.#number = number;
    for (const { watcher } of [...this.#watchers])
      if (watcher !== by) isolated(() => watcher.onBlock?.(number));
  }

  /** Reads the newest block. */
  async readLatest(): Promise<LatestBlock> {
    const block = await this.#client.getBlock({ blockTag: "latest" });
    return {
      number: block.number,
      hash: block.hash,
      parentHash: block.parentHash,
      baseFeePerGas: block.baseFeePerGas,
    };
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
   * The newest of `blocks` (newest first: blocks a follower kept, such as the explorer's index)
   * that the chain still holds — the same hash at its height — or undefined when it holds none.
   * The first is read alone (the usual case: it is held), the rest together when it is not.
   */
  async newestHeld<Block extends Anchor>(blocks: readonly Block[]): Promise<Block | undefined> {
    const [first, ...rest] = blocks;
    if (!first) return undefined;
    if (sameHash(await this.hashAt(first.number), first.hash)) return first;
    const hashes = await Promise.all(rest.map((block) => this.hashAt(block.number)));
    return rest.find((block, index) => sameHash(hashes[index] ?? null, block.hash));
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
   * moves to `latest`, the checker's `recover` runs, every watcher is told, and the cause is
   * answered. One checker at a time (the transaction watcher's ticks run one after another).
   */
  async checkAnchor(
    latest: LatestBlock,
    anchorHash: Hash | null | undefined,
    options: CheckAnchorOptions = {},
  ): Promise<ChainRewindCause | undefined> {
    const anchor = this.#anchor;
    // The genesis is known from the first anchor on: a reset is told by comparing with it.
    if (!anchor) await this.genesisHash();
    if (!anchor || anchorHash === anchor.hash) {
      this.anchorAt(latest, options.by);
      return undefined;
    }
    const genesis = await this.#readGenesis();
    const cause: ChainRewindCause = genesis !== (await this.genesisHash()) ? "reset" : "revert";
    if (cause === "reset") this.#genesis = Promise.resolve(genesis);
    this.anchorAt(latest, options.by);
    this.#restartSubscription();
    try {
      await options.recover?.(cause);
    } finally {
      this.#tellRewound(cause, latest);
    }
    return cause;
  }

  /**
   * Reads the newest block and checks the anchor against it (see {@link checkAnchor}): for a
   * follower that does not read the newest block itself.
   */
  async check(options: CheckAnchorOptions = {}): Promise<ChainRewindCause | undefined> {
    const latest = await this.readLatest();
    return this.checkAnchor(latest, await this.anchorHashSeenFrom(latest), options);
  }

  /**
   * The chain was taken back on purpose (`platform.revert()`) to `head`: the anchor moves there and
   * every watcher hears of it, like of a rewind found by {@link checkAnchor}.
   */
  rewind(cause: ChainRewindCause, head: Anchor, by?: unknown) {
    this.anchorAt(head, by);
    this.#restartSubscription();
    this.#tellRewound(cause, head);
  }

  /** The hash of the genesis the chain was built on (see #readGenesis), cached until a reset. */
  genesisHash(): Promise<Hash> {
    this.#genesis ??= this.#readGenesis().catch((error: unknown) => {
      this.#genesis = undefined;
      throw error;
    });
    return this.#genesis;
  }

  #tellRewound(cause: ChainRewindCause, head: Anchor) {
    const block = { number: head.number, hash: head.hash };
    for (const { watcher } of [...this.#watchers]) isolated(() => watcher.onRewound?.(cause, block));
  }

  #tellError(error: unknown) {
    for (const { watcher } of [...this.#watchers]) isolated(() => watcher.onError?.(error));
  }

  #tellReconnected() {
    for (const { watcher } of [...this.#watchers]) isolated(() => watcher.onReconnected?.());
  }

  /** viem's block watcher only reports numbers above the last it saw: after a rewind it starts afresh. */
  #restartSubscription() {
    if (this.#unwatch && this.#subscribes()) this.#start();
  }

  #subscribes() {
    const type = this.#client.transport.type;
    return type === "webSocket" || type === "ipc";
  }

  /** Starts the subscription or the poller afresh. */
  #start() {
    this.#unwatch?.();
    this.#unwatch = undefined;
    if (this.#watchers.size === 0) return;
    if (this.#subscribes()) {
      // newHeads reports every head, a lower or equal number after a revert included.
      this.#unwatch = this.#client.watchBlockNumber({
        emitOnBegin: true,
        onBlockNumber: (number) => this.saw(number),
        onError: (error) => this.#tellError(error),
      });
      return;
    }
    this.#unwatch = this.#poll();
  }

  #poll(): () => void {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let head: bigint | undefined;
      try {
        head = await this.#client.getBlockNumber({ cacheTime: 0 });
      } catch (error) {
        // The next poll retries.
        if (active) {
          this.#away = true;
          this.#tellError(error);
        }
      }
      if (active && head !== undefined) {
        if (this.#away) {
          this.#away = false;
          this.#tellReconnected();
        }
        this.saw(head);
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

  /** The shortest interval a watcher asked for; the client's when none did. */
  #interval() {
    let shortest: number | undefined;
    for (const {
      watcher: { pollingInterval },
    } of this.#watchers) {
      if (pollingInterval !== undefined && (shortest === undefined || pollingInterval < shortest))
        shortest = pollingInterval;
    }
    return shortest ?? this.#client.pollingInterval;
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

function sameHash(a: Hash | null, b: Hash) {
  return a !== null && a.toLowerCase() === b.toLowerCase();
}

/** Runs a watcher's handler; what it throws stays with it (the poller and the other watchers go on). */
function isolated(handler: () => void) {
  try {
    handler();
  } catch {
    // The watcher's own affair.
  }
}
