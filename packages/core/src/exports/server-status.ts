// Node-only: reads /proc and the Docker socket. Kept out of the main entry so that @privnet/core
// itself stays usable where node:fs and node:http do not exist.
export * from "../system/index.js";
