import { resolve as resolvePath } from "node:path";
import { SYSTEM_ACCOUNT_BALANCE, SYSTEM_ACCOUNT_COUNT, SYSTEM_MNEMONIC } from "@privnet/core";
import { DevnetStartError } from "../errors.js";

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
   * Chain state file: loaded on start when it exists, written on `stop()`. Historical states are
   * kept (`--preserve-historical-states`) so that reads at old blocks work after a restart.
   */
  statePath?: string;
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
   * Serve the devnet's port over TLS — HTTPS and WSS, nothing in clear text — with this key and
   * certificate (PEM text; see `createSelfSignedCertificate` in `@privnet/http`). The relay does
   * it, so it needs the clock (the default). Default: clear text.
   */
  tls?: { cert: string; key: string };
};

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
  mnemonic: string;
  accounts: number;
  balance: bigint;
  /** A clock relay in front of anvil (anvil then listens on a loopback port of its own). */
  withClock: boolean;
  startTimeout: number;
  tls: { cert: string; key: string } | undefined;
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
  const automineFirst = options.automineFirst === true && blockTime > 0;
  if (automineFirst && !Number.isInteger(blockTime)) {
    throw new DevnetStartError(
      `automineFirst needs a whole number of seconds for blockTime (anvil switches to interval mining in whole seconds), got ${blockTime}`,
      "",
    );
  }
  return {
    host: options.host ?? "127.0.0.1",
    port,
    blockTime,
    automineFirst,
    statePath: options.statePath === undefined ? undefined : resolvePath(options.statePath),
    mnemonic: options.mnemonic ?? SYSTEM_MNEMONIC,
    accounts: options.accounts ?? SYSTEM_ACCOUNT_COUNT,
    balance: options.balance ?? SYSTEM_ACCOUNT_BALANCE,
    withClock: options.clock !== false,
    startTimeout: options.startTimeout ?? 20_000,
    tls: options.tls,
  };
}
