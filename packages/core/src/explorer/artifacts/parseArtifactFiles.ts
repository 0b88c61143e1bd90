import type {
  ArtifactFile,
  ArtifactFileError,
  ArtifactSource,
  ContractArtifact,
} from "./ContractArtifact.js";
import { readArtifactFile } from "./readArtifactFile.js";

export type {
  ArtifactFile,
  ArtifactFileError,
  ArtifactSource,
  CodeRange,
  ContractArtifact,
} from "./ContractArtifact.js";

export type ParseArtifactFilesReturnType = {
  artifacts: ContractArtifact[];
  errors: ArtifactFileError[];
};

/**
 * Reads the contracts out of a build's JSON files: Hardhat 3's `artifacts/` tree (each artifact
 * completed from its build info's output: storage layout, source maps), Foundry's `out/` tree, or
 * solc's standard-JSON outputs. Each file that is not valid JSON, not one of these shapes (checked
 * with zod, ABIs with abitype's schema), or a Hardhat artifact whose build info is missing is an
 * error of its own; every other file still loads. The same contract found twice (an artifact and
 * its build info) is kept once, with what each file adds. The sources' text, wherever a build
 * input holds it, is kept with the source ids the source maps use, to locate a revert.
 *
 * @example
 * const { artifacts, errors } = parseArtifactFiles([{ path: "Counter.sol/Counter.json", contents }]);
 */
export function parseArtifactFiles(files: readonly ArtifactFile[]): ParseArtifactFilesReturnType {
  const errors: ArtifactFileError[] = [];
  const byName = new Map<string, ContractArtifact>();
  const buildOutputs = new Set<string>();
  const needBuildInfo: { file: string; id: string }[] = [];
  const contents = new Map<string, string>();
  const userNames = new Map<string, string>();
  const add = (artifact: ContractArtifact) => {
    const key = `${artifact.sourceName}:${artifact.name}`;
    const before = byName.get(key);
    if (!before) {
      byName.set(key, artifact);
      return;
    }
    // Artifact files name the contract as the user sees it; build infos add layout and source maps.
    byName.set(key, {
      ...before,
      storageLayout: before.storageLayout ?? artifact.storageLayout,
      deployedSourceMap: before.deployedSourceMap ?? artifact.deployedSourceMap,
      sources: before.sources.length >= artifact.sources.length ? before.sources : artifact.sources,
      variableRanges: before.variableRanges.length > 0 ? before.variableRanges : artifact.variableRanges,
    });
  };

  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(file.contents);
    } catch (error) {
      errors.push({ file: file.path, message: `not valid JSON: ${(error as Error).message}` });
      continue;
    }
    try {
      const found = readArtifactFile(file.path, json);
      if (found.kind === "unknown") {
        errors.push({ file: file.path, message: found.message });
        continue;
      }
      if (found.kind === "build-output" && found.id) buildOutputs.add(found.id);
      for (const [name, content] of Object.entries(found.contents ?? {})) contents.set(name, content);
      for (const [user, build] of Object.entries(found.userNames ?? {})) userNames.set(build, user);
      if (found.kind === "artifact" && found.buildInfoId)
        needBuildInfo.push({ file: file.path, id: found.buildInfoId });
      for (const artifact of found.artifacts) add(artifact);
    } catch (error) {
      errors.push({ file: file.path, message: (error as Error).message });
    }
  }
  for (const { file, id } of needBuildInfo) {
    if (!buildOutputs.has(id)) {
      errors.push({
        file,
        message: `its build info is missing (build-info/${id}.output.json): the contract loads without source maps or storage layout`,
      });
    }
  }
  // The text joins the ids once every file is read: a build's input and output are two files.
  const withText = (source: ArtifactSource): ArtifactSource => ({
    id: source.id,
    name: userNames.get(source.name) ?? source.name,
    content: source.content ?? contents.get(source.name) ?? null,
  });
  const artifacts = [...byName.values()].map((artifact) => ({
    ...artifact,
    sources: artifact.sources.map(withText),
  }));
  return { artifacts: artifacts.sort(byKey), errors };
}

function byKey(a: ContractArtifact, b: ContractArtifact) {
  return `${a.sourceName}:${a.name}`.localeCompare(`${b.sourceName}:${b.name}`);
}
