/** `revertLocation` of `GET /chain/transactions/:hash`. */
export type RevertLocationBody = {
  file: string;
  line: number;
  column: number;
  text: string;
  callPath: { name: string; address: string | null; file: string | null; line: number | null }[];
};

/**
 * The lines `privnet tx` prints under a revert it could locate: the file, line and column, the
 * line's text, and the call path with each frame's line.
 *
 * @example
 * formatRevertLocation(location);
 * // ["  at     contracts/Token.sol:15:9", "         require(…);", "  path   Vault.withdraw (contracts/Vault.sol:17) → Token.transfer (contracts/Token.sol:15)"]
 */
export function formatRevertLocation(location: RevertLocationBody): string[] {
  const path = location.callPath
    .map((frame) => (frame.file ? `${frame.name} (${frame.file}:${frame.line})` : frame.name))
    .join(" → ");
  return [
    `  at     ${location.file}:${location.line}:${location.column}`,
    `         ${location.text}`,
    `  path   ${path}`,
  ];
}
