export * from "../chain/index.js";
export * from "../errors/index.js";
export * from "../events/index.js";
export * from "../network/index.js";
export * from "../platform/index.js";
export * from "../storage/index.js";
