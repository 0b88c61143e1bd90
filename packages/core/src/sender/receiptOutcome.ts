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
