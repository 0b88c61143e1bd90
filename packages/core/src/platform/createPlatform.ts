import type { EventEmitter } from "eventemitter3";
import type { Chain, PublicClient } from "viem";
import type { BotCatalogue, CatalogueConfigs } from "../bots/BotCatalogue.js";
import { botActions } from "../bots/botActions.js";
import type { SeedBots } from "../bots/seedBots.js";
import type { PlatformEvents } from "../context/PlatformEvents.js";
import { contractActions } from "../contracts/contractActions.js";
import { explorerActions } from "../explorer/explorerActions.js";
import { explorerContractActions } from "../explorer/explorerContractActions.js";
import { labelActions } from "../explorer/labelActions.js";
import { faultActions } from "../faults/faultActions.js";
import type { LendingContext } from "../lending/LendingContext.js";
import { lendingActions } from "../lending/lendingActions.js";
import { startServices } from "../lifecycle/startServices.js";
import { stopServices } from "../lifecycle/stopServices.js";
import { networkActions } from "../network/networkActions.js";
import { oracleActions } from "../oracle/oracleActions.js";
import { senderActions } from "../sender/senderActions.js";
import { memoryStorage } from "../storage/memoryStorage.js";
import { transactionActions } from "../transactions/transactionActions.js";
import { walletActions } from "../wallets/walletActions.js";
import { assemblePlatform, type PlatformParts } from "./assemblePlatform.js";
import type { AnyCreatePlatformOptions, CreatePlatformOptions } from "./CreatePlatformOptions.js";
import { checkPlatformOptions } from "./checkPlatformOptions.js";
import { connectChain } from "./connectChain.js";
import { platformServices } from "./platformServices.js";
import { revertPlatform } from "./revertPlatform.js";
import { type PlatformSnapshot, snapshotPlatform } from "./snapshotPlatform.js";
import { trackOperations } from "./trackOperations.js";

export type { AnyCreatePlatformOptions, CreatePlatformOptions } from "./CreatePlatformOptions.js";

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
  // The parts read the options whatever the catalogues; only `bots` below keeps their types.
  const settings = options as AnyCreatePlatformOptions;
  checkPlatformOptions(settings);
  const storage = settings.storage ?? memoryStorage();
  const { chain, client } = await connectChain(settings, storage);
  const operations = trackOperations();
  let parts: PlatformParts;
  try {
    parts = assemblePlatform(settings, { chain, client, storage, closing: () => operations.closing });
  } catch (error) {
    await storage.close();
    throw error;
  }
  const { base, ctx, contracts, oracle, pushLoop, bots, explorer, faultLog, retention } = parts;
  // Started in order; on a failed start, those begun stop in reverse before the error is thrown.
  const services = platformServices(parts, settings, operations);
  await startServices(services);

  const { guard } = operations;
  let closing: Promise<void> | undefined;
  const close = () => {
    // New operations are refused at once; the services then stop in the reverse of their start.
    operations.refuse();
    closing ??= stopServices(services);
    return closing;
  };
  const events = base.events;
  const lendingCtx: LendingContext = { chain, client, contracts, sender: ctx };
  const watcher = ctx.watcher;

  // Not annotated: `Platform` is this object's type, so each group's operations are declared once,
  // in its action factory. `as const` keeps the members read-only. The assertions on `chain`, `client` and
  // `events` make the emitted .d.ts name those types instead of expanding viem's and eventemitter3's
  // internals (which a consumer's compiler could not name).
  return {
    /** The chain the platform runs on (default `privnet`). */
    chain: chain as Chain,
    /** A viem public client on the platform's transport, for reads of your own. */
    client: client as PublicClient,
    /** Where wallets, history and service state live; closed by `close()`. */
    storage,
    /** The chain as the node reports it. See {@link networkActions}. */
    network: networkActions({ guard, client, head: base.head }),
    /** Create, import, list, read and remove wallets. See {@link walletActions}. */
    wallets: walletActions({ guard, ...base }),
    /** Send by wallet id (answers pending), by private key (waits: confirmed), or any transaction. See {@link senderActions}. */
    sender: senderActions({ guard, ...ctx }),
    /** The history, newest first, cursor paging, status tracking. See {@link transactionActions}. */
    transactions: transactionActions({ guard, ...base, watcher, retention }),
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
    /**
     * Faults on demand — reorganisations, a lost pool, a restart, a stall, a refused RPC, a fee
     * spike — with the `faults` option (the embedded devnet's); `FAULTS_UNAVAILABLE` without it.
     * See docs/faults.md and {@link faultActions}.
     */
    faults: faultActions({
      guard,
      faults: settings.faults,
      log: faultLog,
      // A reorganisation is seen through the anchor's hash; a lost pool or a restart through the pool.
      follow: (fault) => watcher.followNow({ pool: fault !== "reorg" }),
    }),
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
            // The oracle's stored state is the snapshot's now; the rest hears of a rewind.
            reload: () => oracle.reload(),
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
