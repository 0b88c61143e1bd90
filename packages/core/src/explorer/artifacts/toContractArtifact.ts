import { Abi as AbiSchema } from "abitype/zod";
import type { Abi } from "viem";
import type { z } from "zod";
import type { immutableReferences, linkReferences } from "./artifactSchemas.js";
import type { ArtifactSource, ContractArtifact } from "./ContractArtifact.js";

/**
 * One contract of any build format as the explorer keeps it: its ABI checked with abitype's
 * schema, its runtime code with library placeholders as zero bytes, and the ranges a deployment
 * fills in (immutables, library addresses), which matching ignores.
 */
export function toContractArtifact(params: {
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
