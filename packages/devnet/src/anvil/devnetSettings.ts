import { resolve as resolvePath } from "node:path";
import { SYSTEM_ACCOUNT_BALANCE, SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "@privnet/core";
import { DevnetStartError } from "../errors.js";
import { type ChainLimits, type ChainPolicySettings, DEFAULT_CHAIN_LIMITS } from "./clock/chainPolicy.js";

export type { ChainLimits } from "./clock/chainPolicy.js";

/** The devnet port's method policy and limits (docs/team-chain.md). */
export type ChainPolicyOptions = {
  /**
   * With it, admin methods (`anvil_*`, `evm_*`, `eth_sendTransaction`, … any method not public)
   * need it, as `Authorization: Bearer <token>` or the URL's last path segment. Without it every
   * method is open, as on anvil.
   */
  adminToken?: string;
  /** Host names the port answers to besides loopback and its own address ("*": any). Default: none. */
  allowedHosts?: readonly string[];
  /** Origins whose pages may call the chain (wallet extensions always may). Default: none, meaning any. */
  corsOrigins?: readonly string[];
  /** Each limit's default: {@link DEFAULT_CHAIN_LIMITS}. */
  limits?: Partial<ChainLimits>;
};

export type StartDevnetOptions = {
  /** Port to listen on. 0 picks a free one. Default: 8545. */
  port?: number;
  /** Interface to bind. Default: 127.0.0.1. */
  host?: string;
  /** Seconds between blocks (fractions allowed). 0 mines a block per transaction. Default: 2. */
  blockTime?: number;
  /**
   * Mine every transaction at once until `devnet.useBlockTime()` is called, and only then a
   * block every `blockTime` seconds: set-up transactions (deploying contracts, funding keys) are
   * mined without waiting for block time. Needs a whole number of seconds (anvil switches to
   * interval mining in whole seconds); nothing to do with `blockTime` 0. Default: false.
   */
  automineFirst?: boolean;
  /**
   * Chain state file: loaded on start when it exists, written every `stateInterval` seconds while
   * the devnet runs and on `stop()` — each time atomically (a temporary file beside it, renamed
   * over it), so that a crash or a `kill -9` leaves the last complete write. What it holds besides
   * the current state: see `preserveHistoricalStates`.
   */
  statePath?: string;
  /**
   * Seconds between two writes of the state file while the devnet runs (only with `statePath`):
   * what a `kill -9` of everything can lose at most, plus the write under way. The pause after a
   * write is at least four times the write's duration (a large state's write never takes over).
   * 0: written on `stop()` only. Default: {@link DEFAULT_STATE_INTERVAL}.
   */
  stateInterval?: number;
  /**
   * Blocks whose full state anvil keeps in memory (`--prune-history <n>`): state reads at an older
   * block — `eth_call`, `eth_getBalance`, `eth_getStorageAt`, `debug_traceTransaction` — fail there
   * (`BlockOutOfRangeError`, `Resource not found`), while blocks, transactions, receipts and logs
   * stay. Bounds the historical states anvil holds however long the chain runs (its blocks,
   * transactions and current state still grow with the traffic). Default: {@link DEFAULT_STATE_WINDOW}.
   */
  stateWindow?: number;
  /**
   * Blocks whose transactions and receipts anvil keeps in memory (`--transaction-block-keeper`):
   * older blocks' transactions, receipts and logs are answered on the devnet's port from the chain
   * archive the devnet writes beside the state file (`chain-state.archive.db`), exactly as anvil
   * answered them. Bounds anvil's memory and state file however long the chain runs. Only with
   * `statePath` and the clock (the relay answers from the archive), and not on a fork (`forkUrl`:
   * its older blocks are the parent's); otherwise anvil keeps every block. Default:
   * {@link DEFAULT_BLOCK_WINDOW}.
   */
  blockWindow?: number;
  /**
   * Write the window's historical states into the state file too (`--preserve-historical-states`),
   * so that state reads at the window's blocks work after a restart; each costs the file (and the
   * next start) a full copy of the state. Only with `statePath`. Default: false.
   */
  preserveHistoricalStates?: boolean;
  /**
   * Fork this node's chain instead of starting from genesis: any JSON-RPC URL (a running privnet,
   * a public network). The devnet keeps privnet's chain id (3151908) whatever the parent's, and its
   * prefunded accounts get their balance on the fork. See docs/forks.md.
   */
  forkUrl?: string;
  /** The parent's block to fork at (with `forkUrl`): at most its head. Default: its head. */
  forkBlock?: number | bigint;
  /** Mnemonic of the prefunded accounts. Default: the Kurtosis default mnemonic. */
  mnemonic?: string;
  /** Number of prefunded accounts. Default: 21. */
  accounts?: number;
  /** Balance of each prefunded account, in wei. Default: 1,000,000,000 ETH. */
  balance?: bigint;
  /** Path of an anvil binary to run instead of the one from `@foundry-rs/anvil`. */
  binary?: string;
  /**
   * Milliseconds anvil may make no progress (no CPU time used, no bytes written) before it answers;
   * a start that works is never cut short, however long a large state file takes to load.
   * Default: 20,000.
   */
  startTimeout?: number;
  /**
   * Told every 5 s while anvil works without answering yet — it loads a large state file — with
   * the milliseconds since it started. Default: nothing is told.
   */
  onStarting?: (elapsedMs: number) => void;
  /**
   * Told after each periodic state write, with the file's size in bytes and the milliseconds it
   * took (a failed write is told through `onLog`, and the previous file stays). Default: nothing.
   */
  onStateWrite?: (write: { bytes: number; ms: number }) => void;
  /** Receives every line anvil prints. Default: lines are kept only for error messages. */
  onLog?: (line: string) => void;
  /**
   * Hardhat's block timestamps: each block later than its parent (by a second automining, by the
   * block time otherwise) and never behind the wall clock plus `evm_increaseTime`. A small relay
   * on the devnet's port keeps that clock in front of anvil, which listens on a loopback port of
   * its own. `false`: anvil alone on the devnet's port, with anvil's timestamps (blocks mined in
   * the same second share one). Default: true.
   */
  clock?: boolean;
  /**
   * A method policy and limits on the devnet's port (needs the clock's relay): admin methods
   * only with the admin token, a batch size, a body size, an `eth_getLogs` range, subscriptions
   * per WebSocket, a rate per client address, and the Host and Origin checks of privnet's APIs.
   * Default: none (every method open, no limits). privnet's own clients call with
   * `devnet.serviceHeaders`.
   */
  chainPolicy?: ChainPolicyOptions;
  /**
   * Serve the devnet's port over TLS — HTTPS and WSS, nothing in clear text — with this key and
   * certificate (PEM text; see `createSelfSignedCertificate` in `@privnet/http`). The relay does
   * it, so it needs the clock (the default). Default: clear text.
   */
  tls?: { cert: string; key: string };
  /**
   * anvil's resident memory, in MB, above which the devnet restarts it with its chain and pool
   * (the `restart` fault with `keepPool`, in the fault log): anvil 1.7.1 keeps ~1.5 kB of every
   * transaction it dropped until it restarts. At most one restart a minute; a limit below what
   * anvil needs right after a restart is said once, then left alone. Only with the clock (the
   * restart fault needs its relay) and on Linux (`/proc`). 0: off. Default:
   * {@link DEFAULT_NODE_MEMORY_LIMIT}.
   */
  nodeMemoryLimit?: number;
  /** Milliseconds between two reads of anvil's resident memory (`nodeMemoryLimit`). Default: 30,000. */
  nodeMemoryCheckMs?: number;
};

/** anvil's resident memory (MB) above which the devnet restarts it by default: 1.5 GB. */
export const DEFAULT_NODE_MEMORY_LIMIT = 1536;

/**
 * Blocks of historical state a devnet keeps by default: the explorer's traces and state changes of
 * the last ~4 minutes at 2 s blocks, and reorganisations up to the faults' deepest (64 blocks).
 * anvil's memory is about this many copies of the chain's state: small for a chain of a few
 * thousand accounts, ~2 GB once traffic created 60,000 (see docs/operations.md).
 */
export const DEFAULT_STATE_WINDOW = 128;

/**
 * Blocks whose transactions and receipts anvil keeps in memory by default, with a state file: the
 * chain archive takes each block 4 blocks below the head, so it has 60 blocks (2 minutes at 2 s
 * blocks) to catch up before anvil drops a block it lacks. At the chain's capacity (~2,860
 * transfers a block) the window holds ~180,000 transactions, ~650 MB of anvil's memory (see
 * docs/operations.md).
 */
export const DEFAULT_BLOCK_WINDOW = 64;

/**
 * Blocks below the head the archive waits for, at most. A rollback deeper than that is found by
 * the archive's check of its top against anvil's chain, and what it took off is dropped.
 */
export const ARCHIVE_DEPTH = 4;

/**
 * Seconds between two writes of the state file by default: what a crash can lose (and the next
 * start sends again) stays small, while a write — 0.6 s for the 20 MB file of 10,000 transfers,
 * 3.5–5 s for 81 MB after 40,000, on a loaded 2-core machine — takes a small share of the time.
 */
export const DEFAULT_STATE_INTERVAL = 30;

/** {@link StartDevnetOptions} checked, with every default filled in. */
export type DevnetSettings = {
  host: string;
  /** The devnet's port as asked for: 0 picks a free one. */
  port: number;
  blockTime: number;
  /** Only with a block time: automining until `useBlockTime()`. */
  automineFirst: boolean;
  /** Absolute. */
  statePath: string | undefined;
  /** Blocks of historical state anvil keeps (`--prune-history`). */
  stateWindow: number;
  /** Seconds between periodic state writes; 0: none (only with a state file). */
  stateInterval: number;
  /** Only with a state file. */
  preserveHistoricalStates: boolean;
  /**
   * With a state file and the clock: blocks with transactions anvil keeps, the chain archive's
   * file, how far below the head a block is archived, and how many automined blocks pass before
   * the relay has it catch up.
   */
  archive: { blockWindow: number; path: string; depth: number; slack: number } | undefined;
  mnemonic: string;
  accounts: number;
  balance: bigint;
  /** A clock relay in front of anvil (anvil then listens on a loopback port of its own). */
  withClock: boolean;
  startTimeout: number;
  /** Without a service token yet (the devnet makes one as it starts). */
  chainPolicy: Omit<ChainPolicySettings, "serviceToken"> | undefined;
  tls: { cert: string; key: string } | undefined;
  /** anvil's memory ceiling: with the clock, on Linux, unless its limit is 0. */
  memoryCeiling: { limitMb: number; checkMs: number } | undefined;
  /** The parent chain, with `forkUrl`; its block is pinned once the parent answered (`prepareFork`). */
  fork: { url: string; block: bigint | undefined } | undefined;
};

/**
 * Fills in `options`' defaults and checks them, before anything starts: a bad value is a
 * `DEVNET_START_FAILED` naming it.
 *
 * @example
 * resolveDevnetSettings({ port: 0, blockTime: 0.5, automineFirst: true }); // throws: whole seconds
 */
export function resolveDevnetSettings(options: StartDevnetOptions): DevnetSettings {
  const port = options.port ?? 8545;
  const blockTime = options.blockTime ?? 2;
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new DevnetStartError(`port must be an integer from 0 to 65535, got ${port}`, "");
  }
  if (!(blockTime >= 0) || !Number.isFinite(blockTime)) {
    throw new DevnetStartError(`blockTime must be 0 or a positive number of seconds, got ${blockTime}`, "");
  }
  if (options.tls && options.clock === false) {
    throw new DevnetStartError(
      "tls needs the clock relay (clock: false leaves anvil alone on the port, and anvil speaks no TLS)",
      "",
    );
  }
  const stateWindow = options.stateWindow ?? DEFAULT_STATE_WINDOW;
  if (!Number.isInteger(stateWindow) || stateWindow < 1) {
    throw new DevnetStartError(
      `stateWindow must be a whole number of blocks, 1 or more, got ${stateWindow}`,
      "",
    );
  }
  const blockWindow = options.blockWindow ?? DEFAULT_BLOCK_WINDOW;
  if (!Number.isInteger(blockWindow) || blockWindow < 4) {
    throw new DevnetStartError(
      `blockWindow must be a whole number of blocks, 4 or more, got ${blockWindow}`,
      "",
    );
  }
  const stateInterval = options.stateInterval ?? DEFAULT_STATE_INTERVAL;
  if (!(stateInterval >= 0) || !Number.isFinite(stateInterval)) {
    throw new DevnetStartError(
      `stateInterval must be 0 or a positive number of seconds, got ${stateInterval}`,
      "",
    );
  }
  const automineFirst = options.automineFirst === true && blockTime > 0;
  if (automineFirst && !Number.isInteger(blockTime)) {
    throw new DevnetStartError(
      `automineFirst needs a whole number of seconds for blockTime (anvil switches to interval mining in whole seconds), got ${blockTime}`,
      "",
    );
  }
  const withClock = options.clock !== false;
  if (options.chainPolicy && !withClock)
    throw new DevnetStartError("chainPolicy needs the relay on the devnet's port: leave clock on", "");
  const statePath = options.statePath === undefined ? undefined : resolvePath(options.statePath);
  return {
    chainPolicy: options.chainPolicy && policySettings(options.chainPolicy),
    host: options.host ?? "127.0.0.1",
    port,
    blockTime,
    automineFirst,
    statePath,
    stateWindow,
    // A fork has none: its blocks up to the fork block are the parent's, which anvil reads there.
    archive:
      statePath !== undefined && withClock && options.forkUrl === undefined
        ? {
            blockWindow,
            path: archivePathOf(statePath),
            // Half the window at most: the archive takes each block while anvil still holds it.
            depth: Math.min(ARCHIVE_DEPTH, Math.floor(blockWindow / 2)),
            // Blocks mined one per transaction before the relay has the archive catch up: the
            // window less the depth, halved, so that none leaves anvil unarchived.
            slack: Math.max(
              1,
              Math.floor((blockWindow - Math.min(ARCHIVE_DEPTH, Math.floor(blockWindow / 2))) / 2),
            ),
          }
        : undefined,
    stateInterval,
    preserveHistoricalStates: options.preserveHistoricalStates === true && options.statePath !== undefined,
    mnemonic: options.mnemonic ?? SYSTEM_MNEMONIC,
    accounts: options.accounts ?? SYSTEM_ACCOUNT_COUNT,
    balance: options.balance ?? SYSTEM_ACCOUNT_BALANCE,
    withClock,
    startTimeout: options.startTimeout ?? 20_000,
    tls: options.tls,
    memoryCeiling: memoryCeilingSettings(options, withClock),
    fork: forkSettings(options),
  };
}

/** The chain archive beside a state file: `chain-state.json` → `chain-state.archive.db`. */
export function archivePathOf(statePath: string): string {
  return `${statePath.replace(/\.json$/i, "")}.archive.db`;
}

function memoryCeilingSettings(
  options: StartDevnetOptions,
  withClock: boolean,
): DevnetSettings["memoryCeiling"] {
  const limitMb = options.nodeMemoryLimit ?? DEFAULT_NODE_MEMORY_LIMIT;
  if (!(limitMb >= 0) || !Number.isFinite(limitMb))
    throw new DevnetStartError(`nodeMemoryLimit must be 0 or a positive number of MB, got ${limitMb}`, "");
  const checkMs = options.nodeMemoryCheckMs ?? 30_000;
  if (!Number.isInteger(checkMs) || checkMs < 1)
    throw new DevnetStartError(
      `nodeMemoryCheckMs must be a whole number of ms, 1 or more, got ${checkMs}`,
      "",
    );
  // The restart fault needs the relay; the resident size is read in /proc.
  if (limitMb === 0 || !withClock || process.platform !== "linux") return undefined;
  return { limitMb, checkMs };
}

function forkSettings(options: StartDevnetOptions): DevnetSettings["fork"] {
  const { forkUrl, forkBlock } = options;
  if (forkUrl === undefined) {
    if (forkBlock !== undefined) throw new DevnetStartError("forkBlock needs forkUrl", "");
    return undefined;
  }
  if (!/^(https?|wss?):\/\/[^\s]+$/i.test(forkUrl) || !URL.canParse(forkUrl))
    throw new DevnetStartError("forkUrl must be an http(s):// or ws(s):// URL", "");
  if (forkBlock !== undefined && !(/^\d+$/.test(String(forkBlock)) && BigInt(forkBlock) >= 0n))
    throw new DevnetStartError("forkBlock must be a block number (an integer, 0 or more)", "");
  return { url: forkUrl, block: forkBlock === undefined ? undefined : BigInt(forkBlock) };
}

function policySettings(options: ChainPolicyOptions): NonNullable<DevnetSettings["chainPolicy"]> {
  const limits = { ...DEFAULT_CHAIN_LIMITS, ...options.limits };
  for (const [name, value] of Object.entries(limits))
    if (!Number.isFinite(value) || value <= 0)
      throw new DevnetStartError(`chainPolicy.limits.${name} must be a positive number, got ${value}`, "");
  return {
    tokens: options.adminToken ? { admin: options.adminToken } : {},
    allowedHosts: [...(options.allowedHosts ?? [])],
    corsOrigins: [...(options.corsOrigins ?? [])],
    limits,
  };
}
