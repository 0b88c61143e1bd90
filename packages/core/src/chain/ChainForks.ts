import { z } from "zod";

// Throwaway forks of a chain, written once: the devnet's fork pool checks what it is asked with
// `forkOptionsSchema`, and the admin API's `POST /forks` body and OpenAPI document are built from it.

/** The most throwaway forks that run at once by default. */
export const DEFAULT_FORK_LIMIT = 4;
/** A throwaway fork's time to live when none is asked for, in seconds (an hour). */
export const DEFAULT_FORK_TTL_SECONDS = 3_600;
/** The longest time to live a throwaway fork may be given, in seconds (a day). */
export const MAX_FORK_TTL_SECONDS = 86_400;

const ttlRule = `an integer from 1 to ${MAX_FORK_TTL_SECONDS}`;
const nameRule = "a name of 1 to 64 letters, digits, spaces, dots, dashes or underscores";

/** What {@link ChainForks.create} takes. */
export const forkOptionsSchema = z.strictObject(
  {
    block: z
      .int({ error: "a block number (an integer, 0 or more)" })
      .min(0, { error: "a block number (an integer, 0 or more)" })
      .optional()
      .describe("The block the fork starts from: at most the chain's head. Default: the head."),
    ttlSeconds: z
      .int({ error: ttlRule })
      .min(1, { error: ttlRule })
      .max(MAX_FORK_TTL_SECONDS, { error: ttlRule })
      .optional()
      .describe(
        `Seconds until the fork is stopped and removed, 1 to ${MAX_FORK_TTL_SECONDS}. Default: ${DEFAULT_FORK_TTL_SECONDS}.`,
      ),
    name: z
      .string({ error: nameRule })
      .regex(/^[\w .-]{1,64}$/, { error: nameRule })
      .optional()
      .describe("A name for people. Default: the fork's id."),
  },
  { error: "an object" },
);

/** What {@link ChainForks.create} takes: every setting optional. */
export type ForkOptions = z.infer<typeof forkOptionsSchema>;

/** A running throwaway fork. */
export type ForkInfo = {
  /** Short and unique among the pool's forks, e.g. `fork-3f9a1c2e`. */
  id: string;
  name: string;
  /** The fork's own JSON-RPC URL (HTTP; the same port answers WebSocket). */
  rpcUrl: string;
  /** The parent's block it started from. */
  block: bigint;
  /** The chain id it answers: privnet's, whatever the parent's. */
  chainId: number;
  /** The fork node's process id. */
  pid: number;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC: stopped and removed then. */
  expiresAt: string;
};

/** Why a throwaway fork stopped. */
export type ForkEndReason = "expired" | "deleted" | "closed";

/** What a fork pool tells its listeners. */
export type ChainForksEvents = {
  /** A fork answers on its URL. */
  started: [fork: ForkInfo];
  /** A fork stopped (its process is gone) and left the list. */
  stopped: [fork: ForkInfo, reason: ForkEndReason];
};

/**
 * Throwaway forks of one chain (the devnet's `forks`, or `createForkPool` of `@privnet/devnet` for
 * any node): each a node of its own forked at a block of the chain, on its own loopback port, with
 * a time to live; all of them stop with the pool.
 */
export type ChainForks = {
  /** How many may run at once. */
  readonly limit: number;
  /**
   * Starts a fork and resolves once it answers on its URL.
   * @throws `FORK_INVALID` (a setting out of range, a block beyond the head or without state),
   * `FORK_LIMIT_REACHED`, `FORKS_UNAVAILABLE` (the pool stopped).
   */
  create(options?: ForkOptions): Promise<ForkInfo>;
  /** The running forks, oldest first. */
  list(): ForkInfo[];
  /** @throws `FORK_NOT_FOUND` */
  get(id: string): ForkInfo;
  /** Stops the fork and resolves once its process is gone. @throws `FORK_NOT_FOUND` */
  remove(id: string): Promise<ForkInfo>;
  on<E extends keyof ChainForksEvents>(event: E, listener: (...args: ChainForksEvents[E]) => void): unknown;
  off<E extends keyof ChainForksEvents>(event: E, listener: (...args: ChainForksEvents[E]) => void): unknown;
};
