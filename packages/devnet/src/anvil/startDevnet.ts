import { randomBytes } from "node:crypto";
import {
  type ChainFaults,
  type DerivedAccount,
  defineService,
  deriveAccounts,
  FaultInProgressError,
  type StartedInstance,
  startServices,
  stopServices,
  withInstance,
} from "@privnet/core";
import { firstIndexes } from "@privnet/core/internal";
import type { Chain } from "viem";
import { defineChainArchive } from "../archive/defineChainArchive.js";
import { createDevnetFaults, type DevnetFaults } from "../faults/createDevnetFaults.js";
import { createForkPool, type ForkPool } from "../forks/createForkPool.js";
import { type PinnedFork, pinFork } from "../forks/prepareFork.js";
import { anvilArgs } from "./anvilArgs.js";
import { miningMode, setIntervalMining } from "./blockTime.js";
import { checkPortFree } from "./checkPortFree.js";
import { classifyStartFailure } from "./classifyStartFailure.js";
import { type AnvilInstance, defineAnvil } from "./defineAnvil.js";
import { defineClockRelay } from "./defineClockRelay.js";
import { type DevnetSettings, resolveDevnetSettings, type StartDevnetOptions } from "./devnetSettings.js";
import { setFaultsUrl } from "./faultsUrls.js";
import { defineMemoryCeiling } from "./memoryCeiling.js";
import { prepareStatePath } from "./prepareStatePath.js";
import { resolveAnvilBinary } from "./resolveAnvilBinary.js";
import { restartAnvil } from "./restartAnvil.js";
import { defineStateWrites } from "./stateWrites.js";
import { stateExitPath } from "./writeStateFile.js";

export type { StartDevnetOptions } from "./devnetSettings.js";

/**
 * A running devnet. Its name, status and status events are its instance's (`"the devnet"`:
 * `started`, then `stopping` and `stopped`); `stop()` and `await using` stop it.
 */
export type Devnet = StartedInstance & {
  /** HTTP JSON-RPC URL, e.g. `http://127.0.0.1:8545` (`https://…` with `tls`). */
  rpcUrl: string;
  /** WebSocket JSON-RPC URL on the same port (`wss://…` with `tls`). */
  wsUrl: string;
  host: string;
  port: number;
  /**
   * The viem chain, with `rpcUrls` pointing at this devnet and `blockTime` the mode it mines in
   * now: 0 while it mines a block per transaction (viem clients made from it then cache no block
   * number), the block time (in ms, as viem counts) once it mines at it.
   */
  chain: Chain;
  /**
   * Headers privnet's own clients send to the devnet's port (`authorization` with the services'
   * token, made at start): their admin calls pass the method policy unaudited and their requests
   * are not rate limited. Empty without `chainPolicy`. Never print them.
   */
  serviceHeaders: Readonly<Record<string, string>>;
  /** The prefunded accounts, index 0 first (derived on first read). */
  accounts: readonly DerivedAccount[];
  /** anvil's process id (with the clock, anvil listens on a loopback port of its own; `port` is the devnet's). */
  pid: number;
  /** Seconds between blocks once running at its block time; 0: a block per transaction. */
  blockTime: number;
  /**
   * Switches a devnet started with `automineFirst` from mining each transaction at once to a
   * block every `blockTime` seconds; resolves once anvil confirmed it. Harmless when repeated, and
   * for a devnet started without `automineFirst` (it already mines at its block time).
   */
  useBlockTime(): Promise<void>;
  /**
   * Stops the relay, then anvil with SIGINT (writing the state file atomically, if any), and
   * resolves once it has exited; a `restart` fault under way finishes first. A second call answers the same promise.
   */
  stop(): Promise<void>;
  /**
   * Faults on demand (`ChainFaults` from `@privnet/core`): `reorg`, `dropPool`, `restart`,
   * `stall`, `unreachable`, `feeSpike`, `recover`, `subscribe`. With `clock: false` (no relay in
   * front of anvil) `restart`, `unreachable` and `feeSpike` are refused (`FAULT_UNSUPPORTED`).
   * See docs/faults.md.
   *
   * @example
   * const { replaced, remined } = await devnet.faults.reorg({ depth: 3 });
   */
  faults: ChainFaults;
  /**
   * The chain archive (with `statePath` and the clock): blocks anvil no longer keeps, answered on
   * the devnet's port. `catchUp()` archives every block deep enough now and answers the archive's
   * top block. Undefined without one.
   */
  archive: { readonly path: string; catchUp(): Promise<number | undefined> } | undefined;
  /**
   * The chain this devnet forked (`forkUrl`), with the block it forked at; undefined for a chain
   * of its own.
   */
  fork: PinnedFork | undefined;
  /**
   * Throwaway forks of this devnet's chain, each a node of its own on a loopback port
   * (`forks.create({ block, ttlSeconds })`); they stop with the devnet. See docs/forks.md.
   *
   * @example
   * const { rpcUrl } = await devnet.forks.create({ ttlSeconds: 600 });
   */
  forks: ForkPool;
};

/**
 * Starts the embedded privnet chain: anvil with chain id 3151908, 2 s blocks, a 60M gas limit and
 * 21 prefunded accounts holding 1,000,000,000 ETH each, behind the clock relay on the devnet's
 * port, and waits until it answers JSON-RPC. The devnet is two instances, anvil and the relay,
 * started in that order and stopped in reverse.
 *
 * anvil never outlives the process that started it, even when that process is killed.
 *
 * @example
 * import { startDevnet } from "@privnet/devnet";
 * const devnet = await startDevnet({ port: 0, blockTime: 0 });
 * console.log(devnet.rpcUrl);
 * await devnet.stop();
 */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const settings = resolveDevnetSettings(options);
  const { host, blockTime, automineFirst, statePath, withClock } = settings;
  // Before anything is created or spawned: a taken port fails at once, with nothing to undo.
  if (settings.port !== 0) await checkPortFree(host, settings.port);
  if (statePath !== undefined) prepareStatePath(statePath);
  // The parent answers and holds the block before anvil starts; its block is pinned for restarts.
  const fork = await pinFork(settings);

  const anvil = devnetAnvil(settings, options);
  const archive = settings.archive && defineChainArchive({ anvil, ...settings.archive, ...options });
  const { serviceToken, policy, serviceHeaders } = withServiceToken(settings.chainPolicy);
  const relay = withClock
    ? defineClockRelay({
        policy,
        anvil,
        host,
        port: settings.port,
        blockTime,
        automineFirst,
        owner: { restart: (keepPool) => restart(keepPool), catchUpArchive: async () => archive?.catchUp(0) },
        tls: settings.tls,
        archivePath: settings.archive?.path,
        archiveSlack: settings.archive?.slack,
      })
    : undefined;
  // The restart fault, asked for by the relay's fault controller (which runs one fault at a
  // time); never while the devnet stops.
  let restarting: Promise<unknown> | undefined;
  const restart = async (keepPool: boolean) => {
    if (!relay || devnetInstance.status !== "started") throw new FaultInProgressError("the devnet's stop");
    // No periodic write may land over the dump anvil writes as it stops.
    const restartNow = (): ReturnType<typeof restartAnvil> =>
      restartAnvil({ anvil, relay, statePath, rpcUrl: ownUrl, keepPool });
    restarting = stateWrites ? stateWrites.exclusive(restartNow) : restartNow();
    try {
      return await restarting;
    } finally {
      restarting = undefined;
    }
  };
  const stateWrites = devnetStateWrites(settings, options, anvil);
  // Forks read the chain at the relay's loopback faults port: past the chain policy and its rate
  // limit (a fork reads many accounts at once), in clear text (anvil need not trust a certificate).
  const forks = createForkPool({ parentUrl: () => faultsUrl, binary: options.binary });
  // Stopped in reverse: the memory ceiling (its restart under way ends), the forks (none outlives
  // the chain it reads), the relay, the archive, the periodic writes (the one under way ends), then
  // anvil, which writes the state as it exits.
  const parts = [
    anvil,
    ...(stateWrites ? [stateWrites] : []),
    ...(archive ? [archive] : []),
    ...(relay ? [relay] : []),
    forks,
    ...memoryCeiling(settings, options, anvil, () => ({ status: devnetInstance.status, faults })),
  ];
  let faults: DevnetFaults | undefined;
  const devnetInstance = defineService({
    name: "the devnet",
    start: () => startServices(parts),
    async stop() {
      faults?.dispose();
      await restarting?.catch(() => undefined);
      await stopServices(parts);
    },
  });
  await startServices([devnetInstance]);

  const publicPort = relay?.port ?? anvil.port;
  const secure = settings.tls ? "s" : "";
  const rpcUrl = `http${secure}://${formatHost(host)}:${publicPort}`;
  const wsUrl = `ws${secure}://${formatHost(host)}:${publicPort}`;
  // The devnet's own calls on its port (mining mode, a restart's pool sent again) carry the
  // services' token: past the method policy, never rate limited.
  const serviceUrl = serviceToken ? `${rpcUrl}/${serviceToken}` : rpcUrl;
  const faultsUrl = relay ? `http://127.0.0.1:${relay.faultsPort}` : rpcUrl;
  // The devnet's own calls through the relay (mining mode, a pool sent again): with TLS, through
  // the faults port — clear text on loopback, the same links but the hold gate and the chain
  // policy's — so that the devnet needs no client that trusts its certificate; otherwise through
  // the devnet's port with the services' token.
  const ownUrl = settings.tls ? faultsUrl : serviceUrl;
  faults = createDevnetFaults({ url: faultsUrl, relay: relay !== undefined });

  let accounts: DerivedAccount[] | undefined;
  const mining = miningMode({
    rpcUrls: { default: { http: [rpcUrl], webSocket: [wsUrl] } },
    automineFirst,
    switchToBlockTime: () => setIntervalMining(ownUrl, blockTime, withClock),
    blockTime,
  });

  const devnet = withInstance(
    {
      rpcUrl,
      wsUrl,
      host,
      port: publicPort,
      serviceHeaders,
      get chain() {
        return mining.chain();
      },
      get accounts() {
        accounts ??= deriveAccounts(settings.mnemonic, firstIndexes(settings.accounts));
        return accounts;
      },
      get pid() {
        return anvil.pid;
      },
      blockTime,
      useBlockTime: mining.useBlockTime,
      faults,
      archive,
      fork,
      forks,
    },
    devnetInstance,
  );
  setFaultsUrl(devnet, faultsUrl);
  return devnet;
}

/** anvil as the devnet runs it: its arguments made for each start, its exit dump moved over the state file. */
function devnetAnvil(settings: DevnetSettings, options: StartDevnetOptions) {
  const { host, statePath } = settings;
  return defineAnvil({
    binary: resolveAnvilBinary(options.binary),
    args: () => anvilArgs(settings),
    exitDump: statePath === undefined ? undefined : { from: stateExitPath(statePath), to: statePath },
    urlHost: settings.withClock ? "127.0.0.1" : formatHost(host),
    startTimeout: settings.startTimeout,
    onStarting: options.onStarting,
    onLog: options.onLog,
    classify: (error, output) =>
      classifyStartFailure(error, { host, port: settings.port, statePath, output }),
  });
}

/**
 * anvil's memory ceiling, if any (it needs the clock's relay): restarts through the devnet's faults
 * (created once it started), so that the `restarted` event reaches the fault log; none while the
 * devnet starts or stops.
 */
function memoryCeiling(
  { memoryCeiling: ceiling }: DevnetSettings,
  options: StartDevnetOptions,
  anvil: AnvilInstance,
  devnet: () => { status: string; faults: DevnetFaults | undefined },
) {
  if (!ceiling) return [];
  const part = defineMemoryCeiling({
    ...ceiling,
    pid: () => anvil.pid,
    onLog: options.onLog,
    async restart() {
      const { faults, status } = devnet();
      if (!faults || status !== "started") throw new FaultInProgressError("the devnet's start or stop");
      try {
        return await faults.restart({ keepPool: true });
      } catch (error) {
        if (devnet().status !== "started") throw new FaultInProgressError("the devnet's stop");
        throw error;
      }
    },
  });
  return [part];
}

/** The periodic state writes, with a state file. */
function devnetStateWrites(settings: DevnetSettings, options: StartDevnetOptions, anvil: AnvilInstance) {
  if (settings.statePath === undefined) return undefined;
  return defineStateWrites({
    url: () => anvil.url,
    statePath: settings.statePath,
    intervalSeconds: settings.stateInterval,
    preserveHistoricalStates: settings.preserveHistoricalStates,
    onWrite: options.onStateWrite,
    onError: (error) => options.onLog?.(`privnet-devnet: a state write failed: ${(error as Error).message}`),
  });
}

/** The services' token's name on the audit trail (their calls are not audited). */
const SERVICE_TOKEN_NAME = "privnet";

/**
 * privnet's own services' token — random per start, known only to this process and the relay —
 * added to the chain policy's tokens.
 */
function withServiceToken(chainPolicy: DevnetSettings["chainPolicy"]) {
  if (!chainPolicy) return { serviceToken: undefined, policy: undefined, serviceHeaders: {} };
  const serviceToken = randomBytes(24).toString("hex");
  return {
    serviceToken,
    serviceHeaders: { authorization: `Bearer ${serviceToken}` } as Readonly<Record<string, string>>,
    policy: {
      ...chainPolicy,
      tokens: { ...chainPolicy.tokens, [SERVICE_TOKEN_NAME]: serviceToken },
      serviceToken: SERVICE_TOKEN_NAME,
    },
  };
}

function formatHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}
