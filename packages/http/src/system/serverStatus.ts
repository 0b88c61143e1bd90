import { uptime } from "node:os";
import { countRuntimeContainers, DOCKER_SOCKET_PATH } from "./countRuntimeContainers.js";
import { formatUptime } from "./formatUptime.js";
import { type DiskUsage, readDisks } from "./readDisks.js";
import { type MemoryUsage, readMemory } from "./readMemory.js";

export type ServerStatus = {
  disks: DiskUsage[];
  memory: MemoryUsage;
  /** Running containers when a Docker engine answers on its socket, else 0. */
  runtimeContainers: number;
  /** Machine uptime, `<d>d <h>h <m>m`. */
  uptime: string;
  /** ISO 8601 UTC with milliseconds. */
  timestamp: string;
};

export type ServerStatusOptions = {
  /** Default: /var/run/docker.sock. */
  dockerSocketPath?: string | undefined;
};

/**
 * The machine's status for the admin server, read from the OS: disks, memory, running containers,
 * uptime. It reads /proc and unix sockets, so it lives with the servers' toolkit rather than in
 * `@privnet/core`, which runs wherever viem runs.
 *
 * @example
 * import { serverStatus } from "@privnet/http";
 * const { disks, memory, uptime } = await serverStatus();
 */
export async function serverStatus(options: ServerStatusOptions = {}): Promise<ServerStatus> {
  const [disks, memory, runtimeContainers] = await Promise.all([
    readDisks(),
    readMemory(),
    countRuntimeContainers(options.dockerSocketPath ?? DOCKER_SOCKET_PATH),
  ]);
  return {
    disks,
    memory,
    runtimeContainers,
    uptime: formatUptime(uptime()),
    timestamp: new Date().toISOString(),
  };
}
