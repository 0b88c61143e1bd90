import type { EventEmitter } from "eventemitter3";
import {
  type Address,
  type Chain,
  createPublicClient,
  formatEther,
  type PublicClient,
  type Transport,
} from "viem";
import type { BotCatalogue, CatalogueConfigs } from "../bots/BotCatalogue.js";
import { BotEngine, type BotsOptions } from "../bots/BotEngine.js";
import { botActions } from "../bots/botActions.js";
import type { SeedBots } from "../bots/seedBots.js";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { privnet } from "../chain/privnet.js";
import { SentTransactionBodies } from "../chain/SentTransactionBodies.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import type { OperationGuard } from "../context/OperationGuard.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import {
  connectPlatformContracts,
  type PlatformContractsOptions,
} from "../contracts/connectPlatformContracts.js";
import { contractActions } from "../contracts/contractActions.js";
import { InvalidOptionsError } from "../errors/index.js";
import { ChainIdMismatchError, ChainUnreachableError, PlatformClosedError } from "../errors/platform.js";
import type { ExplorerOptions } from "../explorer/ChainIndexer.js";
import { createExplorer } from "../explorer/createExplorer.js";
import { explorerActions } from "../explorer/explorerActions.js";
import { explorerContractActions } from "../explorer/explorerContractActions.js";
import { labelActions } from "../explorer/labelActions.js";
import { createFeePolicy } from "../fees/feePolicy.js";
import type { LendingContext } from "../lending/LendingContext.js";
import { lendingActions } from "../lending/lendingActions.js";
import { networkActions } from "../network/networkActions.js";
import { oracleActions } from "../oracle/oracleActions.js";
import { PriceSimulator } from "../oracle/PriceSimulator.js";
import { PushLoop } from "../oracle/PushLoop.js";
import type { OracleOptions } from "../oracle/resolveOracleOptions.js";
import { NonceManager } from "../sender/NonceManager.js";
import type { SenderContext } from "../sender/SenderContext.js";
import { senderActions } from "../sender/senderActions.js";
import { sendTransaction } from "../sender/sendTransaction.js";
import { sendWithKey } from "../sender/sendWithKey.js";
import { TransactionWatcher } from "../sender/TransactionWatcher.js";
import { createWalletSigners } from "../sender/WalletSigners.js";
import { createKeyVault } from "../signing/KeyVault.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import { reconcilePendingTransactions } from "../transactions/reconcilePendingTransactions.js";
import { transactionActions } from "../transactions/transactionActions.js";
import { registerSystemWallets } from "../wallets/registerSystemWallets.js";
import { walletActions } from "../wallets/walletActions.js";
import { isolatedListeners } from "./isolatedListeners.js";
import { revertPlatform } from "./revertPlatform.js";
import { type PlatformSnapshot, snapshotPlatform } from "./snapshotPlatform.js";

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
  /** Priority fee (tip) per gas in wei for every send. Default: 1 gwei. */
  priorityFeePerGas?: bigint | undefined;
  /** Most transfers of one address sent and not yet answered by the node. Default: 64. */
  maxInFlight?: number | undefined;
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
};

/**
 * The object {@link createPlatform} answers: the chain, its client and the storage, one group of
 * operations per service (`wallets`, `sender`, `transactions`, `contracts`, `oracle`, `lending`,
 * `bots`, `network`), the typed events, test snapshots and `close()`.
 *
 * Each group is made by one action factory in its service's folder (`walletActions` in
 * `wallets/walletActions.ts`, …), and this type is what `createPlatform` builds from them: an
 * operation is declared once, in its factory, with its TSDoc. See docs/architecture.md.
 *
 * `Catalogues` (those of `bots.catalogues`) types `bots.start` for their bots; the default stands
 * for a platform with any catalogues, what a function taking any platform names.
 */
export type Platform<Catalogues extends readonly BotCatalogue[] = readonly BotCatalogue[]> = Awaited<
  ReturnType<typeof createPlatform<Catalogues>>
>;

/**
 * Connects to a chain and returns the platform object that owns every privnet service. On start it
 * registers the system wallets and settles the transactions a previous run left pending.
 *
 * Fails with `CHAIN_UNREACHABLE` when the node does not answer and `CHAIN_ID_MISMATCH` when it
 * runs another chain than `options.chain`.
 *
 * @example
 * import { http } from "viem";
 * import { createPlatform } from "@privnet/core";
 * const platform = await createPlatform({ transport: http(devnet.rpcUrl) });
 * const alice = await platform.wallets.create({ name: "alice" });
 * await platform.sender.sendFromWallet({ fromWalletId: 1, to: alice.address, amount: "1" });
 * await platform.close();
 */
export async function createPlatform<const Catalogues extends readonly BotCatalogue[] = [SeedBots]>(
  options: CreatePlatformOptions<Catalogues>,
) {
  checkOptions(options);
  const chain: Chain = options.chain ?? privnet;
  const storage = options.storage ?? memoryStorage();
  const client = createPublicClient({
    chain,
    transport: options.transport,
    ...(options.pollingInterval === undefined ? {} : { pollingInterval: options.pollingInterval }),
  }) as PublicClient;

  let chainId: number;
  try {
    chainId = await client.getChainId();
  } catch (error) {
    await storage.close();
    throw new ChainUnreachableError({ cause: error });
  }
  if (chainId !== chain.id) {
    await storage.close();
    throw new ChainIdMismatchError(chain.id, chainId);
  }

  const events = isolatedListeners();
  const keyVault = createKeyVault(options.encryptionPassphrase);
  const fees = createFeePolicy({ priorityFeePerGas: options.priorityFeePerGas });
  const base = { chain, client, storage, events, keyVault, fees };
  // With the explorer on, what the watcher follows is left for its index (see SentTransactionBodies).
  const sentBodies = options.explorer !== false && storage.explorer ? new SentTransactionBodies() : undefined;
  const watcher = new TransactionWatcher(base, {
    sentBodies,
    pollingInterval: options.pollingInterval ?? client.pollingInterval,
    replaceAfter: options.replaceAfter ?? 30_000,
    dropAfter: options.dropAfter ?? 120_000,
    // Assigned below, before the watcher starts; a bot's contract may be gone with the blocks.
    onChainRewound: () => bots.chainRewound(),
    fillNonceHoles: (from, holes) => ctx.nonceManager(from).fillHoles(holes),
  });
  const managers = new Map<string, NonceManager>();
  const managerOptions = {
    maxInFlight: options.maxInFlight ?? 64,
    maxPerLock: 4096,
    maxAttempts: 5,
  };
  const ctx: SenderContext = {
    ...base,
    watcher,
    signers: createWalletSigners(keyVault),
    nonceManager(address: Address) {
      if (closing) throw new PlatformClosedError();
      const key = address.toLowerCase();
      let manager = managers.get(key);
      if (!manager) {
        manager = new NonceManager(base, watcher, address, managerOptions);
        managers.set(key, manager);
      }
      return manager;
    },
  };

  const contracts = connectPlatformContracts({
    chain,
    transport: options.transport,
    client,
    storage,
    options: typeof options.contracts === "object" ? options.contracts : undefined,
    send: (params) => sendTransaction(ctx, params),
    // The owner and the updater get their ETH from a system account, through its nonce manager.
    async fund(to, amount) {
      const [funder] = deriveAccounts(SYSTEM_MNEMONIC, [KEY_INDEXES.funder]);
      await sendWithKey(ctx, {
        privateKey: (funder as { privateKey: string }).privateKey,
        to,
        amount: formatEther(amount),
        source: "funding",
      });
    },
  });
  const { autoStart = false, ...oracleOptions } = options.oracle ?? {};
  let oracle: PriceSimulator;
  let pushLoop: PushLoop;
  try {
    oracle = new PriceSimulator(
      { client, storage, events, contracts, send: (params) => sendTransaction(ctx, params) },
      oracleOptions,
    );
    pushLoop = new PushLoop(oracle);
  } catch (error) {
    await storage.close();
    throw error;
  }
  const lendingCtx: LendingContext = { chain, client, contracts, sender: ctx };

  let closing: Promise<void> | undefined;
  let bots: BotEngine;
  try {
    bots = new BotEngine(ctx, options.bots as BotsOptions<readonly BotCatalogue[]> | undefined, {
      contracts,
    });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const explorer =
    options.explorer === false
      ? undefined
      : createExplorer({
          client,
          storage,
          contracts,
          bots,
          pollingInterval: options.pollingInterval ?? client.pollingInterval,
          options: typeof options.explorer === "object" ? options.explorer : undefined,
          recentReceipts: watcher.recentReceipts,
          sentBodies,
        });
  try {
    await watcher.start();
    explorer?.indexer.start();
    if (options.registerSystemWallets ?? true) await registerSystemWallets(base);
    await reconcilePendingTransactions(base, watcher);
    if (options.contracts) {
      await contracts.get();
      await oracle.ready();
    }
    if (autoStart) await pushLoop.start();
    // Last: bots that were running resume, and their loops need everything above.
    await bots.init();
  } catch (error) {
    await explorer?.indexer.stop("close");
    await bots.close();
    await pushLoop.stop();
    await oracle.close();
    await watcher.stop();
    await storage.close();
    throw error;
  }

  const active = new Set<Promise<unknown>>();
  // Every operation checks that the platform is open first and is counted until it settles, so
  // that close() can let it finish before the storage goes away: a call after close() fails with
  // PLATFORM_CLOSED, never with a storage error or half-written.
  const guard: OperationGuard = (operation) => {
    if (closing) return Promise.reject(new PlatformClosedError());
    const running = operation();
    const tracked = running.then(
      () => undefined,
      () => undefined,
    );
    active.add(tracked);
    void tracked.finally(() => active.delete(tracked));
    return running;
  };

  const close = () => {
    closing ??= (async () => {
      // Bots first: their loops stop (they stay marked running, to resume on the next start).
      await bots.close();
      // Then the push loop: its last push may still need the chain.
      await pushLoop.stop();
      await oracle.close();
      // Queued sends are refused, sent ones recorded; waits on confirmations end; then every
      // operation still running settles before the storage closes.
      await Promise.all([...managers.values()].map((manager) => manager.close(new PlatformClosedError())));
      await watcher.stop(new PlatformClosedError());
      await explorer?.indexer.stop("close");
      while (active.size > 0) await Promise.all(active);
      events.removeAllListeners();
      await storage.close();
    })();
    return closing;
  };

  // Not annotated: `Platform` is this object's type, so each group's operations are declared once,
  // in its action factory. `as const` keeps the members read-only. The assertions on `client` and
  // `events` make the emitted .d.ts name those types instead of expanding viem's and eventemitter3's
  // internals (which a consumer's compiler could not name).
  return {
    /** The chain the platform runs on (default {@link privnet}). */
    chain,
    /** A viem public client on the platform's transport, for reads of your own. */
    client: client as PublicClient,
    /** Where wallets, history and service state live; closed by `close()`. */
    storage,
    /** The chain as the node reports it. See {@link networkActions}. */
    network: networkActions({ guard, client }),
    /** Create, import, list, read and remove wallets. See {@link walletActions}. */
    wallets: walletActions({ guard, ...base }),
    /** Send by wallet id (answers pending), by private key (waits: confirmed), or any transaction. See {@link senderActions}. */
    sender: senderActions({ guard, ...ctx }),
    /** The history, newest first, cursor paging, status tracking. See {@link transactionActions}. */
    transactions: transactionActions({ guard, ...base, watcher }),
    /**
     * The deployed contracts, ensured on first call (or at start with the `contracts` option), and
     * the explorer's registered ABIs and reads. See {@link contractActions} and {@link explorerContractActions}.
     */
    contracts: { ...contractActions({ guard, contracts }), ...explorerContractActions({ guard, explorer }) },
    /** The price simulator: models, push loop, set price, scenarios. See docs/oracle.md and {@link oracleActions}. */
    oracle: oracleActions({ guard, simulator: oracle, pushLoop }),
    /** Typed helpers over the LendingPool. See docs/lending.md and {@link lendingActions}. */
    lending: lendingActions({ guard, ...lendingCtx }),
    /** Built-in and custom bots: start, stop, status, stats. See docs/bots.md and {@link botActions}. */
    bots: botActions<CatalogueConfigs<Catalogues>>({ guard, engine: bots }),
    /**
     * The explorer's index of the chain: blocks, any transaction decoded, any address with its
     * label, search. See docs/explorer.md and {@link explorerActions}.
     */
    explorer: explorerActions({ guard, explorer }),
    /** The names addresses go by, with your own on top. See {@link labelActions}. */
    labels: labelActions({ guard, explorer }),
    /** Typed events: see {@link PlatformEvents}. */
    events: events as EventEmitter<PlatformEvents>,
    /**
     * Test fixtures: a snapshot of the chain (`evm_snapshot`) and of the platform's storage together.
     * See docs/devnet.md, "Snapshots of the platform".
     */
    snapshot: () => guard(() => snapshotPlatform(base)),
    /**
     * Brings the chain and the platform's state (history, wallets, state keys, nonces, the watcher)
     * back to `snapshot` together; the snapshot is used up. See {@link revertPlatform}.
     */
    revert: (snapshot: PlatformSnapshot) =>
      guard(() =>
        revertPlatform(
          {
            ...base,
            watcher,
            forget() {
              contracts.forget();
              oracle.reload();
              // What the bots deployed or read may be gone with the blocks: they set up again.
              bots.chainRewound();
            },
          },
          snapshot,
        ),
      ),
    /** Stops the watcher, refuses new sends, removes listeners and closes the storage. Idempotent. */
    close,
    /** `close()`, for `await using platform = await createPlatform(…)`. */
    [Symbol.asyncDispose]: close,
  } as const;
}

function checkOptions<Catalogues extends readonly BotCatalogue[]>(
  options: CreatePlatformOptions<Catalogues>,
) {
  const positive = ["pollingInterval", "replaceAfter", "dropAfter", "maxInFlight"] as const;
  for (const name of positive) {
    const value = options[name];
    if (value !== undefined && (!Number.isFinite(value) || value <= 0)) {
      throw new InvalidOptionsError(`\`${name}\` must be a positive number, got ${value}.`);
    }
  }
  if (options.maxInFlight !== undefined && !Number.isInteger(options.maxInFlight)) {
    throw new InvalidOptionsError(`\`maxInFlight\` must be an integer, got ${options.maxInFlight}.`);
  }
  if (options.priorityFeePerGas !== undefined && options.priorityFeePerGas < 0n) {
    throw new InvalidOptionsError("`priorityFeePerGas` must not be negative.");
  }
  if (options.encryptionPassphrase !== undefined && options.encryptionPassphrase.length === 0) {
    throw new InvalidOptionsError("`encryptionPassphrase` must not be empty.");
  }
}
