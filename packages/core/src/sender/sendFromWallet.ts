import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import { parseAddress } from "../input/parseAddress.js";
import { parseAmount } from "../input/parseAmount.js";
import { findWallet } from "../wallets/getWallet.js";
import { toStorageError } from "./RecordWriter.js";
import type { SenderContext } from "./SenderContext.js";

export type SendFromWalletParameters = {
  /** Id of a stored wallet. */
  fromWalletId: number;
  /** Recipient; a mixed-case address must carry a valid checksum. */
  to: string;
  /** Decimal ETH, e.g. "0.5". */
  amount: string;
  /** Recorded with the transaction. Default: "sdk". */
  source?: string | undefined;
};

/** The history entry, status "pending". */
export type SendFromWalletReturnType = TransactionEntry;

/**
 * Sends ETH from a stored wallet. Resolves as soon as the node accepted the transaction, with its
 * history entry (status `pending`); the platform's watcher moves it to `confirmed` or `failed` and
 * emits a `transaction` event each time. Input is checked before anything is signed:
 * `INVALID_ADDRESS`, `INVALID_AMOUNT`, `WALLET_NOT_FOUND`, `INSUFFICIENT_FUNDS`.
 *
 * @example
 * const { hash, value, status } = await platform.sender.sendFromWallet({ fromWalletId: 1, to, amount: "0.1" });
 */
export async function sendFromWallet(
  ctx: SenderContext,
  params: SendFromWalletParameters,
): Promise<SendFromWalletReturnType> {
  const to = parseAddress(params.to, "to");
  const value = parseAmount(params.amount);
  // A storage that fails here stops the send before anything is signed: nothing was sent.
  const wallet = await findWallet(ctx, params.fromWalletId).catch((error: unknown) => {
    throw toStorageError(error);
  });
  const account = await ctx.signers.forWallet(wallet);
  const { record } = await ctx.nonceManager(wallet.address).send({
    account,
    to,
    value,
    source: params.source ?? "sdk",
    signer: async () => {
      // Read again for a replacement: the wallet may have been removed meanwhile.
      const current = await ctx.storage.wallets.get(wallet.id);
      return current && ctx.signers.forWallet(current);
    },
  });
  return toTransactionEntry(record);
}
