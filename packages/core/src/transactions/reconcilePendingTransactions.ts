import { type Hash, type Hex, parseTransaction, type Transaction } from "viem";
import type { PlatformContext } from "../context/PlatformContext.js";
import { classifyNodeError } from "../sender/classifyNodeError.js";
import { receiptOutcome } from "../sender/receiptOutcome.js";
import type { TransactionWatcher } from "../sender/TransactionWatcher.js";
import type { TransactionRequest } from "../sender/transactionRequest.js";
import { toFastAccount } from "../signing/toFastAccount.js";
import { MAX_TRANSACTIONS_PAGE } from "../storage/memoryStorage.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

export type ReconcilePendingTransactionsReturnType = {
  confirmed: number;
  failed: number;
  /** Still in the node's pool: followed by the watcher from now on. */
  followed: number;
  /**
   * Unknown to the node, and submitted again from the signed bytes of their write-ahead record
   * (the previous run stopped between writing the record and the node taking it); followed too.
   */
  resubmitted: number;
};

/**
 * Settles the records a previous run left `pending`: a receipt makes them `confirmed` (or `failed`
 * if reverted); a transaction still in the node's pool is followed by the watcher (and replaced if
 * stuck, when its wallet is stored). One the node does not know is submitted again from the signed
 * bytes its write-ahead record holds (the previous run may have stopped between the write and the
 * submission) and followed; when the node refuses them (its nonce was used meanwhile) or the record
 * holds none (written by an older release), it is marked `failed`. Re-signing is never tried: a
 * new signature could take a nonce that has moved on.
 *
 * @example
 * await reconcilePendingTransactions(ctx, watcher); // createPlatform runs this on start
 */
export async function reconcilePendingTransactions(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
): Promise<ReconcilePendingTransactionsReturnType> {
  const result = { confirmed: 0, failed: 0, followed: 0, resubmitted: 0 };
  let before: number | undefined;
  for (;;) {
    const page = await ctx.storage.transactions.list({
      limit: MAX_TRANSACTIONS_PAGE,
      status: "pending",
      ...(before === undefined ? {} : { before }),
    });
    if (page.length === 0) break;
    // A few at a time: a long backlog should not flood the node.
    for (let index = 0; index < page.length; index += 16) {
      await Promise.all(page.slice(index, index + 16).map((record) => settle(ctx, watcher, record, result)));
    }
    before = page[page.length - 1]?.id;
  }
  return result;
}

async function settle(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
  record: TransactionRecord,
  result: ReconcilePendingTransactionsReturnType,
) {
  const receipt = await ctx.client.getTransactionReceipt({ hash: record.hash }).catch(() => undefined);
  if (receipt) {
    const { status, blockNumber } = receiptOutcome(receipt);
    await update(ctx, record.id, { status, blockNumber });
    result[status]++;
    return;
  }
  const [inPool, raw] = await Promise.all([
    ctx.client.getTransaction({ hash: record.hash }).catch(() => undefined),
    ctx.storage.transactions.getRawTransaction(record.id),
  ]);
  if (!inPool && !raw) {
    await update(ctx, record.id, { status: "failed" });
    result.failed++;
    return;
  }
  // Followed before any resubmission, so that no block can be missed.
  const watched = watchStoredRecord(ctx, watcher, record, raw, inPool);
  if (!inPool) {
    // Written, then the previous run stopped before the node took it (or the node lost it):
    // submit the very bytes that were recorded.
    const refusal = await ctx.client
      .sendRawTransaction({ serializedTransaction: raw as Hex })
      .then(() => undefined)
      .catch((error: unknown) => (classifyNodeError(error) === "already-known" ? undefined : error));
    if (refusal !== undefined && !(await landed(ctx, record.hash))) {
      watcher.unwatch(watched);
      await update(ctx, record.id, { status: "failed" });
      result.failed++;
      return;
    }
  }
  await watcher.attach(watched, record);
  // Seen in the pool, it may have been mined right after the receipt read above and before the
  // watcher followed it: in a block the watcher's scan had already passed.
  const late = inPool ? await watcher.settleIfMined(watched) : undefined;
  if (late) result[late]++;
  else if (inPool) result.followed++;
  else result.resubmitted++;
}

/**
 * Follows a stored record's transaction with the watcher, from its signed bytes when stored (they
 * are what a resubmission sends) and the unsigned fields a replacement needs: exactly what was
 * signed when the bytes are stored (deployments and calls included), else what the node's pool
 * shows. Its wallet's key, when stored, signs a replacement if it gets stuck.
 */
export function watchStoredRecord(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
  record: TransactionRecord,
  raw: Hex | undefined,
  inPool: Transaction | undefined,
) {
  const signed = raw ? parseTransaction(raw) : undefined;
  const request: TransactionRequest | undefined =
    signed?.type === "eip1559" || signed?.type === "eip7702" || signed?.type === "eip4844"
      ? ({ ...signed, chainId: signed.chainId ?? ctx.chain.id } as TransactionRequest)
      : inPool && {
          chainId: ctx.chain.id,
          type: "eip1559",
          nonce: record.nonce,
          to: record.to,
          value: record.value,
          gas: inPool.gas,
          maxFeePerGas: inPool.maxFeePerGas ?? inPool.gasPrice ?? 0n,
          maxPriorityFeePerGas: inPool.maxPriorityFeePerGas ?? inPool.gasPrice ?? 0n,
        };
  return watcher.watch({
    from: record.from,
    nonce: record.nonce,
    hash: record.hash,
    serialized: raw,
    request,
    signer: async () => {
      const wallet = await ctx.storage.wallets.getByAddress(record.from);
      return wallet && toFastAccount(await ctx.keyVault.open(wallet.privateKey, wallet.address));
    },
    sentAt: Date.now(),
  });
}

/** True when the node has the transaction, mined or pooled (a refusal that raced its landing). */
async function landed(ctx: PlatformContext, hash: Hash) {
  return (await ctx.client.getTransaction({ hash }).catch(() => undefined)) !== undefined;
}

async function update(
  ctx: PlatformContext,
  id: number,
  update: Parameters<PlatformContext["storage"]["transactions"]["update"]>[1],
) {
  const record = await ctx.storage.transactions.update(id, update);
  if (record) ctx.events.emit("transaction", record);
}
