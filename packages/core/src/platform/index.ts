export { type CreatePlatformOptions, createPlatform, type Platform } from "./createPlatform.js";
export type { GuardedContext, OperationGuard } from "./OperationGuard.js";
export type { PlatformContext } from "./PlatformContext.js";
export type { PlatformSnapshot } from "./snapshotPlatform.js";
