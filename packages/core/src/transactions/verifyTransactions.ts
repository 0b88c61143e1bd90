import type { Address, Hash, PublicClient } from "viem";
import { InvalidQueryError } from "../errors/sender.js";
import type { StorageAdapter, TransactionRecord, TransactionStatus } from "../storage/StorageAdapter.js";
import { MAX_TRANSACTIONS_PAGE } from "../storage/transactionsPageSize.js";

/** What the check reads: the history's storage and a client of the chain (no platform needed). */
export type VerifyTransactionsContext = { storage: StorageAdapter; client: PublicClient };

/** Most records one `verify()` call checks. */
export const MAX_VERIFY_PAGE = 5_000;
/** Records checked when no `limit` is given. */
export const DEFAULT_VERIFY_PAGE = 1_000;
/** Receipts asked for at once. */
const RECEIPT_READS = 16;

export type VerifyTransactionsParameters = {
  /** Records to check, newest first: 1 to {@link MAX_VERIFY_PAGE}. Default {@link DEFAULT_VERIFY_PAGE}. */
  limit?: number | undefined;
  /** Check records with a lower id than this (the previous answer's `nextCursor`). */
  before?: number | undefined;
};

/**
 * What is wrong with one record:
 * - `no-receipt`: called confirmed, but the chain has no receipt for its hash;
 * - `reverted`: called confirmed, but its receipt says it reverted;
 * - `other-block`: called confirmed at a block other than the one its receipt names;
 * - `same-nonce`: another record of the same sender is confirmed at this nonce too;
 * - `mined-but-failed`: called failed, but the chain holds it with status 1.
 */
export type TransactionMismatchKind =
  | "no-receipt"
  | "reverted"
  | "other-block"
  | "same-nonce"
  | "mined-but-failed";

export type TransactionMismatch = {
  id: number;
  hash: Hash;
  from: Address;
  nonce: number;
  status: TransactionStatus;
  /** The block the history names (null when none). */
  blockNumber: bigint | null;
  kind: TransactionMismatchKind;
  /** The chain's side, in words. */
  detail: string;
};

export type VerifyTransactionsReturnType = {
  /** Records looked at (pending ones included; they are not checked). */
  checked: number;
  /** Every record whose status the chain contradicts, in the order checked (newest first). */
  mismatches: TransactionMismatch[];
  /** Pass as `before` to check the next, older page; null once the whole history was checked. */
  nextCursor: number | null;
};

/**
 * Compares one page of the history, newest first, with the chain: every `confirmed` record must
 * have a receipt with status 1 in the block it names, no two records of a sender may be confirmed
 * at one nonce, and no `failed` record may be on chain with status 1. Pending records are left to
 * the watcher. Bounded by `limit`; page through a long history with `before`.
 *
 * Needs no running platform: `verifyTransactions({ storage, client })` checks a storage another
 * process wrote against the chain it sent to.
 *
 * @example
 * let before: number | undefined;
 * do {
 *   const page = await platform.transactions.verify({ before });
 *   for (const m of page.mismatches) console.warn(m.id, m.kind, m.detail);
 *   before = page.nextCursor ?? undefined;
 * } while (before !== undefined);
 */
export async function verifyTransactions(
  ctx: VerifyTransactionsContext,
  params: VerifyTransactionsParameters = {},
): Promise<VerifyTransactionsReturnType> {
  const limit = params.limit ?? DEFAULT_VERIFY_PAGE;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_VERIFY_PAGE) {
    throw new InvalidQueryError(`\`limit\` must be an integer from 1 to ${MAX_VERIFY_PAGE}; got ${limit}.`);
  }
  if (params.before !== undefined && (!Number.isSafeInteger(params.before) || params.before < 1)) {
    throw new InvalidQueryError(`\`before\` must be a positive integer id; got ${params.before}.`);
  }
  const records: TransactionRecord[] = [];
  let cursor = params.before;
  let more = true;
  while (records.length < limit) {
    const want = Math.min(MAX_TRANSACTIONS_PAGE, limit - records.length);
    const page = await ctx.storage.transactions.list({
      limit: want,
      ...(cursor === undefined ? {} : { before: cursor }),
    });
    records.push(...page);
    const last = page.at(-1);
    if (!last || page.length < want) {
      more = false;
      break;
    }
    cursor = last.id;
  }
  // A full page: is there anything older to check?
  if (more && cursor !== undefined) {
    more = (await ctx.storage.transactions.list({ limit: 1, before: cursor })).length > 0;
  }
  const settled = records.filter((record) => record.status !== "pending");
  const receipts = new Map<number, Awaited<ReturnType<typeof readReceipt>>>();
  for (let index = 0; index < settled.length; index += RECEIPT_READS) {
    const group = settled.slice(index, index + RECEIPT_READS);
    const read = await Promise.all(group.map((record) => readReceipt(ctx, record.hash)));
    group.forEach((record, offset) => {
      receipts.set(record.id, read[offset]);
    });
  }

  const mismatches: TransactionMismatch[] = [];
  const confirmedAt = new Map<string, TransactionRecord>();
  for (const record of settled) {
    const receipt = receipts.get(record.id);
    const mismatch = (kind: TransactionMismatchKind, detail: string) =>
      mismatches.push({
        id: record.id,
        hash: record.hash,
        from: record.from,
        nonce: record.nonce,
        status: record.status,
        blockNumber: record.blockNumber,
        kind,
        detail,
      });
    if (record.status === "failed") {
      if (receipt?.status === "success")
        mismatch("mined-but-failed", `the chain holds it with status 1 in block ${receipt.blockNumber}`);
      continue;
    }
    const key = `${record.from.toLowerCase()}:${record.nonce}`;
    const other = confirmedAt.get(key);
    if (other) mismatch("same-nonce", `record ${other.id} is confirmed at nonce ${record.nonce} too`);
    else confirmedAt.set(key, record);
    if (!receipt) mismatch("no-receipt", "the chain has no receipt for this hash");
    else if (receipt.status !== "success")
      mismatch("reverted", `its receipt in block ${receipt.blockNumber} says it reverted`);
    else if (receipt.blockNumber !== record.blockNumber)
      mismatch("other-block", `its receipt is in block ${receipt.blockNumber}`);
  }
  return { checked: records.length, mismatches, nextCursor: more ? (cursor ?? null) : null };
}

async function readReceipt(ctx: VerifyTransactionsContext, hash: Hash) {
  try {
    const receipt = await ctx.client.getTransactionReceipt({ hash });
    return { status: receipt.status, blockNumber: receipt.blockNumber };
  } catch (error) {
    // No receipt is an answer; anything else (node away) is the caller's to hear.
    if ((error as { name?: string }).name === "TransactionReceiptNotFoundError") return undefined;
    throw error;
  }
}
