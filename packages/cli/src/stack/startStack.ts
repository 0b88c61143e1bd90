import { mkdirSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { createPlatform, memoryStorage, type Platform, type StorageAdapter } from "@privnet/core";
import type { PlatformContractAddresses } from "@privnet/core/contracts";
import { DEVNET_REQUEST_TIMEOUT_MS, type Devnet, DevnetPortInUseError, startDevnet } from "@privnet/devnet";
import { PortInUseError } from "@privnet/http";
import { builtinScenarios } from "@privnet/scenarios";
import { http, type Transport, webSocket } from "viem";
import { redactUrl, type StackSettings } from "../config/resolveSettings.js";
import { bindPort } from "./bindPort.js";
import { defaultServices } from "./defaultServices.js";
import type { RunningService, StackService, StackUrl } from "./StackService.js";
import { watchArtifacts } from "./watchArtifacts.js";

/** One line of progress: a step that finished, with what it set up. */
export type StackProgress = { step: string; detail: string };

export type StartStackOptions = {
  /** Default: {@link defaultServices} (the admin and oracle APIs). */
  services?: readonly StackService[];
  onProgress?: (progress: StackProgress) => void;
};

export type Stack = {
  platform: Platform;
  rpcUrl: string;
  /** The embedded devnet, or undefined with `chain.rpcUrl`. */
  devnet: Devnet | undefined;
  contracts: PlatformContractAddresses | undefined;
  /** Every URL of the stack: the services' and the chain's. */
  urls: StackUrl[];
  /** Stops the services (reverse order), closes the platform and its storage, stops the devnet (writing its state). Idempotent. */
  stop(): Promise<void>;
};

/**
 * Starts the whole stack: binds every service's port, starts the embedded devnet (or connects to
 * `chain.rpcUrl`), the storage, the platform, the platform contracts (deployed once, reused on
 * restart), then every service on its bound port, together. The embedded devnet mines the set-up
 * at once and switches to its block time once the services are up; bots left running resume then.
 * A taken port ({@link PortInUseError}) fails before the chain starts or anything is written. A
 * failure stops what was started and rethrows.
 *
 * @example
 * const stack = await startStack(resolveSettings({ config: {}, env: {}, flags: { port: "0" }, cwd }));
 * console.log(stack.urls);
 * await stack.stop();
 */
export async function startStack(settings: StackSettings, options: StartStackOptions = {}): Promise<Stack> {
  const progress = options.onProgress ?? (() => {});
  // Bots left running resume once the devnet mines at its block time, not into the at-once
  // mining of the set-up; if the start fails, they do not resume (and stay marked running).
  const atBlockTime = deferred();
  const stops: (() => Promise<void>)[] = [];
  const stopAll = async () => {
    const errors: unknown[] = [];
    for (const stop of stops.splice(0).reverse()) {
      try {
        await stop();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, "Some parts of the stack did not stop cleanly.");
  };

  try {
    const services = (options.services ?? defaultServices).filter(
      (service) => !service.enabled || service.enabled(settings),
    );
    // Every port first, before anything slow: a taken one fails the start at once with nothing to
    // undo, and none can be taken while the chain and the contracts start.
    const servers = new Map<StackService, Server>();
    for (const service of services) {
      const wanted = service.port?.(settings);
      if (!wanted) continue;
      const server = await bindPort(wanted, service.name);
      // Once the service serves on it, the service's stop closes it; this covers a failure before.
      stops.push(() => closeIfListening(server));
      servers.set(service, server);
    }
    if (servers.size > 0) {
      const bound = [...servers].map(([service, server]) => `${service.name} on ${addressOf(server)}`);
      progress({ step: "ports", detail: `${bound.join(", ")} (503 until started)` });
    }

    let devnet: Devnet | undefined;
    let rpcUrl: string;
    if (settings.chain.rpcUrl) {
      rpcUrl = settings.chain.rpcUrl;
      progress({ step: "chain", detail: `using ${redactUrl(rpcUrl)}` });
    } else {
      let started: Devnet;
      try {
        // It checks its port before it starts anvil or makes the state folder. The set-up below
        // (deployment, funding, the oracle's first push) is mined at once; the devnet switches to
        // its block time once the services are up (anvil switches in whole seconds only).
        started = await startDevnet({
          port: settings.chain.port,
          host: settings.chain.host,
          blockTime: settings.chain.blockTime,
          automineFirst: Number.isInteger(settings.chain.blockTime),
          statePath: settings.chain.statePath,
        });
      } catch (error) {
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
      }
      devnet = started;
      stops.push(() => started.stop());
      rpcUrl = started.rpcUrl;
      progress({
        step: "chain",
        detail: `embedded devnet (anvil pid ${started.pid}) on ${started.rpcUrl}, state in ${settings.chain.statePath}`,
      });
    }

    const storage = await openStorage(settings);
    progress({ step: "storage", detail: describeStorage(settings) });
    // From here the platform owns the storage and closes it; until it exists, we do.
    let platform: Platform;
    try {
      platform = await createPlatform({
        // The embedded devnet holds requests while it reorganises (faults): wait for it.
        transport: transportFor(rpcUrl, devnet ? DEVNET_REQUEST_TIMEOUT_MS : undefined),
        storage,
        // The embedded devnet is on this machine: asking it for new blocks 20 times a block costs
        // next to nothing, and a confirmation (the set-up's fundings first) is seen within 1/20 of
        // a block instead of up to a second later.
        ...(devnet && devnet.blockTime > 0 ? { pollingInterval: pollingIntervalFor(devnet.blockTime) } : {}),
        // Deployed (or reused) while the platform starts, by the contracts' own key funded
        // through the nonce manager, so nothing else sending from the funder can collide with it.
        ...(settings.contracts.deploy ? { contracts: true } : {}),
        oracle: settings.oracle.simulator,
        explorer: settings.explorer,
        // Faults on demand (platform.faults, POST /chain/faults/…) for the chain this stack runs
        // itself; on a node given by --rpc-url there are none (FAULTS_UNAVAILABLE).
        ...(devnet ? { faults: devnet.faults } : {}),
        // With a traffic document, it (not the last run) says what runs: nothing resumes.
        bots: {
          catalogues: [builtinScenarios],
          ...settings.bots,
          ...(devnet ? { resumeAfter: atBlockTime.promise } : {}),
          ...(settings.traffic ? { resume: false } : {}),
        },
        ...(settings.encryptionPassphrase === undefined
          ? {}
          : { encryptionPassphrase: settings.encryptionPassphrase }),
      });
    } catch (error) {
      await storage.close().catch(() => {});
      throw error;
    }
    stops.push(() => platform.close());
    const network = await platform.network.info();
    progress({ step: "platform", detail: `chain id ${network.chainId}, block ${network.blockNumber}` });

    if (settings.artifacts.length > 0) {
      const report = (line: string) => progress({ step: "artifacts", detail: line });
      stops.push(await watchArtifacts({ platform, folders: settings.artifacts, report }));
    }

    let contracts: PlatformContractAddresses | undefined;
    if (settings.contracts.deploy) {
      const deployed = await platform.contracts.get();
      contracts = deployed.addresses;
      progress({
        step: "contracts",
        detail: `${deployed.reused ? "reused, deployed" : "deployed"} in block ${deployed.deployment.blockNumber} (PriceOracle ${deployed.addresses.priceOracle}, LendingPool ${deployed.addresses.lendingPool})`,
      });
    }

    // The services depend on the platform, not on each other: they start together. Their stops
    // are listed in list order (stopped in reverse), whichever finished first.
    const results = await Promise.allSettled(
      services.map(async (service) => {
        const running: RunningService = await service.start({
          platform,
          settings,
          rpcUrl,
          contracts,
          server: servers.get(service),
        });
        progress({ step: service.name, detail: running.urls[0]?.url ?? "started" });
        return running;
      }),
    );
    const urls: StackUrl[] = [];
    for (const result of results) {
      if (result.status === "fulfilled") {
        stops.push(() => result.value.stop());
        urls.push(...result.value.urls);
      }
    }
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    if (devnet) {
      await devnet.useBlockTime();
      atBlockTime.resolve();
      progress({
        step: "blocks",
        detail:
          devnet.blockTime > 0
            ? `set-up mined at once; now a block every ${devnet.blockTime} s`
            : "a block per transaction",
      });
    }
    if (settings.traffic) {
      // Checked before the stack started (loadTraffic); applied once blocks come at their pace.
      const applied = await platform.bots.importTraffic(settings.traffic.document);
      progress({
        step: "traffic",
        detail: `${settings.traffic.from}: started ${applied.started.join(", ") || "none"}`,
      });
    }
    urls.push({ label: "Chain RPC", url: rpcUrl });
    if (devnet) urls.push({ label: "Chain WebSocket", url: devnet.wsUrl });

    let stopping: Promise<void> | undefined;
    return {
      platform,
      rpcUrl,
      devnet,
      contracts,
      urls,
      stop() {
        stopping ??= stopAll();
        return stopping;
      },
    };
  } catch (error) {
    atBlockTime.reject(error);
    await stopAll().catch(() => {});
    throw error;
  }
}

/** Milliseconds between polls for new blocks of a devnet mining every `blockTime` seconds: 1/20 of a block, 50 to 1,000 ms. */
function pollingIntervalFor(blockTime: number): number {
  return Math.min(1_000, Math.max(50, Math.round((blockTime * 1_000) / 20)));
}

/** A promise settled from outside; a rejection nobody waits for is not an unhandled one. */
function deferred() {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
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

function transportFor(rpcUrl: string, timeout?: number): Transport {
  const options = timeout === undefined ? {} : { timeout };
  return /^wss?:/i.test(rpcUrl) ? webSocket(rpcUrl, options) : http(rpcUrl, options);
}

/** The configured storage; each adapter's package is loaded only when it is the one used (pg is not small). */
async function openStorage(settings: StackSettings): Promise<StorageAdapter> {
  const { storage } = settings;
  switch (storage.kind) {
    case "memory":
      return memoryStorage();
    case "postgres": {
      const { postgresStorage } = await import("@privnet/storage-postgres");
      return postgresStorage({ connectionString: storage.connectionString });
    }
    case "sqlite": {
      mkdirSync(dirname(storage.path), { recursive: true });
      const { sqliteStorage } = await import("@privnet/storage-sqlite");
      return sqliteStorage({ path: storage.path });
    }
  }
}

function describeStorage(settings: StackSettings): string {
  const { storage } = settings;
  switch (storage.kind) {
    case "memory":
      return "in memory (lost on stop)";
    case "postgres":
      return `postgres ${redactUrl(storage.connectionString)}`;
    case "sqlite":
      return `sqlite ${storage.path}`;
  }
}
