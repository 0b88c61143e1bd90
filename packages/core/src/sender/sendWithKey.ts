import { type TransactionEntry, toTransactionEntry } from "../context/TransactionEntry.js";
import { TransactionFailedError } from "../errors/sender.js";
import { parseAddress } from "../input/parseAddress.js";
import { parseAmount } from "../input/parseAmount.js";
import { toFastAccount } from "../signing/toFastAccount.js";
import { parsePrivateKey } from "../wallets/parsePrivateKey.js";
import type { SenderContext } from "./SenderContext.js";

export type SendWithKeyParameters = {
  /** 32-byte hex, with or without 0x. Used for this send only, never stored. */
  privateKey: string;
  to: string;
  /** Decimal ETH. */
  amount: string;
  /** Recorded with the transaction. Default: "sdk". */
  source?: string | undefined;
};

/** The history entry, once confirmed: `status` "confirmed" and the block that included it. */
export type SendWithKeyReturnType = TransactionEntry & { status: "confirmed"; blockNumber: bigint };

/**
 * Sends ETH signed with a private key that is not stored, and waits until the transaction is
 * mined. Recorded in the history like every send. Fails with `TRANSACTION_FAILED` when it reverted
 * or was dropped, and with the input errors of {@link sendFromWallet} plus `INVALID_PRIVATE_KEY`.
 *
 * @example
 * const { hash, blockNumber } = await platform.sender.sendWithKey({ privateKey, to, amount: "1" });
 */
export async function sendWithKey(
  ctx: SenderContext,
  params: SendWithKeyParameters,
): Promise<SendWithKeyReturnType> {
  const { privateKey } = parsePrivateKey(params.privateKey);
  const to = parseAddress(params.to, "to");
  const value = parseAmount(params.amount);
  const account = toFastAccount(privateKey);
  const sent = await ctx.nonceManager(account.address).send({
    account,
    to,
    value,
    source: params.source ?? "sdk",
    signer: async () => account,
  });
  const settled =
    sent.record.status === "pending"
      ? await ctx.watcher.settled(sent.watched)
      : { record: sent.record, reason: sent.record.status };
  const { record, reason } = settled;
  if (record.status !== "confirmed" || record.blockNumber === null) {
    throw new TransactionFailedError(record.hash, reason);
  }
  return { ...toTransactionEntry(record), status: "confirmed", blockNumber: record.blockNumber };
}
