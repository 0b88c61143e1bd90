import { Abi as AbiSchema } from "abitype/zod";
import type { Abi, Hex } from "viem";
import { z } from "zod";

/** A byte range of runtime code: where an immutable or a linked library's address sits. */
export type CodeRange = { start: number; length: number };

/** One contract of a build, in the shape the explorer uses whatever tool wrote it. */
export type ContractArtifact = {
  name: string;
  /** The source file it was compiled from, as the compiler named it (`contracts/Vault.sol`). */
  sourceName: string;
  abi: Abi;
  /** The runtime code as compiled; a library placeholder is zero bytes. `0x` for an interface. */
  deployedBytecode: Hex;
  /** The ranges each deployment fills in (immutables, library addresses), ignored when matching. */
  variableRanges: CodeRange[];
  /** solc's `storageLayout`, when the build asked for it. */
  storageLayout: unknown;
  /** The runtime code's source map, when the build has it. */
  deployedSourceMap: string | null;
  /** The build's sources by the ids its source maps use, with their text where the build kept it. */
  sources: ArtifactSource[];
  /** The file it came from (relative to the loaded folder). */
  file: string;
};

/** A source file of a build: the id source maps give it, its name, and its text when the build has it. */
export type ArtifactSource = {
  id: number;
  /** As the user wrote it (`contracts/Vault.sol`), not as the build named it (`project/contracts/Vault.sol`). */
  name: string;
  content: string | null;
};

/** A file that could not be used, and why. */
export type ArtifactFileError = { file: string; message: string };

/** A file to read: its path (relative to the loaded folder) and its text. */
export type ArtifactFile = { path: string; contents: string };

export type ParseArtifactFilesReturnType = {
  artifacts: ContractArtifact[];
  errors: ArtifactFileError[];
};

const ranges = z.array(
  z.object({ start: z.number().int().nonnegative(), length: z.number().int().positive() }),
);
const linkReferences = z.record(z.string(), z.record(z.string(), ranges));
const immutableReferences = z.record(z.string(), ranges);
const hexText = z.string().regex(/^(0x)?[0-9a-fA-F_$]*$/, { error: "must be hex" });

/** Hardhat 3's `artifacts/<source>/<Contract>.json`. */
const hardhat3Artifact = z.object({
  _format: z.literal("hh3-artifact-1"),
  contractName: z.string(),
  sourceName: z.string(),
  abi: z.array(z.unknown()),
  deployedBytecode: hexText,
  deployedLinkReferences: linkReferences.optional(),
  immutableReferences: immutableReferences.optional(),
  buildInfoId: z.string().optional(),
  inputSourceName: z.string().optional(),
});

/** Hardhat 2's artifact (kept: Hardhat 2 projects still write it). */
const hardhat2Artifact = z.object({
  _format: z.literal("hh-sol-artifact-1"),
  contractName: z.string(),
  sourceName: z.string(),
  abi: z.array(z.unknown()),
  deployedBytecode: hexText,
  deployedLinkReferences: linkReferences.optional(),
});

const evmBytecode = z.object({
  object: hexText,
  sourceMap: z.string().optional(),
  linkReferences: linkReferences.optional(),
  immutableReferences: immutableReferences.optional(),
});

/** Foundry's `out/<File>.sol/<Contract>.json`. */
const foundryArtifact = z.object({
  abi: z.array(z.unknown()),
  bytecode: evmBytecode,
  deployedBytecode: evmBytecode,
  storageLayout: z.unknown().optional(),
  id: z.number().int().nonnegative().optional(),
  metadata: z
    .object({ settings: z.object({ compilationTarget: z.record(z.string(), z.string()) }).partial() })
    .partial()
    .passthrough()
    .optional(),
});

const standardContract = z.object({
  abi: z.array(z.unknown()).optional(),
  storageLayout: z.unknown().optional(),
  evm: z.object({ deployedBytecode: evmBytecode.partial().optional() }).partial().optional(),
});
const standardContracts = z.record(z.string(), z.record(z.string(), standardContract));
/** solc's `sources` of an output: the id each source has in the source maps. */
const sourceIds = z.record(z.string(), z.object({ id: z.number().int().nonnegative() }).passthrough());
/** solc's `sources` of an input: each source's text (files given by URL have none). */
const sourceContents = z.record(z.string(), z.object({ content: z.string().optional() }).passthrough());

/** solc's standard-JSON output, alone or inside a build info (Hardhat's `.output.json`, Foundry's). */
const standardOutput = z.union([
  z.object({ contracts: standardContracts, sources: sourceIds.optional() }),
  z.object({ output: z.object({ contracts: standardContracts, sources: sourceIds.optional() }) }),
]);

/** solc's standard-JSON input, alone or inside a build info: where the sources' text is. */
const standardInput = z.object({ sources: sourceContents });

/** Hardhat 3's build-info input file: the compiler's input, no contracts in it. */
const hardhat3BuildInput = z.object({
  _format: z.literal("hh3-sol-build-info-1"),
  id: z.string(),
  input: standardInput.optional(),
  /** The user's source names by the build's (`contracts/A.sol` → `project/contracts/A.sol`). */
  userSourceNameMap: z.record(z.string(), z.string()).optional(),
});

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
      const found = readOne(file.path, json);
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

/** What a file gives besides contracts: sources' text by build name, user names by build name. */
type Extras = { contents?: Record<string, string>; userNames?: Record<string, string> | undefined };

type ReadOne =
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

function readOne(path: string, json: unknown): ReadOne {
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
        contract({
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
        contract({
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
  if ("contracts" in json || "output" in json) {
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
          contract({
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
  if ("language" in json && "sources" in json) {
    const input = parseWith(standardInput, json, "solc standard-JSON input");
    return { kind: "build-input", artifacts: [], contents: textOf(input.sources) };
  }
  if ("abi" in json && "deployedBytecode" in json) {
    const artifact = parseWith(foundryArtifact, json, "Foundry artifact");
    const target = Object.entries(artifact.metadata?.settings?.compilationTarget ?? {})[0];
    const fileName = path.split(/[\\/]/).pop() ?? path;
    const folder = path.split(/[\\/]/).slice(-2, -1)[0] ?? "";
    const sourceName = target?.[0] ?? folder;
    return {
      kind: "artifact",
      artifacts: [
        contract({
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
  return {
    kind: "unknown",
    message:
      "not a build artifact: expected a Hardhat artifact (_format), a Foundry artifact (abi, deployedBytecode) or a solc standard-JSON output (contracts)",
  };
}

function parseWith<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
  throw new Error(`not a valid ${what}: ${issues}`);
}

function contract(params: {
  name: string;
  sourceName: string;
  abi: readonly unknown[];
  code: string;
  links?: z.infer<typeof linkReferences> | undefined;
  immutables?: z.infer<typeof immutableReferences> | undefined;
  storageLayout?: unknown;
  sourceMap?: string | undefined;
  sources?: ArtifactSource[];
  file: string;
}): ContractArtifact {
  const abi = AbiSchema.safeParse(params.abi);
  if (!abi.success) {
    const issue = abi.error.issues[0];
    throw new Error(
      `${params.name}: its ABI does not parse (abi.${issue?.path.join(".")}: ${issue?.message})`,
    );
  }
  const hex = params.code.startsWith("0x") ? params.code.slice(2) : params.code;
  const linked = Object.values(params.links ?? {}).flatMap((libraries) => Object.values(libraries).flat());
  const immutable = Object.values(params.immutables ?? {}).flat();
  // A library placeholder (`__$…$__`) becomes zero bytes; the range is ignored when matching.
  let code = hex;
  for (const range of linked) {
    code =
      code.slice(0, range.start * 2) +
      "0".repeat(range.length * 2) +
      code.slice((range.start + range.length) * 2);
  }
  if (!/^[0-9a-fA-F]*$/.test(code)) throw new Error(`${params.name}: deployedBytecode is not hex`);
  return {
    name: params.name,
    sourceName: params.sourceName,
    abi: abi.data as Abi,
    deployedBytecode: `0x${code.toLowerCase()}`,
    variableRanges: [...linked, ...immutable].sort((a, b) => a.start - b.start),
    storageLayout: params.storageLayout ?? null,
    deployedSourceMap: params.sourceMap ?? null,
    sources: params.sources ?? [],
    file: params.file,
  };
}

function byKey(a: ContractArtifact, b: ContractArtifact) {
  return `${a.sourceName}:${a.name}`.localeCompare(`${b.sourceName}:${b.name}`);
}
