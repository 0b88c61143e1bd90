export type { GuardedContext, OperationGuard } from "../context/OperationGuard.js";
export type { PlatformContext } from "../context/PlatformContext.js";
export { type CreatePlatformOptions, createPlatform, type Platform } from "./createPlatform.js";
export type { PlatformSnapshot } from "./snapshotPlatform.js";
