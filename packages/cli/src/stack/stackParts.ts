import { statSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { defineService, type Service } from "@privnet/core";
import { createForkPool, DevnetPortInUseError, type ForkPool, startDevnet } from "@privnet/devnet";
import { PortInUseError } from "@privnet/http";
import { redactUrl } from "../config/resolveSettings.js";
import { type LoadedTls, loadTls } from "../tls/loadTls.js";
import { bindPort } from "./bindPort.js";
import { describeStorage, openStorage } from "./openStorage.js";
import type { RunningService, StackService } from "./StackService.js";
import { needed, type StackState } from "./stackState.js";
import { watchArtifacts } from "./watchArtifacts.js";

// The parts of the stack, each an instance: `startStack` starts them in order and stops them in
// reverse. A part without a stop is a step of the start (the contracts, the block time, the
// traffic document).

/**
 * The key and certificate every port serves (`settings.tls`), loaded (or made, self-signed) first:
 * or `loaded` when the caller loaded them already (`privnet up` does, to stop on a bad file before
 * anything starts). Its line names the certificate and its SHA-256 fingerprint.
 */
export function tlsPart(state: StackState, loaded: LoadedTls | undefined): Service {
  return defineService({
    name: "tls",
    async start() {
      const tls = loaded ?? needed(await loadTls(state.settings), "TLS setting");
      state.tls = tls;
      const what =
        tls.origin === "given"
          ? `certificate ${tls.certPath}`
          : `self-signed certificate ${tls.origin === "made" ? `made (${tls.why})` : "reused"}, ${tls.certPath}, for ${tls.names.join(", ")}`;
      state.progress({ step: "tls", detail: `${what}; SHA-256 ${tls.fingerprint}` });
    },
  });
}

/**
 * Each service's port, bound before anything slow starts; then one line naming them. Once a
 * service serves on its port, the service's stop closes it; the port's stop covers a failure before.
 */
export function portParts(state: StackState, services: readonly StackService[]): Service[] {
  const parts = services.flatMap((service) => {
    const wanted = service.port?.(state.settings);
    if (!wanted) return [];
    let server: Server | undefined;
    return defineService({
      name: `${service.name} port`,
      async start() {
        server = await bindPort(wanted, service.name, state.tls, () => state.busyWith?.());
        state.servers.set(service, server);
      },
      stop: () => (server ? closeIfListening(server) : undefined),
    });
  });
  if (parts.length === 0) return [];
  const bound = defineService({
    name: "ports",
    start() {
      const named = [...state.servers].map(([service, server]) => `${service.name} on ${addressOf(server)}`);
      state.progress({ step: "ports", detail: `${named.join(", ")} (503 until started)` });
    },
  });
  return [...parts, bound];
}

/**
 * The embedded devnet, or the chain at `chain.rpcUrl` (nothing started). The devnet checks its
 * port before it starts anvil or makes the state folder; it mines the set-up at once and switches
 * to its block time once the services are up (anvil switches in whole seconds only).
 */
export function chainPart(state: StackState): Service {
  const { chain } = state.settings;
  return defineService({
    name: "chain",
    async start() {
      if (chain.rpcUrl) {
        state.rpcUrl = chain.rpcUrl;
        state.progress({ step: "chain", detail: `using ${redactUrl(chain.rpcUrl)}` });
        return;
      }
      const loading = stateFileLoad(chain.statePath);
      if (loading) {
        state.busyWith = () => `loading the chain state (${loading.size}, ${loading.seconds()} s)`;
        state.progress({
          step: "chain",
          working: true,
          detail: `loading the chain state (${loading.size}) from ${chain.statePath}`,
        });
      }
      const devnet = await startDevnet({
        ...(chain.forkUrl ? { forkUrl: chain.forkUrl } : {}),
        ...(chain.forkBlock === undefined ? {} : { forkBlock: chain.forkBlock }),
        port: chain.port,
        host: chain.host,
        blockTime: chain.blockTime,
        automineFirst: Number.isInteger(chain.blockTime),
        statePath: chain.statePath,
        // The chain port's policy: admin methods with the admin token once it is set, the limits,
        // and the admin API's Host and Origin settings. The platform calls with the devnet's own
        // service token (platformPart).
        chainPolicy: {
          ...(state.settings.admin.token ? { adminToken: state.settings.admin.token } : {}),
          allowedHosts: state.settings.admin.allowedHosts,
          corsOrigins: state.settings.admin.corsOrigins,
          limits: chain.limits,
        },
        stateWindow: chain.stateWindow,
        blockWindow: chain.blockWindow,
        stateInterval: chain.stateInterval,
        preserveHistoricalStates: chain.preserveHistoricalStates,
        nodeMemoryLimit: chain.nodeMemoryLimit,
        // The devnet's own lines (anvil's memory given back, a state write or the archive failing);
        // anvil's output stays quiet.
        onLog: (line) => {
          if (/^privnet-devnet: (anvil held \d|the node memory limit|a state write failed)/.test(line))
            state.progress({ step: "chain", detail: line.slice("privnet-devnet: ".length) });
          else if (/^the chain archive /.test(line)) state.progress({ step: "chain", detail: line });
        },
        ...(state.tls ? { tls: { cert: state.tls.cert, key: state.tls.key } } : {}),
        onStarting: (elapsedMs) =>
          state.progress({
            step: "chain",
            working: true,
            detail: `loading the chain state (${stateFileSize(chain.statePath)}): ${Math.round(elapsedMs / 1000)} s so far`,
          }),
      })
        .catch((error: unknown) => {
          if (!(error instanceof DevnetPortInUseError)) throw error;
          throw new PortInUseError(
            {
              host: error.host,
              port: error.port,
              service: "embedded chain",
              changeWith: "--chain-port (or PRIVNET_CHAIN_PORT)",
            },
            error,
          );
        })
        .finally(() => {
          state.busyWith = undefined;
        });
      state.devnet = devnet;
      state.rpcUrl = devnet.rpcUrl;
      state.progress({
        step: "chain",
        detail: `embedded devnet (anvil pid ${devnet.pid}) on ${devnet.rpcUrl}${devnet.fork ? `, a fork of ${originOf(devnet.fork.url)} at block ${devnet.fork.block}` : ""}, state in ${chain.statePath}${loading ? ` (${loading.size} loaded in ${loading.seconds()} s)` : ""}`,
      });
    },
    stop: () => state.devnet?.stop(),
  });
}

/**
 * Throwaway forks of the stack's chain (`POST /forks`): the embedded devnet's own pool, or with
 * `--rpc-url` a pool of forks of that chain, stopped with the stack.
 */
export function forksPart(state: StackState): Service {
  let pool: ForkPool | undefined;
  return defineService({
    name: "forks",
    async start() {
      if (state.devnet) {
        state.forks = state.devnet.forks;
        return;
      }
      pool = createForkPool({ parentUrl: needed(state.rpcUrl, "chain") });
      await pool.start();
      state.forks = pool;
    },
    stop: () => pool?.stop(),
  });
}

/** The configured storage; the platform owns it once made (see `platformPart`), the stack until then. */
export function storagePart(state: StackState): Service {
  return defineService({
    name: "storage",
    async start() {
      state.storage = await openStorage(state.settings);
      state.progress({ step: "storage", detail: describeStorage(state.settings) });
    },
    async stop() {
      // No platform: its start failed, and it may have closed the storage itself on the way out.
      if (!state.platform) await state.storage?.close().catch(() => undefined);
    },
  });
}

/** The build folders the explorer loads, watched for rebuilds. */
export function artifactsPart(state: StackState): Service {
  let unwatch: (() => Promise<void>) | undefined;
  return defineService({
    name: "artifacts",
    async start() {
      const report = (line: string) => state.progress({ step: "artifacts", detail: line });
      const platform = needed(state.platform, "platform");
      unwatch = await watchArtifacts({ platform, folders: state.settings.artifacts, report });
    },
    stop: () => unwatch?.(),
  });
}

/** The platform contracts, deployed once and reused on a restart (the platform's start did it). */
export function contractsPart(state: StackState): Service {
  return defineService({
    name: "contracts",
    async start() {
      const deployed = await needed(state.platform, "platform").contracts.get();
      state.contracts = deployed.addresses;
      state.progress({
        step: "contracts",
        detail: `${state.contractsFoundOnFork ? "found on the fork (its parent's)" : `${deployed.reused ? "reused, deployed" : "deployed"} in block ${deployed.deployment.blockNumber}`} (PriceOracle ${deployed.addresses.priceOracle}, LendingPool ${deployed.addresses.lendingPool})`,
      });
    },
  });
}

/** A server of the stack, on the port bound for it. */
export function servicePart(state: StackState, service: StackService): Service {
  let running: RunningService | undefined;
  return defineService({
    name: service.name,
    async start() {
      running = await service.start({
        platform: needed(state.platform, "platform"),
        settings: state.settings,
        rpcUrl: needed(state.rpcUrl, "chain"),
        contracts: state.contracts,
        server: state.servers.get(service),
        tls: state.tls,
        forks: state.forks,
      });
      state.urls.set(service, running.urls);
      state.progress({ step: service.name, detail: running.urls[0]?.url ?? "started" });
    },
    stop: () => running?.stop(),
  });
}

/** The embedded devnet leaves the set-up's at-once mining for its block time; bots left running resume. */
export function blocksPart(state: StackState): Service {
  return defineService({
    name: "blocks",
    async start() {
      const devnet = state.devnet;
      if (!devnet) return;
      await devnet.useBlockTime();
      state.atBlockTime.resolve();
      state.progress({
        step: "blocks",
        detail:
          devnet.blockTime > 0
            ? `set-up mined at once; now a block every ${devnet.blockTime} s`
            : "a block per transaction",
      });
    },
  });
}

/** The traffic document (checked before the stack started: `loadTraffic`), once blocks come at their pace. */
export function trafficPart(state: StackState): Service {
  return defineService({
    name: "traffic",
    async start() {
      const traffic = needed(state.settings.traffic, "traffic document");
      const applied = await needed(state.platform, "platform").bots.importTraffic(traffic.document);
      state.progress({
        step: "traffic",
        detail: `${traffic.from}: started ${applied.started.join(", ") || "none"}`,
      });
    },
  });
}

function closeIfListening(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

function addressOf(server: Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `${address.includes(":") ? `[${address}]` : address}:${port}`;
}

/** The state file about to be loaded: its size for a line, and the seconds since the load began; undefined without a file. */
function stateFileLoad(path: string): { size: string; seconds: () => number } | undefined {
  const size = stateFileSize(path);
  if (size === "no file yet") return undefined;
  const since = performance.now();
  return { size, seconds: () => Math.round((performance.now() - since) / 1000) };
}

/** The state file's size for a progress line ("1.2 GB"), or "no file yet". */
function stateFileSize(path: string): string {
  try {
    const bytes = statSync(path).size;
    return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${Math.max(1, Math.round(bytes / 1e6))} MB`;
  } catch {
    return "no file yet";
  }
}

/** A URL's origin, for output: a node provider's URL often carries its key in the path. */
function originOf(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : "(the fork URL)";
}
