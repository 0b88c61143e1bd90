import type { ChainHead } from "../chain/ChainHead.js";
import type { NodeClient } from "../chain/nodeClient.js";
import type { RecentBlockReceipts } from "../chain/RecentBlockReceipts.js";
import type { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import { type ErrorRecord, toErrorRecord } from "../errors/toErrorRecord.js";
import { type LifecycleMoves, lifecycleState } from "../lifecycle/lifecycleState.js";
import type { ExplorerStore, IndexedBlockData } from "../storage/ExplorerStore.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { readChainBlocks } from "./readChainBlocks.js";

/** How much of the chain the index keeps: the newest blocks within both bounds (whole blocks). */
export type ExplorerRetention = {
  /** At most this many blocks. Default 100,000. */
  blocks?: number | undefined;
  /** At most this many transactions. Default 1,000,000. */
  transactions?: number | undefined;
};

/** The explorer's settings (`createPlatform({ explorer })`). */
export type ExplorerOptions = {
  /** How much of the chain is kept. */
  retention?: ExplorerRetention | undefined;
  /**
   * Blocks below the head indexed when the index starts empty. Default 0: the index starts at the
   * head. A restarted platform catches up from where its index stopped (within `retention.blocks`).
   */
  backfill?: number | undefined;
  /** Blocks read per JSON-RPC batch (a block and its receipts each). Default 4. */
  batchBlocks?: number | undefined;
  /**
   * Milliseconds between two looks at the head that the index asks of the platform's `ChainHead`
   * (which polls `eth_blockNumber`, cheap however full the blocks). Default: the platform's
   * `pollingInterval`, at most 250, so that a new block is read within a quarter of a second of its
   * arrival and the index stays within one block of the head.
   */
  pollingInterval?: number | undefined;
  /**
   * Blocks of historical state the node keeps (the embedded devnet's `stateWindow`), named when a
   * transaction's trace is older than that. Default: unknown (the explanation names no number).
   */
  stateWindow?: number | undefined;
};

/** What `platform.explorer.status()` answers. */
export type ChainIndexerStatus = {
  status: IndexerState["status"];
  /** The chain's head when last polled; null before the first poll. */
  head: bigint | null;
  /** The highest block indexed; null while the index is empty. */
  indexedTo: bigint | null;
  /** Times the indexer found the chain had gone back under its blocks (revert, reset, reorg). */
  rewinds: number;
  /** Failed polls (each retried on the next one). */
  errors: number;
  lastError: ErrorRecord | null;
};

/** The indexer's lifecycle. */
export type IndexerState =
  | { status: "stopped" }
  | { status: "running"; since: number }
  | { status: "stopping"; reason: "request" | "close" };

const INDEXER_MOVES = {
  stopped: ["running"],
  running: ["stopping"],
  stopping: ["stopped"],
} as const satisfies LifecycleMoves<IndexerState["status"]>;

/** The lock that keeps two processes on one store from indexing at once. */
const INDEX_LOCK = "privnet:explorer-index";
/** A full poll (the index's top compared with the chain) at least this often, head moved or not (ms). */
const FULL_POLL_EVERY = 5_000;
/** Blocks indexed between two prunes (a prune counts rows). */
const PRUNE_EVERY = 16;

/** What the indexer needs: a client (batching, for reads), the head, the store, the platform's polling interval. */
export type ChainIndexerContext = {
  client: NodeClient;
  /** The chain's head the platform follows: the index follows it, and asks it which blocks the chain still holds. */
  head: ChainHead;
  storage: StorageAdapter & { explorer: ExplorerStore };
  pollingInterval: number;
  /** Receipts shared with the platform's transaction watcher: each block's read once. */
  recentReceipts?: RecentBlockReceipts | undefined;
  /** The bodies of the transactions the platform sent: blocks of them are read without their bodies. */
  sentBodies?: SentTransactionBodies | undefined;
};

/**
 * Follows the chain's head (it watches the platform's {@link ChainHead}) and records every block,
 * its transactions and their token transfers through the storage adapter's explorer store. Each
 * poll reads the head's number, walks back to the newest block the index and the chain agree on
 * when they no longer do (a revert, a reset, a reorganisation: the blocks above it are removed;
 * the head answers which it still holds), then reads the new blocks in JSON-RPC batches (a block
 * and its receipts each) and stores each batch in one write. Retention removes the oldest blocks.
 * A failed poll is counted and retried.
 *
 * @example
 * const indexer = new ChainIndexer({ client, head, storage, pollingInterval: 1000 }, {});
 * indexer.start();
 * await indexer.waitFor(await head.read());
 */
export class ChainIndexer {
  readonly #ctx: ChainIndexerContext;
  readonly #retention: { blocks: number; transactions: number };
  readonly #backfill: number;
  readonly #batchBlocks: number;
  readonly #pollingInterval: number;
  readonly #state = lifecycleState<IndexerState>("the chain indexer", INDEXER_MOVES, { status: "stopped" });
  #loop: Promise<void> | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #wake: (() => void) | undefined;
  #head: bigint | null = null;
  #indexedTo: bigint | null = null;
  #rewinds = 0;
  #errors = 0;
  #lastError: ErrorRecord | null = null;
  #sincePrune = PRUNE_EVERY;
  /** The next look at the head polls in full (first poll, a waiter, a failure, blocks left). */
  #forced = true;
  /** The head the last full poll saw, and when it ran (ms). */
  #lastHead: bigint | undefined;
  #lastFull = 0;
  /** Polls begun so far: a waiter is settled only by a poll that began after it asked. */
  #polls = 0;
  readonly #waiters = new Set<{ block: bigint; after: number; resolve: () => void }>();
  #unwatch: (() => void) | undefined;
  /** The head moved since the loop last looked. */
  #headMoved = false;

  constructor(ctx: ChainIndexerContext, options: ExplorerOptions = {}) {
    this.#ctx = ctx;
    this.#retention = {
      blocks: options.retention?.blocks ?? 100_000,
      transactions: options.retention?.transactions ?? 1_000_000,
    };
    this.#backfill = options.backfill ?? 0;
    this.#batchBlocks = options.batchBlocks ?? 4;
    this.#pollingInterval = options.pollingInterval ?? Math.min(ctx.pollingInterval, 250);
  }

  /** Starts following the head; resolves at once (the first poll runs in the background). */
  start() {
    this.#state.move({ status: "running", since: Date.now() });
    this.#unwatch = this.#ctx.head.watch({
      onBlock: () => {
        this.#headMoved = true;
        this.#wake?.();
      },
      // The chain went back: the index's top is compared with it now rather than at the next full poll.
      onRewound: () => this.#poke(),
      pollingInterval: this.#pollingInterval,
    });
    this.#loop = this.#run();
  }

  /** Stops after the poll under way; resolves once nothing runs. Idempotent. */
  async stop(reason: "request" | "close" = "request") {
    if (this.#state.current.status !== "running") {
      await this.#loop;
      return;
    }
    this.#state.move({ status: "stopping", reason });
    this.#unwatch?.();
    if (this.#timer) clearTimeout(this.#timer);
    this.#wake?.();
    await this.#loop;
    this.#state.move({ status: "stopped" });
  }

  status(): ChainIndexerStatus {
    return {
      status: this.#state.current.status,
      head: this.#head,
      indexedTo: this.#indexedTo,
      rewinds: this.#rewinds,
      errors: this.#errors,
      lastError: this.#lastError,
    };
  }

  /**
   * Resolves once a poll that began after this call has indexed block `block` (or a higher one):
   * so the index then holds the chain's block at that height as the node had it when asked, even
   * if the chain went back meanwhile.
   */
  waitFor(block: bigint): Promise<void> {
    return new Promise((resolve) => {
      this.#waiters.add({ block, after: this.#polls, resolve });
      this.#poke();
    });
  }

  /** Polls now rather than at the next interval, and in full. */
  #poke() {
    this.#forced = true;
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#wake?.();
  }

  async #run() {
    while (this.#state.current.status === "running") {
      let behind = false;
      try {
        // The head alone first (from the platform's one head follower): while it stays put there
        // is nothing to index, and the storage lock (a write in SQLite) is not taken. A block
        // replaced at the same height shows with the next block (its parent differs), or at the
        // next full poll at the latest.
        this.#headMoved = false;
        const head = this.#ctx.head.number ?? (await this.#ctx.head.read());
        this.#head = head;
        const due = this.#forced || head !== this.#lastHead || Date.now() - this.#lastFull >= FULL_POLL_EVERY;
        if (due) {
          this.#forced = false;
          this.#lastFull = Date.now();
          behind = await this.#ctx.storage.withLock(INDEX_LOCK, () => this.#poll());
          this.#lastHead = head;
          if (behind) this.#forced = true;
        }
      } catch (error) {
        this.#forced = true;
        if (this.#state.current.status !== "running") break;
        this.#errors++;
        this.#lastError = toErrorRecord(error);
      }
      if (this.#state.current.status !== "running") break;
      if (behind || this.#headMoved) continue;
      // Until the head moves, a waiter pokes, or a full poll (or a retry) is due.
      const wait = this.#forced
        ? this.#pollingInterval
        : Math.max(0, FULL_POLL_EVERY - (Date.now() - this.#lastFull));
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
        this.#timer = setTimeout(resolve, wait);
      });
      this.#wake = undefined;
      this.#timer = undefined;
    }
  }

  /** One poll: answers true when blocks are left to read (the next poll follows at once). */
  async #poll(): Promise<boolean> {
    const poll = ++this.#polls;
    try {
      return await this.#pollOnce();
    } finally {
      this.#settleWaiters(poll);
    }
  }

  async #pollOnce(): Promise<boolean> {
    const store = this.#ctx.storage.explorer;
    // Fresh: a waiter is settled by a poll that read the head after it asked.
    const head = await this.#ctx.head.read();
    this.#head = head;
    // The index's top (one row): counting every row on each poll would cost more than the poll.
    let [top] = await store.listBlocks({ limit: 1 });
    if (top) {
      // biome-ignore lint/complexity/useMathMinMax: block numbers are bigints, Math.min takes numbers
      const agreed = await this.#agreedBlock(store, top.number < head ? top.number : head);
      if (agreed < top.number) {
        await store.removeBlocksAbove(agreed);
        this.#rewinds++;
        [top] = await store.listBlocks({ limit: 1 });
      }
    }
    this.#indexedTo = top?.number ?? null;
    const retained = head - BigInt(Math.max(1, this.#retention.blocks)) + 1n;
    let next = top ? top.number + 1n : head - BigInt(this.#backfill);
    if (next < retained) next = retained;
    if (next < 0n) next = 0n;
    if (next > head) return false;
    const batchEnd = next + BigInt(this.#batchBlocks) - 1n;
    const last = batchEnd < head ? batchEnd : head;
    const numbers: bigint[] = [];
    for (let number = next; number <= last; number++) numbers.push(number);
    const blocks = await this.#read(numbers);
    const linked = this.#linked(blocks, top?.number === next - 1n ? top : undefined);
    if (linked.length > 0) {
      await store.putBlocks(linked);
      this.#indexedTo = (linked[linked.length - 1] as IndexedBlockData).block.number;
      // The block bound walks the blocks' key (cheap): every time. The transaction bound counts
      // rows: every few blocks.
      this.#sincePrune += linked.length;
      const countRows = this.#sincePrune >= PRUNE_EVERY;
      if (countRows) this.#sincePrune = 0;
      await store.prune({
        blocks: this.#retention.blocks,
        ...(countRows ? { transactions: this.#retention.transactions } : {}),
      });
    }
    // Unlinked blocks (the chain moved under the read): the next poll walks back at once.
    return linked.length < blocks.length || (this.#indexedTo !== null && this.#indexedTo < head);
  }

  async #read(numbers: bigint[]) {
    const { client } = this.#ctx;
    // Nodes without eth_getBlockReceipts (the client records it): one receipt read per transaction.
    const blockReceipts = !client.lacks("eth_getBlockReceipts");
    try {
      return await readChainBlocks(client, numbers, {
        blockReceipts,
        recent: this.#ctx.recentReceipts,
        bodies: this.#ctx.sentBodies,
      });
    } catch (error) {
      if (blockReceipts && client.lacks("eth_getBlockReceipts")) {
        return readChainBlocks(client, numbers, { blockReceipts: false });
      }
      throw error;
    }
  }

  /** The blocks read that follow on from the index's top (and each other), up to the first that does not. */
  #linked(blocks: IndexedBlockData[], parent: { hash: string } | undefined) {
    const linked: IndexedBlockData[] = [];
    let previous = parent?.hash;
    for (const data of blocks) {
      if (previous !== undefined && data.block.parentHash.toLowerCase() !== previous.toLowerCase()) break;
      linked.push(data);
      previous = data.block.hash;
    }
    return linked;
  }

  /**
   * The newest indexed block the chain still holds, at or below `top`, as the head answers it
   * ({@link ChainHead.newestHeld}): the top itself when its hash matches (the usual case: one
   * header read), else found by walking down the index in pages of stored blocks. -1 when none
   * matches (a reset: a new genesis).
   */
  async #agreedBlock(store: ExplorerStore, top: bigint): Promise<bigint> {
    const { head } = this.#ctx;
    let before = top + 1n;
    for (let page = 0; ; page++) {
      if (page === 1) {
        // Not the last few blocks: before walking the whole index, check its oldest block (a reset
        // leaves none of them).
        const range = await store.range();
        const oldest = range && (await store.getBlock(range.lowest));
        if (!oldest || !(await head.newestHeld([oldest]))) return -1n;
      }
      const stored = await store.listBlocks({ limit: 32, before });
      if (stored.length === 0) return -1n;
      const held = await head.newestHeld(stored);
      if (held) return held.number;
      before = (stored[stored.length - 1] as { number: bigint }).number;
    }
  }

  #settleWaiters(poll: number) {
    for (const waiter of this.#waiters) {
      if (poll > waiter.after && this.#indexedTo !== null && this.#indexedTo >= waiter.block) {
        this.#waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }
}
