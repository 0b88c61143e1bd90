export type { PlatformEvents } from "./PlatformEvents.js";
