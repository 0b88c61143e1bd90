export { countRuntimeContainers, DOCKER_SOCKET_PATH } from "./countRuntimeContainers.js";
export { formatBytes } from "./formatBytes.js";
export { formatUptime } from "./formatUptime.js";
export { type DiskUsage, readDisks } from "./readDisks.js";
export { type MemoryUsage, readMemory } from "./readMemory.js";
export { type ServerStatus, type ServerStatusOptions, serverStatus } from "./serverStatus.js";
