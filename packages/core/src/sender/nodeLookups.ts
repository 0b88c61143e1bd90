import type { Hash, PublicClient } from "viem";

/**
 * The node's answer for `hash`: the transaction (pooled or mined), or undefined when the node says
 * it does not know it. Any other failure (timeout, connection refused, a node error) rejects: a
 * decision that fails a record must never read "no answer" as "not there".
 */
export async function lookUpTransaction(client: PublicClient, hash: Hash) {
  try {
    return await client.getTransaction({ hash });
  } catch (error) {
    if (isNamed(error, "TransactionNotFoundError")) return undefined;
    throw error;
  }
}

/** Like {@link lookUpTransaction}, for the receipt: undefined only when the node has none. */
export async function lookUpReceipt(client: PublicClient, hash: Hash) {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (error) {
    if (isNamed(error, "TransactionReceiptNotFoundError")) return undefined;
    throw error;
  }
}

function isNamed(error: unknown, name: string) {
  return (error as { name?: unknown } | null)?.name === name;
}
