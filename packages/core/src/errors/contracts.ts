import type { Hash } from "viem";
import { PrivnetError } from "./PrivnetErrorBase.js";

/**
 * Deploying privnet's contracts failed: a transaction could not be sent, or one was mined but
 * reverted. `step` names the transaction ("deploy LendingPool", "list USDC", …).
 */
export class ContractDeploymentFailedError extends PrivnetError {
  override name = "ContractDeploymentFailedError";
  declare readonly code: "CONTRACT_DEPLOYMENT_FAILED";
  constructor(
    readonly step: string,
    options: { hash?: Hash; cause?: unknown } = {},
  ) {
    super("CONTRACT_DEPLOYMENT_FAILED", `Deploying the platform contracts failed at "${step}".`, {
      details: options.hash
        ? `Transaction ${options.hash} reverted. Nothing was stored; the contracts sent before it stay on the chain unused.`
        : "The transaction could not be sent (is the account funded and the node reachable?). Nothing was stored.",
      cause: options.cause,
    });
  }
}
