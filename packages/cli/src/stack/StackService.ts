import type { Platform } from "@privnet/core";
import type { PlatformContractAddresses } from "@privnet/core/contracts";
import type { StackSettings } from "../config/resolveSettings.js";

/** What every service of the stack is started with. */
export type StackContext = {
  platform: Platform;
  settings: StackSettings;
  /** The chain's JSON-RPC URL (the embedded devnet's or `--rpc-url`). */
  rpcUrl: string;
  /** Undefined when `contracts.deploy` is off. */
  contracts: PlatformContractAddresses | undefined;
};

/** A URL printed when the stack is up, e.g. `{ label: "Admin API", url: "http://127.0.0.1:3000" }`. */
export type StackUrl = { label: string; url: string };

export type RunningService = {
  urls: StackUrl[];
  /** Stops the service; the stack calls it once, services in reverse start order. */
  stop(): Promise<void>;
};

/**
 * One server of the stack (admin API, oracle server, panel…): `privnet up` starts them in list
 * order once the chain, storage, platform and contracts are ready, and stops them in reverse.
 *
 * @example
 * const oracle: StackService = {
 *   name: "oracle API",
 *   async start({ platform }) {
 *     const server = await createOracleServer(platform, { port: 3004 });
 *     return { urls: [{ label: "Oracle API", url: server.url }], stop: () => server.close() };
 *   },
 * };
 */
export type StackService = {
  name: string;
  /** False: the service is off in these settings and is not started. Default: on. */
  enabled?(settings: StackSettings): boolean;
  start(context: StackContext): Promise<RunningService>;
};
