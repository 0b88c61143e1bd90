import { BaseError, MethodNotFoundRpcError, MethodNotSupportedRpcError } from "viem";

// Wording of nodes that answer a method they lack with another code than -32601 (anvil among them
// for some namespaces: "the method … does not exist/is not available").
const methodMissing = /method not found|not supported|does not exist|unsupported|not available/;

/**
 * Whether `error` says the node has no such method (`txpool_*`, `eth_getBlockReceipts`, the
 * `debug_*` and `anvil_*` calls on some nodes): viem's `MethodNotFoundRpcError` (code -32601) or
 * `MethodNotSupportedRpcError`, else the node's wording. The one "method missing" check; the node
 * client keeps what it found (see `NodeClient.lacks`), so callers ask that instead.
 *
 * @example
 * isMethodMissing(new MethodNotFoundRpcError(new Error("txpool_content"))); // true
 */
export function isMethodMissing(error: unknown): boolean {
  if (
    error instanceof BaseError &&
    error.walk(
      (cause) => cause instanceof MethodNotFoundRpcError || cause instanceof MethodNotSupportedRpcError,
    )
  )
    return true;
  return methodMissing.test(nodeErrorText(error).toLowerCase());
}

/** Every message and detail along the error's cause chain: what a node said, however viem wrapped it. */
export function nodeErrorText(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 10; depth++) {
    if (current instanceof BaseError) parts.push(current.shortMessage, current.details);
    else if (current instanceof Error) parts.push(current.message);
    else parts.push(String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join("\n");
}
