import { isPrivnetError } from "../errors/PrivnetError.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { classifyNodeError } from "../sender/classifyNodeError.js";

/**
 * A node that did not answer becomes `CHAIN_UNREACHABLE`; any other error is returned as it is.
 * Reads of the oracle and the pool go through it so that callers (and the HTTP layers) see one
 * code for "the chain is down".
 *
 * @example
 * await client.readContract(…).catch((error) => { throw unreachableAsTyped(error); });
 */
export function unreachableAsTyped(error: unknown): unknown {
  if (isPrivnetError(error)) return error;
  return classifyNodeError(error) === "unreachable" ? new ChainUnreachableError({ cause: error }) : error;
}
