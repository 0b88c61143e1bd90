export {
  type DescribeStateChangesParameters,
  describeStateChanges,
  layoutAt,
} from "./describeStateChanges.js";
export { type AccountDiff, readStateDiff, toAccountDiffs } from "./readStateDiff.js";
export type {
  ChainBalanceChange,
  ChainStateChanges,
  ChainStorageChange,
  ChainStorageVariable,
  ChainTokenBalanceChange,
} from "./StateChangeShapes.js";
