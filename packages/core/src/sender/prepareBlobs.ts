import {
  bytesToHex,
  type Hex,
  isHex,
  type PublicClient,
  sidecarsToVersionedHashes,
  toBlobSidecars,
} from "viem";
import { computeBlobProofs } from "../blobs/computeBlobProofs.js";
import { InvalidTransactionError } from "../errors/bots.js";
import { ChainUnreachableError } from "../errors/platform.js";
import { TransactionRejectedError } from "../errors/sender.js";
import { blobFee, type FeePolicy } from "../fees/feePolicy.js";
import type { QueuedBlobs } from "./transactionRequest.js";

/** Bytes of one blob: 4,096 field elements of 32 bytes. */
export const BYTES_PER_BLOB = 131_072;

/** Blobs one transaction may carry: EIP-7594 (Osaka) caps it at 6, as Cancun's block limit did. */
export const MAX_BLOBS_PER_TRANSACTION = 6;

export type PrepareBlobsParameters = {
  /** Whole blobs (131,072 bytes each, viem's `toBlobs` makes them from data), as hex or bytes. */
  blobs: unknown;
  /** Default: the fee policy's blob fee ({@link blobFee}) of the node's current blob base fee. */
  maxFeePerBlobGas?: bigint | undefined;
};

/**
 * Everything a blob transaction needs before it gets a nonce: the blobs checked, their KZG
 * commitments and proofs ({@link computeBlobProofs}: in a worker thread, with the native backend,
 * else pure JavaScript), their versioned hashes,
 * and the max fee per blob gas. A node whose chain has no blob transactions (before Cancun: its
 * blocks lack `excessBlobGas` or `parentBeaconBlockRoot`) is refused here with
 * `TRANSACTION_REJECTED`, before any nonce.
 *
 * @example
 * const blobs = await prepareBlobs(ctx, { blobs: toBlobs({ data }) });
 */
export async function prepareBlobs(
  ctx: { client: PublicClient; fees?: Pick<FeePolicy, "blob"> | undefined },
  params: PrepareBlobsParameters,
): Promise<QueuedBlobs> {
  const blobs = parseBlobs(params.blobs);
  if (
    params.maxFeePerBlobGas !== undefined &&
    (typeof params.maxFeePerBlobGas !== "bigint" || params.maxFeePerBlobGas <= 0n)
  ) {
    throw new InvalidTransactionError("`maxFeePerBlobGas` must be a positive bigint (wei).");
  }
  const block = await ctx.client.getBlock({ blockTag: "latest" }).catch((error: unknown) => {
    throw new ChainUnreachableError({ cause: error });
  });
  // Both header fields came with Cancun (EIP-4844, EIP-4788); anvil on an older fork still shows
  // `excessBlobGas`, but not the beacon root.
  const header = block as { excessBlobGas?: bigint | null; parentBeaconBlockRoot?: string | null };
  if (header.excessBlobGas == null || header.parentBeaconBlockRoot == null) {
    throw new TransactionRejectedError(
      "the node's chain has no blob transactions (its blocks predate Cancun, EIP-4844).",
    );
  }
  const maxFeePerBlobGas =
    params.maxFeePerBlobGas ??
    (ctx.fees?.blob ?? blobFee)(
      await ctx.client.getBlobBaseFee().catch((error: unknown) => {
        throw new ChainUnreachableError({ cause: error });
      }),
    );
  // In the KZG worker thread: seconds of work that would otherwise hold every other task.
  const { commitments, proofs } = await computeBlobProofs({ blobs });
  const sidecars = toBlobSidecars({ blobs, commitments, proofs });
  return { sidecars, blobVersionedHashes: sidecarsToVersionedHashes({ sidecars }), maxFeePerBlobGas };
}

function parseBlobs(blobs: unknown): Hex[] {
  if (!Array.isArray(blobs) || blobs.length === 0) {
    throw new InvalidTransactionError("`blobs` must be a non-empty array of blobs (hex or bytes).");
  }
  if (blobs.length > MAX_BLOBS_PER_TRANSACTION) {
    throw new InvalidTransactionError(
      `a transaction carries at most ${MAX_BLOBS_PER_TRANSACTION} blobs (got ${blobs.length}).`,
    );
  }
  return blobs.map((blob: unknown, index) => {
    const hex = blob instanceof Uint8Array ? bytesToHex(blob) : blob;
    if (typeof hex !== "string" || !isHex(hex, { strict: true }) || hex.length !== 2 + 2 * BYTES_PER_BLOB) {
      throw new InvalidTransactionError(
        `blobs[${index}] must be one whole blob of ${BYTES_PER_BLOB} bytes (viem's toBlobs makes them from data).`,
      );
    }
    return hex;
  });
}
