// Node-only: reads /proc and the Docker socket. Kept out of the main entry so that @privnet/core
// itself stays usable where node:fs and node:http do not exist.
export { countRuntimeContainers, DOCKER_SOCKET_PATH } from "../system/countRuntimeContainers.js";
export { formatBytes } from "../system/formatBytes.js";
export { formatUptime } from "../system/formatUptime.js";
export { type DiskUsage, readDisks } from "../system/readDisks.js";
export { type MemoryUsage, readMemory } from "../system/readMemory.js";
export { type ServerStatus, type ServerStatusOptions, serverStatus } from "../system/serverStatus.js";
