import type { Hash } from "viem";

/** A block by number and hash. */
export type BlockRef = { number: bigint; hash: Hash };

/** What {@link ChainFaults.reorg} does. */
export type ReorgOptions = {
  /** Blocks taken back from the head and replaced by new ones: 1 to 64. */
  depth: number;
  /**
   * Transactions of the orphaned blocks that are not mined again on the new branch. Default: none
   * (every orphaned transaction is mined again).
   */
  drop?: readonly Hash[] | undefined;
  /**
   * Where the dropped transactions go: `"discard"` (gone: not in the pool, not on the chain) or
   * `"pool"` (back in the pool, pending, mined by a later block). Default: `"discard"`.
   */
  dropTo?: "discard" | "pool" | undefined;
  /** Mine the orphaned transactions again in another order (each sender's own order kept). Default: false. */
  reorder?: boolean | undefined;
  /** Blocks the new branch has beyond `depth` (it is never shorter than the old one). Default: 0. */
  extraBlocks?: number | undefined;
};

/** What a reorganisation did. */
export type ReorgResult = {
  depth: number;
  oldHead: BlockRef;
  newHead: BlockRef;
  /** Each height of the old branch with its old and new block hash. */
  replaced: { number: bigint; oldHash: Hash; newHash: Hash }[];
  /** Every transaction of the orphaned blocks. */
  orphaned: Hash[];
  /** Those mined again on the new branch. */
  remined: Hash[];
  /** Those not mined again (in the pool or gone, as asked). */
  dropped: Hash[];
};

export type RestartOptions = {
  /** Send the pool's transactions to the restarted node again. Default: false (the pool is lost, as a real restart loses it). */
  keepPool?: boolean | undefined;
};

export type RestartResult = {
  keepPool: boolean;
  /** The head the node came back with. */
  head: BlockRef;
  /** Pending transactions the node had before; with `keepPool` they are in its pool again. */
  pool: Hash[];
  /** Milliseconds the node was down. */
  downMs: number;
};

/** A fault with a length: `stall` (no blocks) and `unreachable` (the RPC refuses connections). */
export type TimedFaultOptions = {
  /** How long, in milliseconds: 1 to 600,000. */
  ms: number;
};

export type TimedFaultResult = {
  /** When it ends (ISO 8601), unless {@link ChainFaults.recover} ends it earlier. */
  endsAt: string;
};

export type FeeSpikeOptions = {
  /** The base fee per gas, in wei, of each of the next `blocks` blocks. */
  baseFee: bigint;
  /** Blocks mined at that base fee (1 to 1,000); afterwards it falls back as EIP-1559 lets it. */
  blocks: number;
};

/** The faults that take time and end on their own (or with {@link ChainFaults.recover}). */
export type TimedFault = "stall" | "unreachable" | "feeSpike";

/**
 * What a fault did, as it happened. One event per fault as it takes effect, and `recovered` when a
 * timed one ends.
 */
export type ChainFaultEvent = { at: string } & (
  | ({ type: "reorged" } & ReorgResult)
  | { type: "poolDropped"; dropped: Hash[] }
  | ({ type: "restarted" } & RestartResult)
  | { type: "stalled"; ms: number; head: bigint; endsAt: string }
  | { type: "unreachable"; ms: number; endsAt: string }
  | { type: "feeSpiked"; baseFee: bigint; blocks: number; fromBlock: bigint }
  | { type: "recovered"; fault: TimedFault }
);

/**
 * Faults on demand for a chain privnet runs itself (the embedded devnet): a real reorganisation,
 * a lost pool, a restarted node, no blocks for a while, a refused RPC, a base fee spike.
 * `@privnet/devnet`'s `startDevnet()` answers an implementation as `devnet.faults`; a platform
 * given it (`createPlatform({ faults })`) offers them as `platform.faults` and announces them on
 * its events. One fault at a time: another one while one is under way is refused.
 */
export interface ChainFaults {
  /** Replaces the last `depth` blocks with a new branch (new hashes), mining their transactions again unless dropped. */
  reorg(options: ReorgOptions): Promise<ReorgResult>;
  /** Empties the node's pool: pending transactions are gone. */
  dropPool(): Promise<{ dropped: Hash[] }>;
  /** Stops the node and starts it again on the same port and state. */
  restart(options?: RestartOptions): Promise<RestartResult>;
  /** No blocks for `ms`; the pool fills. Resolves once in effect. */
  stall(options: TimedFaultOptions): Promise<TimedFaultResult>;
  /** The RPC refuses connections for `ms`. Resolves once in effect. */
  unreachable(options: TimedFaultOptions): Promise<TimedFaultResult>;
  /** The next `blocks` blocks have base fee `baseFee`. Resolves once in effect. */
  feeSpike(options: FeeSpikeOptions): Promise<{ fromBlock: bigint }>;
  /** Ends every timed fault under way now (each emits `recovered`). */
  recover(): Promise<void>;
  /** Calls `listener` with every fault event; answers the function that stops it. */
  subscribe(listener: (event: ChainFaultEvent) => void): () => void;
}
