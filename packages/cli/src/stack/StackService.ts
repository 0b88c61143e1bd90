import type { Server } from "node:http";
import type { ChainForks, Platform } from "@privnet/core";
import type { PlatformContractAddresses } from "@privnet/core/contracts";
import type { StackSettings } from "../config/resolveSettings.js";
import type { LoadedTls } from "../tls/loadTls.js";

/** What every service of the stack is started with. */
export type StackContext = {
  platform: Platform;
  settings: StackSettings;
  /** The chain's JSON-RPC URL (the embedded devnet's or `--rpc-url`). */
  rpcUrl: string;
  /** Undefined when `contracts.deploy` is off. */
  contracts: PlatformContractAddresses | undefined;
  /**
   * The server already listening on the service's {@link StackService.port}, bound before anything
   * slow started: serve on it (`createAdminServer(platform, { server })`). Undefined for a service
   * without a port.
   */
  server: Server | undefined;
  /** The stack's TLS key and certificate (`settings.tls` loaded); undefined: clear text. */
  tls: LoadedTls | undefined;
  /** Throwaway forks of the stack's chain, for `POST /forks`. */
  forks: ChainForks | undefined;
};

/** A port a service listens on, and how a person changes it (named when the port is taken). */
export type ServicePort = {
  host: string;
  /** 0 picks a free one. */
  port: number;
  /** The flag and environment variable that set it, e.g. "--port (or PORT)". */
  changeWith: string;
};

/** A URL printed when the stack is up, e.g. `{ label: "Admin API", url: "http://127.0.0.1:3000" }`. */
export type StackUrl = { label: string; url: string };

export type RunningService = {
  urls: StackUrl[];
  /** Stops the service; the stack calls it once, services in reverse start order. */
  stop(): Promise<void>;
};

/**
 * One server of the stack (admin API, oracle server, panel…): `privnet up` binds every service's
 * port first, so that a taken one fails the start at once, then starts the services together
 * once the chain, storage, platform and contracts are ready (they depend on those, not on each
 * other), and stops them in reverse list order.
 *
 * @example
 * const oracle: StackService = {
 *   name: "oracle API",
 *   port: (settings) => ({ host: "127.0.0.1", port: 3004, changeWith: "--oracle-port (or ORACLE_PORT)" }),
 *   async start({ platform, server: listening }) {
 *     const server = await createOracleServer(platform, { server: listening });
 *     return { urls: [{ label: "Oracle API", url: server.url }], stop: () => server.close() };
 *   },
 * };
 */
export type StackService = {
  /** What listens there, for a person: "admin API". */
  name: string;
  /** False: the service is off in these settings and is not started. Default: on. */
  enabled?(settings: StackSettings): boolean;
  /** Where the service listens, if it does; its listening server reaches `start` as `context.server`. */
  port?(settings: StackSettings): ServicePort;
  start(context: StackContext): Promise<RunningService>;
};
