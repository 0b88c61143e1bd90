import type { ExplorerContext } from "../ExplorerContext.js";
import type { ArtifactSet } from "./ArtifactLibrary.js";
import { type ArtifactFile, type ArtifactFileError, parseArtifactFiles } from "./parseArtifactFiles.js";
import { readArtifactFolder } from "./readArtifactFolder.js";

/** A folder to read (Node), or files already read, under a name of your choosing. */
export type LoadArtifactsParameters = string | { source: string; files: readonly ArtifactFile[] };

/** One loaded contract, by name. */
export type LoadedArtifact = { name: string; sourceName: string; file: string; hasStorageLayout: boolean };

export type LoadArtifactsReturnType = {
  source: string;
  contracts: LoadedArtifact[];
  /** Each file that could not be used, and why; the others loaded. */
  errors: ArtifactFileError[];
  loadedAt: string;
};

/**
 * Loads a build's artifacts (a Hardhat 3 `artifacts/` folder, a Foundry `out/` folder, or solc
 * standard-JSON outputs) in place of what was loaded from the same source. Any contract on the
 * chain whose runtime code is one of theirs is then named and decoded with its ABI. A file that
 * cannot be used is listed in `errors` with the reason; the rest loads. Fails with
 * `ARTIFACTS_UNREADABLE` when the folder itself cannot be read.
 *
 * @example
 * const { contracts, errors } = await platform.contracts.loadArtifacts("./artifacts");
 */
export async function loadArtifacts(
  ctx: ExplorerContext,
  params: LoadArtifactsParameters,
): Promise<LoadArtifactsReturnType> {
  const source = typeof params === "string" ? params : params.source;
  const files = typeof params === "string" ? await readArtifactFolder(params) : params.files;
  const { artifacts, errors } = parseArtifactFiles(files);
  const set = ctx.artifacts.replace(source, artifacts, errors);
  ctx.labels.forget();
  return describeArtifactSet(set);
}

/** A loaded build as the SDK and the API answer it. */
export function describeArtifactSet(set: ArtifactSet): LoadArtifactsReturnType {
  return {
    source: set.source,
    contracts: set.artifacts.map((artifact) => ({
      name: artifact.name,
      sourceName: artifact.sourceName,
      file: artifact.file,
      hasStorageLayout: artifact.storageLayout !== null,
    })),
    errors: set.errors,
    loadedAt: set.loadedAt,
  };
}
