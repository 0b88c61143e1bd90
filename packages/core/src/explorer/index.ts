export { AddressLabels, MAX_LABEL_LENGTH } from "./AddressLabels.js";
export {
  type ArtifactFile,
  type ArtifactFileError,
  type LoadArtifactsParameters,
  type LoadArtifactsReturnType,
  type LoadedArtifact,
  loadArtifacts,
  parseArtifactFiles,
} from "./artifacts/index.js";
export {
  ChainIndexer,
  type ChainIndexerStatus,
  type ExplorerOptions,
  type ExplorerRetention,
} from "./ChainIndexer.js";
export { ContractRegistry, STANDARD_ABIS } from "./ContractRegistry.js";
export { createExplorer } from "./createExplorer.js";
export type { ExplorerContext } from "./ExplorerContext.js";
export type * from "./ExplorerShapes.js";
export { type ExplorerActions, explorerActions } from "./explorerActions.js";
export { type LabelActions, type LabelledAddress, labelActions } from "./labelActions.js";
export { readContractFunction } from "./readContractFunction.js";
export { type RegisterContractParameters, registerContract } from "./registerContract.js";
