import { BaseError, ContractFunctionRevertedError } from "viem";

/**
 * The revert reason string of a failed contract call or estimate ("Price is stale"), or undefined
 * when the error is not a revert with a reason (no answer from the node, a custom error, …).
 *
 * @example
 * readRevertReason(error) === "Health factor not below 1";
 */
export function readRevertReason(error: unknown): string | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((cause) => cause instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError) {
    if (reverted.reason) return reverted.reason;
    if (reverted.data?.errorName === "Error") return String(reverted.data.args?.[0] ?? "");
  }
  // Some paths (eth_estimateGas over raw transactions) only carry the node's text.
  const match = /reverted with reason string '([^']*)'|execution reverted: ([^\n"]+)/.exec(
    `${error.shortMessage}\n${error.details ?? ""}`,
  );
  return match?.[1] ?? match?.[2]?.trim();
}
