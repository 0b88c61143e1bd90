export { CHAIN_EVENTS_PATH, chainEvents } from "./chainEvents.js";
export { faultRoutes } from "./faultRoutes.js";
