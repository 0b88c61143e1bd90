import { z } from "zod";

// The shapes of the build files privnet reads, checked with zod.

const ranges = z.array(
  z.object({ start: z.number().int().nonnegative(), length: z.number().int().positive() }),
);
export const linkReferences = z.record(z.string(), z.record(z.string(), ranges));
export const immutableReferences = z.record(z.string(), ranges);
const hexText = z.string().regex(/^(0x)?[0-9a-fA-F_$]*$/, { error: "must be hex" });

/** Hardhat 3's `artifacts/<source>/<Contract>.json`. */
export const hardhat3Artifact = z.object({
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
export const hardhat2Artifact = z.object({
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
export const foundryArtifact = z.object({
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
export const sourceContents = z.record(
  z.string(),
  z.object({ content: z.string().optional() }).passthrough(),
);

/** solc's standard-JSON output, alone or inside a build info (Hardhat's `.output.json`, Foundry's). */
export const standardOutput = z.union([
  z.object({ contracts: standardContracts, sources: sourceIds.optional() }),
  z.object({ output: z.object({ contracts: standardContracts, sources: sourceIds.optional() }) }),
]);

/** solc's standard-JSON input, alone or inside a build info: where the sources' text is. */
export const standardInput = z.object({ sources: sourceContents });

/** Hardhat 3's build-info input file: the compiler's input, no contracts in it. */
export const hardhat3BuildInput = z.object({
  _format: z.literal("hh3-sol-build-info-1"),
  id: z.string(),
  input: standardInput.optional(),
  /** The user's source names by the build's (`contracts/A.sol` → `project/contracts/A.sol`). */
  userSourceNameMap: z.record(z.string(), z.string()).optional(),
});

/** `json` as `schema` reads it, or an error naming the first problems. */
export function parseWith<T>(schema: z.ZodType<T>, json: unknown, what: string): T {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "(root)"}: ${issue.message}`)
    .join("; ");
  throw new Error(`not a valid ${what}: ${issues}`);
}
