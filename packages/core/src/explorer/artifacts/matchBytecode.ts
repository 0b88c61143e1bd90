import { type Address, getAddress, type Hex } from "viem";
import type { CodeRange, ContractArtifact } from "./parseArtifactFiles.js";

/** An artifact made ready to compare: its runtime code without the metadata, as hex without `0x`. */
export type PreparedArtifact = {
  artifact: ContractArtifact;
  code: string;
  /** The hex-character spans to compare, between the ranges each deployment fills in. */
  spans: [start: number, end: number][];
};

/**
 * The runtime code without solc's CBOR metadata (the source hash and compiler version it appends):
 * its last two bytes give the metadata's length, and the metadata is a CBOR map (0xa1–0xbf). Code
 * without it is answered unchanged. Hex without `0x`.
 */
export function stripMetadata(code: string): string {
  if (code.length < 4) return code;
  const length = Number.parseInt(code.slice(-4), 16);
  const start = code.length - 4 - length * 2;
  if (length === 0 || start < 0) return code;
  const first = Number.parseInt(code.slice(start, start + 2), 16);
  return first >= 0xa1 && first <= 0xbf ? code.slice(0, start) : code;
}

/** An artifact's code and the spans to compare, or undefined for one with no runtime code. */
export function prepareArtifact(artifact: ContractArtifact): PreparedArtifact | undefined {
  const code = stripMetadata(artifact.deployedBytecode.slice(2));
  if (code.length === 0) return undefined;
  return { artifact, code, spans: spansBetween(artifact.variableRanges, code.length) };
}

function spansBetween(ranges: readonly CodeRange[], length: number): [number, number][] {
  const spans: [number, number][] = [];
  let at = 0;
  for (const range of ranges) {
    const start = range.start * 2;
    if (start > at) spans.push([at, Math.min(start, length)]);
    at = Math.max(at, (range.start + range.length) * 2);
  }
  if (at < length) spans.push([at, length]);
  return spans;
}

/** EIP-1167's minimal proxy: the runtime code around the implementation's address. */
const CLONE_PREFIX = "363d3d373d3d3d363d73";
const CLONE_SUFFIX = "5af43d82803e903d91602b57fd5bf3";

/** The implementation of an EIP-1167 clone, from its code (hex with `0x`); undefined for other code. */
export function cloneImplementation(code: Hex): Address | undefined {
  const hex = code.slice(2).toLowerCase();
  if (hex.length !== 90 || !hex.startsWith(CLONE_PREFIX) || !hex.endsWith(CLONE_SUFFIX)) return undefined;
  return getAddress(`0x${hex.slice(CLONE_PREFIX.length, CLONE_PREFIX.length + 40)}`);
}

/** EIP-1967's implementation slot: `bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)`. */
export const EIP1967_IMPLEMENTATION_SLOT: Hex =
  "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";
