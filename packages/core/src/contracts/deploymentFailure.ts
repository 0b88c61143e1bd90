import { ContractDeploymentFailedError } from "../errors/contracts.js";
import { classifyNodeError, nodeErrorWords } from "../sender/classifyNodeError.js";

/**
 * The EVM version privnet's contracts are compiled for (`evmVersion` in contracts/hardhat.config.ts):
 * the fork a node must run at least to deploy them: their bytecode has Cancun's MCOPY, TSTORE and TLOAD.
 */
export const PLATFORM_CONTRACTS_EVM_VERSION = "cancun";

/**
 * What to do when the node lacks an instruction of {@link PLATFORM_CONTRACTS_EVM_VERSION}: the
 * node's words alone ("invalid opcode", "NotActivated") do not say that the fork is the cause.
 */
const OLDER_FORK_ADVICE = `privnet's contracts are compiled for the Cancun fork (solc evmVersion "${PLATFORM_CONTRACTS_EVM_VERSION}"; their bytecode uses Cancun's MCOPY, TSTORE and TLOAD), and this node does not run Cancun's instructions: it is at an older fork (ganache 7 stops at Shanghai). Use a node at Cancun or later: leave out --rpc-url for privnet's embedded anvil, or run anvil, Hardhat 3's node, or a geth, reth, Nethermind or Besu devnet whose genesis activates Cancun.`;

/**
 * The error for a deployment step the node did not take (its estimate or its submission failed),
 * with the node's own words and, when they say the node lacks an instruction the contracts use,
 * which fork privnet needs and what to do.
 *
 * @example
 * throw deploymentFailure("deploy PriceOracle", error);
 */
export function deploymentFailure(step: string, cause: unknown): ContractDeploymentFailedError {
  const kind = classifyNodeError(cause);
  if (kind === "unreachable") {
    return new ContractDeploymentFailedError(step, {
      cause,
      advice: "The node did not answer: is it reachable?",
    });
  }
  return new ContractDeploymentFailedError(step, {
    cause,
    nodeError: nodeErrorWords(cause),
    ...(kind === "unsupported-opcode" ? { advice: OLDER_FORK_ADVICE } : {}),
    ...(kind === "insufficient-funds" ? { advice: "Fund the deploying account and start again." } : {}),
  });
}
