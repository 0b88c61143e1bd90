export { type DescribeStateChangesParameters, describeStateChanges } from "./describeStateChanges.js";
export { type AccountDiff, readStateDiff } from "./readStateDiff.js";
export type {
  ChainBalanceChange,
  ChainStateChanges,
  ChainStorageChange,
  ChainStorageVariable,
  ChainTokenBalanceChange,
} from "./StateChangeShapes.js";
