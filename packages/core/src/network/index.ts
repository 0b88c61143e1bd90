export { getNetworkInfo, type NetworkInfo } from "./getNetworkInfo.js";
