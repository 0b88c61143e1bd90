import type { Server } from "node:http";
import type { ChainForks, Platform, StorageAdapter } from "@privnet/core";
import type { PlatformContractAddresses } from "@privnet/core/contracts";
import type { Devnet } from "@privnet/devnet";
import type { StackSettings } from "../config/resolveSettings.js";
import type { LoadedTls } from "../tls/loadTls.js";
import type { StackService, StackUrl } from "./StackService.js";

/**
 * One line of progress: a step that finished, with what it set up — or, with `working`, a step
 * still under way (the chain loading a large state), told every few seconds.
 */
export type StackProgress = { step: string; detail: string; working?: boolean | undefined };

/** What the stack's parts set up, filled in as each of them starts (see `stackParts`). */
export type StackState = {
  settings: StackSettings;
  progress: (progress: StackProgress) => void;
  /** The key and certificate every port serves, with `settings.tls`: loaded first. */
  tls?: LoadedTls | undefined;
  /** Each service's port, bound before anything slow starts. */
  servers: Map<StackService, Server>;
  /** The embedded devnet, or undefined with `chain.rpcUrl`. */
  devnet?: Devnet | undefined;
  rpcUrl?: string | undefined;
  storage?: StorageAdapter | undefined;
  platform?: Platform | undefined;
  contracts?: PlatformContractAddresses | undefined;
  /** A forked chain carried privnet's contracts (its parent is a privnet): the platform uses them. */
  contractsFoundOnFork?: boolean | undefined;
  /** Throwaway forks of the chain (the devnet's, or a pool of the `--rpc-url` chain's). */
  forks?: ChainForks | undefined;
  /**
   * What the stack is busy with while it starts, in a few words, read at each request the ports
   * answer 503 to (`privnet status` prints it): "loading the chain state (1.2 GB, 14 s)".
   * Undefined when nothing long is under way.
   */
  busyWith?: (() => string) | undefined;
  /** Each service's URLs, once it started. */
  urls: Map<StackService, StackUrl[]>;
  /**
   * Resolved once the embedded devnet mines at its block time: bots left running resume then, not
   * into the at-once mining of the set-up. Rejected when the platform stops first: they do not
   * resume (and stay marked running).
   */
  atBlockTime: { promise: Promise<void>; resolve(): void; reject(error: unknown): void };
};

export function createStackState(settings: StackSettings, progress: StackState["progress"]): StackState {
  let resolve: () => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<void>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  // A rejection nobody waits for is not an unhandled one.
  promise.catch(() => undefined);
  return {
    settings,
    progress,
    servers: new Map(),
    urls: new Map(),
    atBlockTime: { promise, resolve, reject },
  };
}

/** `value`, set by a part that started before the one asking. */
export function needed<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the stack's ${what} is not started`);
  return value;
}
