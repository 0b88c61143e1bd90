import { privateKeyToAccount } from "viem/accounts";
import type { PlatformContext } from "../platform/PlatformContext.js";
import type { TransactionWatcher } from "../sender/TransactionWatcher.js";
import { MAX_TRANSACTIONS_PAGE } from "../storage/memoryStorage.js";
import type { TransactionRecord } from "../storage/StorageAdapter.js";

export type ReconcilePendingTransactionsReturnType = {
  confirmed: number;
  failed: number;
  /** Still in the node's pool: followed by the watcher from now on. */
  followed: number;
};

/**
 * Settles the records a previous run left `pending`: a receipt makes them `confirmed` (or `failed`
 * if reverted); a transaction still in the node's pool is followed by the watcher (and replaced if
 * stuck, when its wallet is stored); one the node does not know is marked `failed`. It is not
 * resubmitted: the signed bytes were not kept, and re-signing could take a nonce that has moved on.
 *
 * @example
 * await reconcilePendingTransactions(ctx, watcher); // createPlatform runs this on start
 */
export async function reconcilePendingTransactions(
  ctx: PlatformContext,
  watcher: TransactionWatcher,
): Promise<ReconcilePendingTransactionsReturnType> {
  const result = { confirmed: 0, failed: 0, followed: 0 };
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
    const status = receipt.status === "success" ? "confirmed" : "failed";
    await update(ctx, record.id, { status, blockNumber: receipt.blockNumber });
    result[status]++;
    return;
  }
  const inPool = await ctx.client.getTransaction({ hash: record.hash }).catch(() => undefined);
  if (!inPool) {
    await update(ctx, record.id, { status: "failed" });
    result.failed++;
    return;
  }
  const watched = watcher.watch({
    from: record.from,
    nonce: record.nonce,
    hash: record.hash,
    request: {
      chainId: ctx.chain.id,
      type: "eip1559",
      nonce: record.nonce,
      to: record.to,
      value: record.value,
      gas: inPool.gas,
      maxFeePerGas: inPool.maxFeePerGas ?? inPool.gasPrice ?? 0n,
      maxPriorityFeePerGas: inPool.maxPriorityFeePerGas ?? inPool.gasPrice ?? 0n,
    },
    signer: async () => {
      const wallet = await ctx.storage.wallets.getByAddress(record.from);
      return wallet && privateKeyToAccount(await ctx.keyVault.open(wallet.privateKey, wallet.address));
    },
    sentAt: Date.now(),
  });
  await watcher.attach(watched, record);
  result.followed++;
}

async function update(
  ctx: PlatformContext,
  id: number,
  update: Parameters<PlatformContext["storage"]["transactions"]["update"]>[1],
) {
  const record = await ctx.storage.transactions.update(id, update);
  if (record) ctx.events.emit("transaction", record);
}
