import {
  defineService,
  type Platform,
  type ServiceList,
  type StartedInstance,
  startServices,
  stopServices,
  withInstance,
} from "@privnet/core";
import type { PlatformContractAddresses } from "@privnet/core/contracts";
import type { Devnet } from "@privnet/devnet";
import type { StackSettings } from "../config/resolveSettings.js";
import type { LoadedTls } from "../tls/loadTls.js";
import { defaultServices } from "./defaultServices.js";
import { platformPart } from "./platformPart.js";
import type { StackService, StackUrl } from "./StackService.js";
import {
  artifactsPart,
  blocksPart,
  chainPart,
  contractsPart,
  forksPart,
  portParts,
  servicePart,
  storagePart,
  tlsPart,
  trafficPart,
} from "./stackParts.js";
import { createStackState, needed, type StackProgress } from "./stackState.js";

export type { StackProgress } from "./stackState.js";

export type StartStackOptions = {
  /** Default: {@link defaultServices} (the admin and oracle APIs). */
  services?: readonly StackService[];
  onProgress?: (progress: StackProgress) => void;
  /**
   * Aborted (a Ctrl-C): the step under way finishes, nothing more starts, what started stops in
   * reverse, and `startStack` rejects with `signal.reason`.
   */
  signal?: AbortSignal;
  /** `settings.tls` already loaded (`loadTls`); default: loaded as the stack starts. */
  tls?: LoadedTls | undefined;
};

/** A running stack. Its status is an instance's (`"the stack"`); `stop()` and `await using` stop it. */
export type Stack = StartedInstance & {
  platform: Platform;
  rpcUrl: string;
  /** The embedded devnet, or undefined with `chain.rpcUrl`. */
  devnet: Devnet | undefined;
  contracts: PlatformContractAddresses | undefined;
  /** Every URL of the stack: the services' and the chain's (`https://` and `wss://` with TLS). */
  urls: StackUrl[];
  /** With `settings.tls`: the certificate every port serves (its file, its SHA-256 fingerprint, its PEM). */
  tls: LoadedTls | undefined;
  /**
   * Stops the parts in reverse order: the services, the platform (which closes its storage), the
   * devnet (writing its state). Every part stops even when one fails; then one failure is thrown
   * as it is, several as one `AggregateError` naming each. A second call answers the same promise.
   */
  stop(): Promise<void>;
};

/**
 * Starts the whole stack, a list of instances in order: every service's port (bound at once), the
 * embedded devnet (or the chain at `chain.rpcUrl`), the storage, the platform, the artifacts
 * watcher, the platform contracts (deployed once, reused on restart), the services together (each
 * on its bound port), the devnet's block time (bots left running resume then) and the traffic
 * document. A taken port ({@link PortInUseError}) fails before the chain starts or anything is
 * written. A failure stops what was started, in reverse, and rethrows.
 *
 * @example
 * const stack = await startStack(resolveSettings({ config: {}, env: {}, flags: { port: "0" }, cwd }));
 * console.log(stack.urls);
 * await stack.stop();
 */
export async function startStack(settings: StackSettings, options: StartStackOptions = {}): Promise<Stack> {
  const state = createStackState(settings, options.onProgress ?? (() => {}));
  const services = (options.services ?? defaultServices).filter(
    (service) => !service.enabled || service.enabled(settings),
  );
  const parts: ServiceList = [
    ...(settings.tls ? [tlsPart(state, options.tls)] : []),
    ...portParts(state, services),
    chainPart(state),
    forksPart(state),
    storagePart(state),
    platformPart(state),
    ...(settings.artifacts.length > 0 ? [artifactsPart(state)] : []),
    ...(settings.contracts.deploy ? [contractsPart(state)] : []),
    // The services depend on the platform, not on each other: they start together.
    services.map((service) => servicePart(state, service)),
    blocksPart(state),
    ...(settings.traffic ? [trafficPart(state)] : []),
  ];
  const stack = defineService({
    name: "the stack",
    start: () => startServices(parts, { signal: options.signal }),
    stop: () => stopServices(parts),
  });
  await startServices([stack]);

  const rpcUrl = needed(state.rpcUrl, "chain");
  const { devnet } = state;
  const urls = [
    ...services.flatMap((service) => state.urls.get(service) ?? []),
    { label: "Chain RPC", url: rpcUrl },
    ...(devnet ? [{ label: "Chain WebSocket", url: devnet.wsUrl }] : []),
  ];
  const platform = needed(state.platform, "platform");
  return withInstance({ platform, rpcUrl, devnet, contracts: state.contracts, urls, tls: state.tls }, stack);
}
