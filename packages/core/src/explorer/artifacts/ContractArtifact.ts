import type { Abi, Hex } from "viem";

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
