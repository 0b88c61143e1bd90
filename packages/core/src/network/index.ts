export { getNetworkInfo, type NetworkInfo } from "./getNetworkInfo.js";
export { type NetworkActions, type NetworkActionsContext, networkActions } from "./networkActions.js";
