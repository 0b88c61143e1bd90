export {
  type RerunChanges,
  type RerunResult,
  type RerunStorageDifference,
  rerunTransaction,
} from "./rerunTransaction.js";
export type {
  AccountOverride,
  BlockOverrides,
  SimulatedCall,
  SimulatedTransaction,
  SimulateParameters,
  Simulation,
  SimulationCall,
  StorageOverrideValue,
} from "./SimulationShapes.js";
export { getSimulation, saveSimulation } from "./savedSimulations.js";
export { simulate } from "./simulate.js";
