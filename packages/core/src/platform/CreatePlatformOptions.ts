import type { Chain, Transport } from "viem";
import type { BotCatalogue } from "../bots/BotCatalogue.js";
import type { BotsOptions } from "../bots/BotEngine.js";
import type { SeedBots } from "../bots/seedBots.js";
import type { ChainFaults } from "../chain/ChainFaults.js";
import type { PlatformContractsOptions } from "../contracts/connectPlatformContracts.js";
import type { ExplorerOptions } from "../explorer/ChainIndexer.js";
import type { OracleOptions } from "../oracle/resolveOracleOptions.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import type { HistoryOptions } from "../transactions/HistoryRetention.js";

/**
 * What `createPlatform` takes. Its own file, so that the platform's parts read the options without
 * importing `createPlatform.ts`, which imports them.
 */
export type CreatePlatformOptions<Catalogues extends readonly BotCatalogue[] = [SeedBots]> = {
  /** Any viem transport: `http(url)`, `webSocket(url)`, `custom(eip1193Provider)`. */
  transport: Transport;
  /** The chain the node runs. Default: {@link privnet}. The node's chain id must match it. */
  chain?: Chain;
  /** Where wallets, history and service state live. Default: `memoryStorage()`. Closed by `platform.close()`. */
  storage?: StorageAdapter;
  /**
   * Encrypts private keys at rest (scrypt + AES-256-GCM) with this passphrase. Keys stored in plain
   * text earlier stay readable; encrypted ones need the same passphrase. Default: keys stored as
   * plain hex.
   */
  encryptionPassphrase?: string | undefined;
  /** Store the chain's 21 prefunded accounts as system wallets on start. Default: true. */
  registerSystemWallets?: boolean | undefined;
  /** Milliseconds between polls for new blocks over HTTP. Default: the client's (1 s for privnet). */
  pollingInterval?: number | undefined;
  /** A sent transaction still pending after this many ms is replaced with a higher fee. Default: 30,000. */
  replaceAfter?: number | undefined;
  /** A sent transaction the node no longer has after this many ms is marked failed. Default: 120,000. */
  dropAfter?: number | undefined;
  /**
   * On start, send again what the history calls `confirmed` but the chain no longer has — a chain
   * that came back from a crash at its last state write, with a lower head — from the stored signed
   * bytes (same hashes), before `createPlatform` resolves; the watcher confirms them again in their
   * new blocks. Off by default: in a test suite that reverts the chain between tests, it would replay
   * the reverted tests' transactions. `privnet up` turns it on for its embedded devnet.
   * Default: false.
   */
  resendLostConfirmed?: boolean | undefined;
  /** Priority fee (tip) per gas in wei for every send. Default: 1 gwei. */
  priorityFeePerGas?: bigint | undefined;
  /**
   * Most transfers of one address sent and not yet answered by the node at once. Default: 64. With
   * `adaptiveWindow`, the upper bound of the window instead (default 512 then).
   */
  maxInFlight?: number | undefined;
  /**
   * Opt-in: the window of sends at the node follows the node's latency instead of staying at
   * `maxInFlight`. It starts at 64, grows while the node answers as fast as at its recent best and
   * the window is full, shrinks when answers slow down well past that, halves when one does not
   * come, and stays between 16 and `maxInFlight` (64 and 16 become `maxInFlight` where it is lower).
   * Learned per address for the platform's life. Not the default yet: see docs/performance.md for
   * what it measured and where it still goes wrong. Default: false.
   */
  adaptiveWindow?: boolean | undefined;
  /**
   * The platform's contracts (PriceOracle, LendingPool, PRIV, USDC, DAI, feeds): given, they are
   * reused from storage or deployed when the platform starts; without it, on first use by
   * `platform.contracts`, `platform.oracle` or `platform.lending`. See {@link PlatformContractsOptions}.
   */
  contracts?: PlatformContractsOptions | boolean | undefined;
  /** The price simulator (`platform.oracle`); `autoStart` starts its push loop with the platform. */
  oracle?: (OracleOptions & { autoStart?: boolean }) | undefined;
  /** The scenario catalogues, the bots' settings, custom bots, funding; see docs/bots.md. */
  bots?: BotsOptions<Catalogues> | undefined;
  /**
   * The explorer: an index of every block and transaction of the chain, kept through the storage
   * adapter (retention bounded by blocks and by transactions), decoded with the platform's ABIs.
   * Default: on (needs an adapter with an explorer store: memory, sqlite, postgres). `false`
   * turns it off. See docs/explorer.md.
   */
  explorer?: ExplorerOptions | boolean | undefined;
  /**
   * The transaction history: how many of the bots' records it keeps (`botRetention`, default
   * 1,000,000; the wallets' own sends are always kept). See docs/operations.md.
   */
  history?: HistoryOptions | undefined;
  /**
   * Faults on demand for the chain: `devnet.faults` of the embedded devnet (`startDevnet()` of
   * `@privnet/devnet`), which the platform offers as `platform.faults` and announces as `chain`
   * events. Without it (a node the platform does not control, `--rpc-url`) every fault is refused
   * with `FAULTS_UNAVAILABLE`. See docs/faults.md.
   */
  faults?: ChainFaults | undefined;
};

/** The options as the platform's parts read them, whatever the catalogues' types. */
export type AnyCreatePlatformOptions = CreatePlatformOptions<readonly BotCatalogue[]>;
