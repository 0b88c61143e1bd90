export { ArtifactLibrary, type ArtifactSet } from "./ArtifactLibrary.js";
export {
  describeArtifactSet,
  type LoadArtifactsParameters,
  type LoadArtifactsReturnType,
  type LoadedArtifact,
  loadArtifacts,
} from "./loadArtifacts.js";
export {
  type ArtifactFile,
  type ArtifactFileError,
  type ArtifactSource,
  type CodeRange,
  type ContractArtifact,
  parseArtifactFiles,
} from "./parseArtifactFiles.js";
