import type { z } from "zod";
import {
  foundryArtifact,
  hardhat2Artifact,
  hardhat3Artifact,
  hardhat3BuildInput,
  parseWith,
  type sourceContents,
  standardInput,
  standardOutput,
} from "./artifactSchemas.js";
import type { ContractArtifact } from "./ContractArtifact.js";
import { toContractArtifact } from "./toContractArtifact.js";

/** What a file gives besides contracts: sources' text by build name, user names by build name. */
type Extras = { contents?: Record<string, string>; userNames?: Record<string, string> | undefined };

export type ReadOne =
  | ({ kind: "artifact"; artifacts: ContractArtifact[]; buildInfoId?: string | undefined } & Extras)
  | ({ kind: "build-output"; artifacts: ContractArtifact[]; id: string | undefined } & Extras)
  | ({ kind: "build-input"; artifacts: [] } & Extras)
  | { kind: "unknown"; message: string; contents?: undefined; userNames?: undefined };

function textOf(sources: z.infer<typeof sourceContents> | undefined): Record<string, string> {
  const contents: Record<string, string> = {};
  for (const [name, source] of Object.entries(sources ?? {})) {
    if (source.content !== undefined) contents[name] = source.content;
  }
  return contents;
}

/** What one build file holds, by its format. */
export function readArtifactFile(path: string, json: unknown): ReadOne {
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    return { kind: "unknown", message: "not a build artifact: expected a JSON object" };
  }
  const format = (json as { _format?: unknown })._format;
  if (format === "hh3-artifact-1") {
    const artifact = parseWith(hardhat3Artifact, json, "Hardhat 3 artifact");
    return {
      kind: "artifact",
      buildInfoId: artifact.buildInfoId,
      artifacts: [
        toContractArtifact({
          name: artifact.contractName,
          // Build infos name sources by their input name (`project/contracts/A.sol`).
          sourceName: artifact.inputSourceName ?? artifact.sourceName,
          abi: artifact.abi,
          code: artifact.deployedBytecode,
          links: artifact.deployedLinkReferences,
          immutables: artifact.immutableReferences,
          file: path,
        }),
      ],
    };
  }
  if (format === "hh-sol-artifact-1") {
    const artifact = parseWith(hardhat2Artifact, json, "Hardhat artifact");
    return {
      kind: "artifact",
      artifacts: [
        toContractArtifact({
          name: artifact.contractName,
          sourceName: artifact.sourceName,
          abi: artifact.abi,
          code: artifact.deployedBytecode,
          links: artifact.deployedLinkReferences,
          file: path,
        }),
      ],
    };
  }
  if (format === "hh3-sol-build-info-1") {
    const input = parseWith(hardhat3BuildInput, json, "Hardhat 3 build info");
    return {
      kind: "build-input",
      artifacts: [],
      contents: textOf(input.input?.sources),
      userNames: input.userSourceNameMap,
    };
  }
  if ("contracts" in json || "output" in json) return readStandardOutput(path, json);
  if ("language" in json && "sources" in json) {
    const input = parseWith(standardInput, json, "solc standard-JSON input");
    return { kind: "build-input", artifacts: [], contents: textOf(input.sources) };
  }
  if ("abi" in json && "deployedBytecode" in json) return readFoundryArtifact(path, json);
  return {
    kind: "unknown",
    message:
      "not a build artifact: expected a Hardhat artifact (_format), a Foundry artifact (abi, deployedBytecode) or a solc standard-JSON output (contracts)",
  };
}

/** solc's standard-JSON output, alone or in a build info (Hardhat 2's, Foundry's, Hardhat 3's `.output.json`). */
function readStandardOutput(path: string, json: object): ReadOne {
  const parsed = parseWith(standardOutput, json, "solc standard-JSON output");
  const { contracts, sources: ids } = "output" in parsed ? parsed.output : parsed;
  const { id } = json as { id?: unknown };
  // A Hardhat 2 or Foundry build info holds the input beside the output.
  const input = standardInput.safeParse((json as { input?: unknown }).input);
  const sources = Object.entries(ids ?? {})
    .map(([name, source]) => ({ id: source.id, name, content: null }))
    .sort((a, b) => a.id - b.id);
  const artifacts: ContractArtifact[] = [];
  for (const [sourceName, named] of Object.entries(contracts)) {
    for (const [name, output] of Object.entries(named)) {
      if (!output.abi) continue;
      const deployed = output.evm?.deployedBytecode;
      artifacts.push(
        toContractArtifact({
          name,
          sourceName,
          abi: output.abi,
          code: deployed?.object ?? "",
          links: deployed?.linkReferences,
          immutables: deployed?.immutableReferences,
          storageLayout: output.storageLayout,
          sourceMap: deployed?.sourceMap,
          sources,
          file: path,
        }),
      );
    }
  }
  return {
    kind: "build-output",
    id: typeof id === "string" ? id : undefined,
    artifacts,
    contents: input.success ? textOf(input.data.sources) : {},
  };
}

/** Foundry's `out/<File>.sol/<Contract>.json`. */
function readFoundryArtifact(path: string, json: object): ReadOne {
  const artifact = parseWith(foundryArtifact, json, "Foundry artifact");
  const target = Object.entries(artifact.metadata?.settings?.compilationTarget ?? {})[0];
  const fileName = path.split(/[\\/]/).pop() ?? path;
  const folder = path.split(/[\\/]/).slice(-2, -1)[0] ?? "";
  const sourceName = target?.[0] ?? folder;
  return {
    kind: "artifact",
    artifacts: [
      toContractArtifact({
        name: target?.[1] ?? fileName.replace(/(\.[^.]+)?\.json$/, ""),
        sourceName,
        abi: artifact.abi,
        code: artifact.deployedBytecode.object,
        links: artifact.deployedBytecode.linkReferences,
        immutables: artifact.deployedBytecode.immutableReferences,
        storageLayout: artifact.storageLayout,
        sourceMap: artifact.deployedBytecode.sourceMap,
        // Its own file's id; the build info, when Foundry wrote one, names the others.
        sources: artifact.id === undefined ? [] : [{ id: artifact.id, name: sourceName, content: null }],
        file: path,
      }),
    ],
  };
}
