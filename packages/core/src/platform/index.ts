export { type CreatePlatformOptions, createPlatform, type Platform } from "./createPlatform.js";
