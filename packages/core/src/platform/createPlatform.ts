import { EventEmitter } from "eventemitter3";
import {
  type Address,
  type Chain,
  createPublicClient,
  formatEther,
  type PublicClient,
  parseGwei,
  type Transport,
} from "viem";
import type { BotContractInfo, BotDefinition } from "../bots/BotDefinition.js";
import { BotEngine, type BotLogs, type BotStatusEntry, type BotsOptions } from "../bots/BotEngine.js";
import type { BotOverrides } from "../bots/BotOverrides.js";
import type { BotTransition } from "../bots/BotRunner.js";
import { deriveAccounts } from "../chain/deriveAccounts.js";
import { KEY_INDEXES } from "../chain/keyIndexes.js";
import { privnet } from "../chain/privnet.js";
import { SYSTEM_MNEMONIC } from "../chain/systemAccounts.js";
import {
  connectPlatformContracts,
  type PlatformContracts,
  type PlatformContractsOptions,
} from "../contracts/connectPlatformContracts.js";
import type { PlatformContractInfo } from "../contracts/listPlatformContracts.js";
import { InvalidOptionsError } from "../errors/index.js";
import { ChainIdMismatchError, ChainUnreachableError, PlatformClosedError } from "../errors/platform.js";
import type { PlatformEvents } from "../events/PlatformEvents.js";
import { borrow } from "../lending/borrow.js";
import { deposit, type LendingTransferParameters } from "../lending/deposit.js";
import { getPosition, type LendingPosition } from "../lending/getPosition.js";
import type { LendingContext } from "../lending/LendingContext.js";
import type { LendingReceipt } from "../lending/LendingReceipt.js";
import { type LiquidateParameters, type LiquidateReturnType, liquidate } from "../lending/liquidate.js";
import { repay } from "../lending/repay.js";
import { withdraw } from "../lending/withdraw.js";
import { getNetworkInfo, type NetworkInfo } from "../network/getNetworkInfo.js";
import { crash } from "../oracle/crash.js";
import { depeg } from "../oracle/depeg.js";
import { freeze } from "../oracle/freeze.js";
import { getOracleStatus, type OracleStatus } from "../oracle/getOracleStatus.js";
import { getPrice } from "../oracle/getPrice.js";
import { getPrices } from "../oracle/getPrices.js";
import { listTokens } from "../oracle/listTokens.js";
import { type OraclePushReturnType, type OracleToken, PriceSimulator } from "../oracle/PriceSimulator.js";
import { PushLoop } from "../oracle/PushLoop.js";
import { pushPrices } from "../oracle/pushPrices.js";
import type { OnChainPrice } from "../oracle/readPrices.js";
import type { OracleOptions } from "../oracle/resolveOracleOptions.js";
import { resume } from "../oracle/resume.js";
import { type SetPriceReturnType, setPrice } from "../oracle/setPrice.js";
import { NonceManager } from "../sender/NonceManager.js";
import type { SenderContext } from "../sender/SenderContext.js";
import {
  type SendFromWalletParameters,
  type SendFromWalletReturnType,
  sendFromWallet,
} from "../sender/sendFromWallet.js";
import {
  type SendTransactionParameters,
  type SendTransactionReturnType,
  sendTransaction,
} from "../sender/sendTransaction.js";
import {
  type SendWithKeyParameters,
  type SendWithKeyReturnType,
  sendWithKey,
} from "../sender/sendWithKey.js";
import { TransactionWatcher, type TransactionWatcherStatus } from "../sender/TransactionWatcher.js";
import { createWalletSigners } from "../sender/WalletSigners.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import type { StorageAdapter } from "../storage/StorageAdapter.js";
import {
  type ListTransactionsParameters,
  type ListTransactionsReturnType,
  listTransactions,
} from "../transactions/listTransactions.js";
import { reconcilePendingTransactions } from "../transactions/reconcilePendingTransactions.js";
import { type WaitForTransactionReturnType, waitForTransaction } from "../transactions/waitForTransaction.js";
import {
  type CreateWalletParameters,
  type CreateWalletReturnType,
  createWallet,
} from "../wallets/createWallet.js";
import { type GetWalletReturnType, getWallet } from "../wallets/getWallet.js";
import {
  type ImportWalletParameters,
  type ImportWalletReturnType,
  importWallet,
} from "../wallets/importWallet.js";
import { createKeyVault } from "../wallets/KeyVault.js";
import { type ListWalletsReturnType, listWallets } from "../wallets/listWallets.js";
import { registerSystemWallets } from "../wallets/registerSystemWallets.js";
import { type RemoveWalletReturnType, removeWallet } from "../wallets/removeWallet.js";
import { revertPlatform } from "./revertPlatform.js";
import { type PlatformSnapshot, snapshotPlatform } from "./snapshotPlatform.js";

export type CreatePlatformOptions = {
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
  /** The bots' settings, custom bots, funding; see docs/bots.md. */
  bots?: BotsOptions | undefined;
};

export type Platform = {
  readonly chain: Chain;
  /** A viem public client on the platform's transport, for reads of your own. */
  readonly client: PublicClient;
  readonly storage: StorageAdapter;
  readonly network: {
    /** Chain id (number), latest block number and gas price (bigint, wei), as viem reads them. */
    info(): Promise<NetworkInfo>;
  };
  readonly wallets: {
    create(params?: CreateWalletParameters): Promise<CreateWalletReturnType>;
    import(params: ImportWalletParameters): Promise<ImportWalletReturnType>;
    list(): Promise<ListWalletsReturnType>;
    get(id: number): Promise<GetWalletReturnType>;
    remove(id: number): Promise<RemoveWalletReturnType>;
  };
  readonly sender: {
    sendFromWallet(params: SendFromWalletParameters): Promise<SendFromWalletReturnType>;
    sendWithKey(params: SendWithKeyParameters): Promise<SendWithKeyReturnType>;
    /** Any transaction (call, deployment, transfer) through the nonce manager; see {@link sendTransaction}. */
    sendTransaction(params: SendTransactionParameters): Promise<SendTransactionReturnType>;
  };
  readonly transactions: {
    list(params?: ListTransactionsParameters): Promise<ListTransactionsReturnType>;
    /** Resolves once the entry is confirmed or failed. */
    wait(id: number): Promise<WaitForTransactionReturnType>;
    /** The watcher that settles sent transactions: how many it follows, its failed polls of the node. */
    watcherStatus(): TransactionWatcherStatus;
  };
  /** The deployed contracts, ensured on first call (or at start with the `contracts` option). */
  readonly contracts: {
    get(): Promise<PlatformContracts>;
    /** Ensures them again, e.g. after a chain reset (deploys anew when their code is gone). */
    refresh(): Promise<PlatformContracts>;
    /**
     * Every platform contract deployed on this chain: name, Solidity contract, address, the block
     * of its deployment and ABI. Deploys nothing: empty until the contracts are deployed.
     */
    list(): Promise<PlatformContractInfo[]>;
  };
  /** The price simulator: models, push loop, set price, scenarios. See docs/oracle.md. */
  readonly oracle: {
    tokens(): Promise<OracleToken[]>;
    prices(): Promise<OnChainPrice[]>;
    price(symbol: string): Promise<OnChainPrice>;
    push(): Promise<OraclePushReturnType>;
    setPrice(symbol: string, price: string | number, address?: string): Promise<SetPriceReturnType>;
    crash(symbol: string, percent: number, overSeconds?: number): Promise<OraclePushReturnType | null>;
    depeg(symbol: string, price: string | number): Promise<SetPriceReturnType>;
    freeze(): Promise<void>;
    resume(): Promise<OraclePushReturnType>;
    start(): Promise<void>;
    stop(): Promise<void>;
    status(): OracleStatus;
  };
  /** Typed helpers over the LendingPool. See docs/lending.md. */
  readonly lending: {
    deposit(params: LendingTransferParameters): Promise<LendingReceipt>;
    withdraw(params: LendingTransferParameters): Promise<LendingReceipt>;
    borrow(params: LendingTransferParameters): Promise<LendingReceipt>;
    repay(params: LendingTransferParameters): Promise<LendingReceipt>;
    liquidate(params: LiquidateParameters): Promise<LiquidateReturnType>;
    position(user: string): Promise<LendingPosition>;
  };
  readonly bots: {
    /**
     * Starts a bot; `overrides` (e.g. `{ interval: 1000 }`) apply to this run. Harmless when
     * running. A built-in bot's overrides are typed by its name (see {@link BotOverrides}).
     */
    start<const Name extends string>(name: Name, overrides?: BotOverrides<Name>): Promise<BotTransition>;
    /** Stops a bot; its pending transactions still settle. Harmless when stopped. */
    stop(name: string): Promise<BotTransition>;
    /** Every bot's status, config and stats, by name. */
    status(): Promise<Record<string, BotStatusEntry>>;
    get(name: string): Promise<BotStatusEntry>;
    /** Recent transactions (from the history) and errors of a bot. */
    logs(name: string, options?: { limit?: number | undefined }): Promise<BotLogs>;
    /** Resolves once nothing the bot sent is pending. */
    settled(name: string): Promise<void>;
    /** The bots' contracts (erc20: its token, nft: its collection) by bot name; null before deployed. */
    contracts(): Promise<Record<string, BotContractInfo | null>>;
    /** Registers a custom bot made with `defineBot`. */
    register(definition: BotDefinition): Promise<void>;
    names(): string[];
  };
  /** Typed events: see {@link PlatformEvents}. */
  readonly events: EventEmitter<PlatformEvents>;
  /**
   * Test fixtures: a snapshot of the chain (`evm_snapshot`) and of the platform's storage together.
   * See docs/devnet.md, "Snapshots of the platform".
   */
  snapshot(): Promise<PlatformSnapshot>;
  /**
   * Brings the chain and the platform's state (history, wallets, state keys, nonces, the watcher)
   * back to `snapshot` together; the snapshot is used up. See {@link revertPlatform}.
   */
  revert(snapshot: PlatformSnapshot): Promise<void>;
  /** Stops the watcher, refuses new sends, removes listeners and closes the storage. Idempotent. */
  close(): Promise<void>;
  /** `close()`, for `await using platform = await createPlatform(…)`. */
  [Symbol.asyncDispose](): Promise<void>;
};

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
export async function createPlatform(options: CreatePlatformOptions): Promise<Platform> {
  checkOptions(options);
  const chain = options.chain ?? privnet;
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

  const events = new EventEmitter<PlatformEvents>();
  const keyVault = createKeyVault(options.encryptionPassphrase);
  const base = { chain, client, storage, events, keyVault };
  const watcher = new TransactionWatcher(base, {
    pollingInterval: options.pollingInterval ?? client.pollingInterval,
    replaceAfter: options.replaceAfter ?? 30_000,
    dropAfter: options.dropAfter ?? 120_000,
    // Assigned below, before the watcher starts; a bot's contract may be gone with the blocks.
    onChainRewound: () => bots.chainRewound(),
    fillNonceHoles: (from, pooled, signer) => ctx.nonceManager(from).fillHoles(pooled, signer),
  });
  const managers = new Map<string, NonceManager>();
  const managerOptions = {
    maxInFlight: options.maxInFlight ?? 64,
    maxPerLock: 4096,
    priorityFeePerGas: options.priorityFeePerGas ?? parseGwei("1"),
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
    bots = new BotEngine(ctx, options.bots);
  } catch (error) {
    await storage.close();
    throw error;
  }
  try {
    await watcher.start();
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
  const guard =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (closing) return Promise.reject(new PlatformClosedError());
      const running = operation(...args);
      const tracked = running.then(
        () => undefined,
        () => undefined,
      );
      active.add(tracked);
      void tracked.finally(() => active.delete(tracked));
      return running;
    };

  const platform: Platform = {
    chain,
    client,
    storage,
    network: { info: guard(() => getNetworkInfo(client)) },
    wallets: {
      create: guard((params?: CreateWalletParameters) => createWallet(base, params)),
      import: guard((params: ImportWalletParameters) => importWallet(base, params)),
      list: guard(() => listWallets(base)),
      get: guard((id: number) => getWallet(base, id)),
      remove: guard((id: number) => removeWallet(base, id)),
    },
    sender: {
      sendFromWallet: guard((params: SendFromWalletParameters) => sendFromWallet(ctx, params)),
      sendWithKey: guard((params: SendWithKeyParameters) => sendWithKey(ctx, params)),
      sendTransaction: guard((params: SendTransactionParameters) => sendTransaction(ctx, params)),
    },
    transactions: {
      list: guard((params?: ListTransactionsParameters) => listTransactions(base, params)),
      wait: guard((id: number) => waitForTransaction(base, id)),
      watcherStatus: () => watcher.status(),
    },
    contracts: {
      get: guard(() => contracts.get()),
      refresh: guard(() => contracts.refresh()),
      list: guard(() => contracts.list()),
    },
    oracle: {
      tokens: guard(() => listTokens(oracle)),
      prices: guard(() => getPrices(oracle)),
      price: guard((symbol: string) => getPrice(oracle, symbol)),
      push: guard(() => pushPrices(oracle)),
      setPrice: guard((symbol: string, price: string | number, address?: string) =>
        setPrice(oracle, symbol, price, address),
      ),
      crash: guard((symbol: string, percent: number, overSeconds?: number) =>
        crash(oracle, symbol, percent, overSeconds),
      ),
      depeg: guard((symbol: string, price: string | number) => depeg(oracle, symbol, price)),
      freeze: guard(() => freeze(oracle)),
      resume: guard(() => resume(oracle)),
      start: guard(() => pushLoop.start()),
      stop: guard(() => pushLoop.stop()),
      status: () => getOracleStatus(oracle, pushLoop),
    },
    lending: {
      deposit: guard((params: LendingTransferParameters) => deposit(lendingCtx, params)),
      withdraw: guard((params: LendingTransferParameters) => withdraw(lendingCtx, params)),
      borrow: guard((params: LendingTransferParameters) => borrow(lendingCtx, params)),
      repay: guard((params: LendingTransferParameters) => repay(lendingCtx, params)),
      liquidate: guard((params: LiquidateParameters) => liquidate(lendingCtx, params)),
      position: guard((user: string) => getPosition(lendingCtx, user)),
    },
    bots: {
      start: guard((name: string, overrides?: unknown) => bots.start(name, overrides)),
      stop: guard((name: string) => bots.stop(name)),
      status: guard(() => bots.status()),
      get: guard((name: string) => bots.get(name)),
      logs: guard((name: string, params?: { limit?: number | undefined }) => bots.logs(name, params)),
      settled: guard((name: string) => bots.settled(name)),
      contracts: guard(() => bots.contracts()),
      register: guard((definition: BotDefinition) => bots.register(definition)),
      names: () => bots.names(),
    },
    events,
    snapshot: guard(() => snapshotPlatform(base)),
    revert: guard((snapshot: PlatformSnapshot) =>
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
    [Symbol.asyncDispose]: () => platform.close(),
    close() {
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
        while (active.size > 0) await Promise.all(active);
        events.removeAllListeners();
        await storage.close();
      })();
      return closing;
    },
  };
  return platform;
}

function checkOptions(options: CreatePlatformOptions) {
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
