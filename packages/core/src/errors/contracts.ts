import type { Hash } from "viem";
import { PrivnetError } from "./PrivnetErrorBase.js";

/**
 * Deploying privnet's contracts failed: a transaction could not be sent, or one was mined but
 * reverted. `step` names the transaction ("deploy LendingPool", "list USDC", …); when the node
 * refused it, `nodeError` has the node's own words and `advice` what to do about them.
 */
export class ContractDeploymentFailedError extends PrivnetError {
  override name = "ContractDeploymentFailedError";
  declare readonly code: "CONTRACT_DEPLOYMENT_FAILED";
  constructor(
    readonly step: string,
    options: { hash?: Hash; cause?: unknown; nodeError?: string; advice?: string } = {},
  ) {
    const refused = options.nodeError
      ? `The node refused the transaction: "${options.nodeError}". ${options.advice ?? "Is the account funded and the node reachable?"}`
      : `The transaction could not be sent. ${options.advice ?? "Is the account funded and the node reachable?"}`;
    super("CONTRACT_DEPLOYMENT_FAILED", `Deploying the platform contracts failed at "${step}".`, {
      details: options.hash
        ? `Transaction ${options.hash} reverted. Nothing was stored; the contracts sent before it stay on the chain unused.`
        : `${refused} Nothing was stored.`,
      cause: options.cause,
    });
    this.nodeError = options.nodeError;
  }

  /** What the node answered, in its own words, when it refused the transaction. */
  readonly nodeError: string | undefined;
}
