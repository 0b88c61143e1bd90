import type { Hash, Hex } from "viem";

/** What a receipt means for a record: where the transaction landed, and how it ended. */
export type ReceiptOutcome = {
  status: "confirmed" | "failed";
  /** The record's `status` as the reason a waiter is told. */
  reason: "confirmed" | "reverted";
  blockNumber: bigint;
  blockHash: Hash;
  hash: Hash;
};

/**
 * The one rule that turns a receipt into an outcome: status 1 is `confirmed`, anything else
 * `failed` (reverted), at the receipt's block. Takes viem's parsed receipt (`"success"`,
 * `bigint` block number) and the raw JSON-RPC one of a batch (`"0x1"`, hex block number).
 *
 * @example
 * const { status, blockNumber } = receiptOutcome(await client.getTransactionReceipt({ hash }));
 */
export function receiptOutcome(receipt: {
  status: "success" | "reverted" | Hex;
  blockNumber: bigint | Hex;
  blockHash: Hash;
  transactionHash: Hash;
}): ReceiptOutcome {
  const succeeded = receipt.status === "success" || receipt.status === "0x1";
  return {
    status: succeeded ? "confirmed" : "failed",
    reason: succeeded ? "confirmed" : "reverted",
    blockNumber: BigInt(receipt.blockNumber),
    blockHash: receipt.blockHash,
    hash: receipt.transactionHash,
  };
}

/**
 * Whether a receipt belongs to the chain as it is now: the block at its number has its block
 * hash. A node restarted from a state file written while it was mining can answer receipts of
 * transactions its chain no longer holds (their blocks were taken back, or never made it into the
 * state's chain): such a receipt says nothing about the chain, and is read as none. A block that
 * cannot be read (the node away) leaves the receipt standing, as it was.
 *
 * @example
 * const receipt = await client.getTransactionReceipt({ hash });
 * if (await onCanonicalChain(client, receipt)) settle(receiptOutcome(receipt));
 */
export async function onCanonicalChain(
  client: { getBlock(args: { blockNumber: bigint }): Promise<{ hash: Hash | null }> },
  receipt: { blockNumber: bigint | Hex; blockHash: Hash },
): Promise<boolean> {
  const block = await client.getBlock({ blockNumber: BigInt(receipt.blockNumber) }).then(
    (found) => found,
    (error: unknown) =>
      (error as { name?: string }).name === "BlockNotFoundError" ? null : ("unknown" as const),
  );
  if (block === "unknown") return true;
  return block?.hash === receipt.blockHash;
}
