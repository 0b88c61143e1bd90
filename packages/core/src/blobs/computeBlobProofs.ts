import { blobsToCommitments, blobsToProofs, bytesToHex, type Hex } from "viem";
import { type KzgWorker, kzgWorker } from "./KzgWorker.js";
import { type LoadKzgOptions, loadKzg } from "./loadKzg.js";

export type ComputeBlobProofsParameters = LoadKzgOptions & {
  /** Whole blobs, checked by the caller. */
  blobs: readonly Hex[];
  /** Default: the process's shared KZG worker thread. */
  worker?: KzgWorker | undefined;
};

export type ComputeBlobProofsReturnType = { commitments: Hex[]; proofs: Hex[] };

/**
 * Each blob's KZG commitment and proof, computed in the KZG worker thread so that the event loop
 * stays free (loading the backend takes seconds, each blob's proof a tenth of one or more). Where
 * no worker thread runs, they are computed here, in this thread, with {@link loadKzg}'s backend.
 *
 * @example
 * const { commitments, proofs } = await computeBlobProofs({ blobs: toBlobs({ data }) });
 */
export async function computeBlobProofs(
  params: ComputeBlobProofsParameters,
): Promise<ComputeBlobProofsReturnType> {
  const { blobs, worker = kzgWorker, prefer } = params;
  const computed = await worker.prove(blobs, { prefer });
  if (computed) {
    return {
      commitments: computed.commitments.map((commitment) => bytesToHex(commitment)),
      proofs: computed.proofs.map((proof) => bytesToHex(proof)),
    };
  }
  const kzg = await loadKzg({ prefer });
  const commitments = [...blobsToCommitments({ blobs: [...blobs], kzg })];
  return { commitments, proofs: [...blobsToProofs({ blobs: [...blobs], commitments, kzg })] };
}
