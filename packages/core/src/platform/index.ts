export { type CreatePlatformOptions, createPlatform, type Platform } from "./createPlatform.js";
export type { PlatformContext } from "./PlatformContext.js";
