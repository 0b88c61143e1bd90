import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import {
  type ChainForks,
  defineService,
  type ForkEndReason,
  type ForkInfo,
  ForkLimitReachedError,
  ForkNotFoundError,
  type ForkOptions,
  ForksUnavailableError,
  forkOptionsSchema,
  InvalidForkError,
  privnet,
  type Service,
} from "@privnet/core";
import { DEFAULT_FORK_LIMIT, DEFAULT_FORK_TTL_SECONDS } from "@privnet/core/internal";
import { resolveAnvilBinary } from "../anvil/resolveAnvilBinary.js";
import { defineFork, type ForkInstance } from "./defineFork.js";
import { parentHasStateAt, readParentHead } from "./readParentHead.js";

export type ForkPoolOptions = {
  /** The chain every fork is forked from (read at each fork's start). */
  parentUrl: string | (() => string);
  /** How many forks may run at once. Default: {@link DEFAULT_FORK_LIMIT} (4). */
  limit?: number;
  /** Path of an anvil binary to run instead of the one from `@foundry-rs/anvil`. */
  binary?: string | undefined;
};

/** A pool of throwaway forks ({@link ChainForks}) that is itself an instance: its stop stops every fork. */
export type ForkPool = ChainForks & Service;

/** What the pool tells its listeners (`ChainForks.on`). */
type ForkPoolEvents = { started: [fork: ForkInfo]; stopped: [fork: ForkInfo, reason: ForkEndReason] };

type Entry = { info: ForkInfo; fork: ForkInstance; timer: NodeJS.Timeout };

/**
 * Throwaway forks of the chain at `parentUrl`: `create()` starts one (a {@link defineFork}
 * instance) at a block of the parent, on a loopback port of its own, and stops it at its time to
 * live; at most `limit` run at once. Forks are made once the pool is started (`start()`); its
 * `stop()` stops them all and refuses new ones. A started devnet has one, started, for its own
 * chain (`devnet.forks`).
 *
 * @example
 * const pool = createForkPool({ parentUrl: "http://127.0.0.1:8545" });
 * await pool.start();
 * const fork = await pool.create({ ttlSeconds: 600 });
 * await createPublicClient({ transport: http(fork.rpcUrl) }).getBlockNumber();
 * await pool.stop();
 */
export function createForkPool(options: ForkPoolOptions): ForkPool {
  const limit = options.limit ?? DEFAULT_FORK_LIMIT;
  const events = new EventEmitter<ForkPoolEvents>();
  const entries = new Map<string, Entry>();
  // Forks starting or stopping: counted against the limit, and stopped with the pool.
  const busy = new Set<ForkInstance>();
  const parentUrl = () => (typeof options.parentUrl === "string" ? options.parentUrl : options.parentUrl());

  const end = async (id: string, reason: ForkEndReason) => {
    const entry = entries.get(id);
    if (!entry) throw new ForkNotFoundError(id);
    entries.delete(id);
    clearTimeout(entry.timer);
    busy.add(entry.fork);
    try {
      await entry.fork.stop();
    } finally {
      busy.delete(entry.fork);
    }
    events.emit("stopped", entry.info, reason);
    return entry.info;
  };

  const create = async (given: ForkOptions = {}): Promise<ForkInfo> => {
    const settings = parseForkOptions(given);
    if (pool.status !== "started") throw new ForksUnavailableError(`the fork pool is ${pool.status}`);
    if (entries.size + busy.size >= limit) throw new ForkLimitReachedError(limit);
    const id = `fork-${randomBytes(4).toString("hex")}`;
    const url = parentUrl();
    // The slot is taken before the first await: two requests at once cannot both pass the limit.
    const reserved = { stop: async () => {} } as ForkInstance;
    busy.add(reserved);
    let fork: ForkInstance | undefined;
    try {
      const block = await pinBlock(url, settings.block);
      fork = defineFork({ id, binary: resolveAnvilBinary(options.binary), parentUrl: url, block });
      busy.add(fork);
      await fork.start();
      if (pool.status !== "started") throw new ForksUnavailableError(`the fork pool is ${pool.status}`);
      const ttlSeconds = settings.ttlSeconds ?? DEFAULT_FORK_TTL_SECONDS;
      const now = Date.now();
      const info: ForkInfo = {
        id,
        name: settings.name ?? id,
        rpcUrl: fork.url,
        block,
        chainId: privnet.id,
        pid: fork.pid,
        createdAt: new Date(now).toISOString(),
        expiresAt: new Date(now + ttlSeconds * 1000).toISOString(),
      };
      const timer = setTimeout(() => void end(id, "expired").catch(() => undefined), ttlSeconds * 1000);
      timer.unref();
      entries.set(id, { info, fork, timer });
      events.emit("started", info);
      return info;
    } catch (error) {
      await fork?.stop().catch(() => undefined);
      throw error;
    } finally {
      busy.delete(reserved);
      if (fork) busy.delete(fork);
    }
  };

  const pool = defineService({
    name: "forks",
    async stop() {
      const stops = [...entries.keys()].map((id) => end(id, "closed"));
      await Promise.allSettled([...stops, ...[...busy].map((fork) => fork.stop())]);
    },
  });
  const chainForks: ChainForks = {
    limit,
    create,
    list: () => [...entries.values()].map((entry) => entry.info),
    get(id) {
      const entry = entries.get(id);
      if (!entry) throw new ForkNotFoundError(id);
      return entry.info;
    },
    remove: (id) => end(id, "deleted"),
    // node's typed emitter cannot relate a generic event's listener to its own listener type.
    on: (event, listener) => events.on(event, listener as never),
    off: (event, listener) => events.off(event, listener as never),
  };
  return Object.assign(pool, chainForks);
}

/** The parent's block to fork at: `block` (at most the head, with its state still kept) or the head. */
async function pinBlock(url: string, block: number | undefined): Promise<bigint> {
  const parent = await readParentHead(url);
  if ("unreachable" in parent) throw new ForksUnavailableError(parent.unreachable);
  if (block === undefined) return parent.head;
  const wanted = BigInt(block);
  if (wanted > parent.head)
    throw new InvalidForkError("block", `at most the chain's head, block ${parent.head}; got ${wanted}`);
  if (!(await parentHasStateAt(url, wanted)))
    throw new InvalidForkError(
      "block",
      `a block whose state the chain still keeps (a recent one); got ${wanted}`,
    );
  return wanted;
}

/** `given` checked with {@link forkOptionsSchema}: the settings, or `FORK_INVALID` naming the first wrong one. */
function parseForkOptions(given: unknown): ForkOptions {
  const parsed = forkOptionsSchema.safeParse(given ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue?.code === "unrecognized_keys")
    throw new InvalidForkError(String(issue.keys[0]), "not a setting of a fork");
  throw new InvalidForkError(String(issue?.path[0] ?? "options"), issue?.message ?? "not accepted");
}
