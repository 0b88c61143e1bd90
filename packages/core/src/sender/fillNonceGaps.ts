import type { LocalAccount } from "viem";
import type { TransactionFees } from "../fees/feePolicy.js";
import { TRANSFER_GAS } from "../fees/transferGas.js";
import type { NonceLock } from "./nonceLock.js";
import { queuedRequest } from "./queuedRequest.js";
import { createRecordWriter } from "./RecordWriter.js";
import { announceAccepted, type NonceSender, submitSigned, type Waiting } from "./submitSigned.js";

/** What {@link fillNonceGaps} fills, and with what. */
export type NonceGaps = {
  /** The nonces of the address's transactions still in the pool. */
  pooled: readonly number[];
  /** The fees they were last sent with. */
  pooledFees: readonly TransactionFees[];
  signer: () => Promise<LocalAccount | undefined>;
  /** Runs, under the lock, with the lowest gap that stays unfilled. */
  abandon?: ((lowest: number) => Promise<void>) | undefined;
};

/**
 * Sends a zero-value transfer to self at `nonce`, recorded with source "nonce-gap-filler"; false
 * if the node refused it.
 */
export async function fillGap(
  sender: NonceSender,
  account: LocalAccount,
  nonce: number,
  fees: TransactionFees,
): Promise<boolean> {
  const filler: Waiting = {
    account,
    to: sender.address,
    value: 0n,
    gas: TRANSFER_GAS,
    source: "nonce-gap-filler",
    signer: async () => account,
    attempts: 0,
    resolve() {},
    reject() {},
  };
  const request = queuedRequest(sender.ctx.chain.id, filler, nonce, fees);
  const outcome = await submitSigned(sender, filler, nonce, request, createRecordWriter(sender.ctx.storage));
  if (outcome.accepted) await announceAccepted(sender, outcome);
  return outcome.accepted;
}

/**
 * Under `lock`: fills every gap — a nonce at or above the chain's count, below the highest of
 * `pooled`, not in `pooled` — with {@link fillGap}, priced above every one of `pooledFees` (anvil
 * keeps the pooled ones ready, and would mine them first and drop them as too far ahead). Stops
 * at the first gap it cannot fill (no key at hand, the node refused the filler) and runs `abandon`
 * with it. Resolves with the gaps left unfilled.
 */
export async function fillNonceGaps(
  sender: NonceSender,
  _lock: NonceLock,
  gaps: NonceGaps,
): Promise<number[]> {
  const { pooled, pooledFees, signer, abandon } = gaps;
  const client = sender.ctx.client;
  const [mined, block] = await Promise.all([
    client.getTransactionCount({ address: sender.address, blockTag: "latest" }),
    client.getBlock({ blockTag: "latest" }),
  ]);
  const taken = new Set(pooled);
  const open: number[] = [];
  for (let nonce = mined; nonce < Math.max(...pooled); nonce++) if (!taken.has(nonce)) open.push(nonce);
  if (open.length === 0) return [];
  const account = await signer();
  const unfilled: number[] = [];
  if (!account) unfilled.push(...open);
  else {
    const fees = sender.ctx.fees.outranking(block.baseFeePerGas, pooledFees);
    // Past the first gap that stays, a filler would only wait in the pool behind it (and take a
    // nonce the address's next send needs once the gap is filled).
    for (const [index, nonce] of open.entries()) {
      if (await fillGap(sender, account, nonce, fees)) continue;
      unfilled.push(...open.slice(index));
      break;
    }
  }
  if (unfilled.length > 0) await abandon?.(Math.min(...unfilled));
  return unfilled;
}
