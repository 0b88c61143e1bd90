import type { Hash } from "viem";
import type { z } from "zod";
import type {
  feeSpikeOptionsSchema,
  reorgOptionsSchema,
  restartOptionsSchema,
  timedFaultOptionsSchema,
} from "./faultSchema.js";

/** A block by number and hash. */
export type BlockRef = { number: bigint; hash: Hash };

/** What {@link ChainFaults.reorg} takes: see {@link reorgOptionsSchema} for each setting and its rule. */
export type ReorgOptions = Omit<z.infer<typeof reorgOptionsSchema>, "drop"> & {
  /** Taken as given, never changed: a `readonly` list (`as const`) is fine. */
  drop?: readonly Hash[] | undefined;
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

/** What {@link ChainFaults.restart} takes: see {@link restartOptionsSchema}. */
export type RestartOptions = z.infer<typeof restartOptionsSchema>;

export type RestartResult = {
  keepPool: boolean;
  /** The head the node came back with. */
  head: BlockRef;
  /** Pending transactions the node had before; with `keepPool` they are in its pool again. */
  pool: Hash[];
  /** Milliseconds the node was down. */
  downMs: number;
};

/**
 * A fault with a length: `stall` (no blocks) and `unreachable` (the RPC refuses connections); see
 * {@link timedFaultOptionsSchema}.
 */
export type TimedFaultOptions = z.infer<typeof timedFaultOptionsSchema>;

export type TimedFaultResult = {
  /** When it ends (ISO 8601), unless {@link ChainFaults.recover} ends it earlier. */
  endsAt: string;
};

/** What {@link ChainFaults.feeSpike} takes: see {@link feeSpikeOptionsSchema}. */
export type FeeSpikeOptions = z.infer<typeof feeSpikeOptionsSchema>;

/** The faults that take time and end on their own (or with {@link ChainFaults.recover}). */
export type TimedFault = "stall" | "unreachable" | "feeSpike";

/**
 * What a fault did, as it happened. One event per fault as it takes effect, and `recovered` when a
 * timed one ends; `adminCall` (the audit trail) for each admin method called on the devnet's port
 * with a token: who (the client's address, the token's name, never its value), what, and the head
 * then (null when it could not be read).
 */
export type ChainFaultEvent = { at: string } & (
  | ({ type: "reorged" } & ReorgResult)
  | { type: "poolDropped"; dropped: Hash[] }
  | ({ type: "restarted" } & RestartResult)
  | { type: "stalled"; ms: number; head: bigint; endsAt: string }
  | { type: "unreachable"; ms: number; endsAt: string }
  | { type: "feeSpiked"; baseFee: bigint; blocks: number; fromBlock: bigint }
  | { type: "recovered"; fault: TimedFault }
  | { type: "adminCall"; method: string; client: string; token: string; block: bigint | null }
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
